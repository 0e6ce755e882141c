CREATE TABLE "sport_wallet_bets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"provider_bet_id" text NOT NULL,
	"player_id" bigint,
	"session_id" bigint,
	"currency" text,
	"status" text NOT NULL,
	"funds" text DEFAULT 'main' NOT NULL,
	"stake_minor" bigint DEFAULT 0 NOT NULL,
	"stake_bonus_minor" bigint DEFAULT 0 NOT NULL,
	"payout_minor" bigint DEFAULT 0 NOT NULL,
	"paid_minor" bigint DEFAULT 0 NOT NULL,
	"paid_bonus_minor" bigint DEFAULT 0 NOT NULL,
	"settlements" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sport_wallet_bets_status_check" CHECK ("sport_wallet_bets"."status" IN ('open', 'settled', 'cancelled')),
	CONSTRAINT "sport_wallet_bets_funds_check" CHECK ("sport_wallet_bets"."funds" IN ('main', 'betting_bonus')),
	CONSTRAINT "sport_wallet_bets_amounts_check" CHECK ("sport_wallet_bets"."stake_minor" >= 0 AND "sport_wallet_bets"."stake_bonus_minor" >= 0 AND "sport_wallet_bets"."stake_bonus_minor" <= "sport_wallet_bets"."stake_minor"
        AND "sport_wallet_bets"."payout_minor" >= 0 AND "sport_wallet_bets"."paid_minor" >= 0 AND "sport_wallet_bets"."paid_bonus_minor" >= 0
        AND "sport_wallet_bets"."paid_bonus_minor" <= "sport_wallet_bets"."paid_minor")
);
--> statement-breakpoint
CREATE TABLE "sport_wallet_calls" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"provider_tx_id" text NOT NULL,
	"action" text NOT NULL,
	"bet_row_id" bigint,
	"player_id" bigint,
	"moved_minor" bigint DEFAULT 0 NOT NULL,
	"request_hash" text NOT NULL,
	"response" jsonb NOT NULL,
	"ledger_transaction_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sport_wallet_calls_action_check" CHECK ("sport_wallet_calls"."action" IN ('sport_reserve', 'sport_settle', 'sport_resettle', 'sport_cancel'))
);
--> statement-breakpoint
ALTER TABLE "sport_wallet_bets" ADD CONSTRAINT "sport_wallet_bets_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sport_wallet_bets" ADD CONSTRAINT "sport_wallet_bets_session_id_game_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."game_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sport_wallet_calls" ADD CONSTRAINT "sport_wallet_calls_bet_row_id_sport_wallet_bets_id_fk" FOREIGN KEY ("bet_row_id") REFERENCES "public"."sport_wallet_bets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sport_wallet_calls" ADD CONSTRAINT "sport_wallet_calls_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sport_wallet_bets_provider_bet_key" ON "sport_wallet_bets" USING btree ("provider","provider_bet_id");--> statement-breakpoint
CREATE INDEX "sport_wallet_bets_player_idx" ON "sport_wallet_bets" USING btree ("player_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "sport_wallet_calls_provider_tx_key" ON "sport_wallet_calls" USING btree ("provider","provider_tx_id");--> statement-breakpoint
CREATE INDEX "sport_wallet_calls_bet_idx" ON "sport_wallet_calls" USING btree ("bet_row_id");