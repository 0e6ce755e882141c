-- The wager stream (docs/decisions/019-wager-stream.md): wager_events (one row per real-money stake
-- call, tx_xid = the writing transaction for the commit horizon) and each consumer's position; the
-- real/bonus split of game rounds and wallet calls. Requires PostgreSQL 13+ (xid8); runs on 15.
CREATE TABLE "wager_consumer_positions" (
	"consumer" text PRIMARY KEY NOT NULL,
	"position" bigint DEFAULT 0 NOT NULL,
	"position_xid" "xid8" DEFAULT '0'::xid8 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wager_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tx_xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"player_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"product" text NOT NULL,
	"kind" text NOT NULL,
	"game_id" bigint,
	"round_ref" text NOT NULL,
	"stake_real_minor" bigint DEFAULT 0 NOT NULL,
	"stake_bonus_minor" bigint DEFAULT 0 NOT NULL,
	"payout_real_minor" bigint DEFAULT 0 NOT NULL,
	"payout_bonus_minor" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wager_events_product_check" CHECK ("wager_events"."product" IN ('casino', 'sport')),
	CONSTRAINT "wager_events_kind_check" CHECK ("wager_events"."kind" IN ('bet', 'win', 'rollback'))
);
--> statement-breakpoint
ALTER TABLE "game_rounds" ADD COLUMN "bet_bonus_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "game_wallet_transactions" ADD COLUMN "bonus_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "wager_events_stream_idx" ON "wager_events" USING btree ("tx_xid","id");--> statement-breakpoint
CREATE INDEX "wager_events_player_idx" ON "wager_events" USING btree ("player_id","id");--> statement-breakpoint
ALTER TABLE "game_rounds" ADD CONSTRAINT "game_rounds_bet_bonus_check" CHECK ("game_rounds"."bet_bonus_minor" >= 0 AND "game_rounds"."bet_bonus_minor" <= "game_rounds"."bet_minor");--> statement-breakpoint
ALTER TABLE "game_wallet_transactions" ADD CONSTRAINT "game_wallet_transactions_bonus_check" CHECK ("game_wallet_transactions"."bonus_minor" >= 0 AND "game_wallet_transactions"."bonus_minor" <= "game_wallet_transactions"."amount_minor");