CREATE TABLE "sb_bet_legs" (
	"bet_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"event_id" text NOT NULL,
	"market_key" text NOT NULL,
	"outcome_key" text NOT NULL,
	"sport_key" text NOT NULL,
	"odds_milli" integer NOT NULL,
	"live" boolean NOT NULL,
	"liability_minor" bigint NOT NULL,
	"result" text,
	"void_factor" text,
	"dead_heat_num" bigint,
	"dead_heat_den" bigint,
	"cancelled" boolean DEFAULT false NOT NULL,
	"result_version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sb_bet_legs_bet_id_position_pk" PRIMARY KEY("bet_id","position")
);
--> statement-breakpoint
CREATE TABLE "sb_bets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"request_id" text NOT NULL,
	"request_hash" text NOT NULL,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"free_bet_id" bigint,
	"stake_per_line_minor" bigint NOT NULL,
	"lines" integer NOT NULL,
	"total_stake_minor" bigint NOT NULL,
	"potential_payout_minor" bigint NOT NULL,
	"status" text NOT NULL,
	"payout_minor" bigint,
	"wallet_state" text DEFAULT 'reserving' NOT NULL,
	"settle_version" integer DEFAULT 0 NOT NULL,
	"delivered_version" integer DEFAULT 0 NOT NULL,
	"live" boolean DEFAULT false NOT NULL,
	"placed_at" timestamp with time zone NOT NULL,
	"placed_ts" bigint NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "sb_bets_status_check" CHECK ("sb_bets"."status" IN ('pending', 'open', 'won', 'lost', 'void', 'cashed_out')),
	CONSTRAINT "sb_bets_source_check" CHECK ("sb_bets"."source" IN ('main', 'betting_bonus', 'free_bet')),
	CONSTRAINT "sb_bets_wallet_state_check" CHECK ("sb_bets"."wallet_state" IN ('reserving', 'reserved', 'settled')),
	CONSTRAINT "sb_bets_amounts_check" CHECK ("sb_bets"."stake_per_line_minor" > 0 AND "sb_bets"."lines" > 0 AND "sb_bets"."total_stake_minor" = "sb_bets"."stake_per_line_minor" * "sb_bets"."lines"
        AND "sb_bets"."potential_payout_minor" >= 0 AND ("sb_bets"."payout_minor" IS NULL OR "sb_bets"."payout_minor" >= 0))
);
--> statement-breakpoint
CREATE TABLE "sb_free_bets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"min_odds_milli" integer,
	"expires_at" timestamp with time zone,
	"grant_key" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"used_bet_id" bigint,
	"used_at" timestamp with time zone,
	CONSTRAINT "sb_free_bets_amount_check" CHECK ("sb_free_bets"."amount_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "sb_player_factors" (
	"player_id" bigint PRIMARY KEY NOT NULL,
	"factor_num" bigint NOT NULL,
	"factor_den" bigint NOT NULL,
	CONSTRAINT "sb_player_factors_check" CHECK ("sb_player_factors"."factor_num" >= 0 AND "sb_player_factors"."factor_den" > 0)
);
--> statement-breakpoint
ALTER TABLE "sport_wallet_bets" DROP CONSTRAINT "sport_wallet_bets_funds_check";--> statement-breakpoint
ALTER TABLE "sb_bet_legs" ADD CONSTRAINT "sb_bet_legs_bet_id_sb_bets_id_fk" FOREIGN KEY ("bet_id") REFERENCES "public"."sb_bets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sb_bet_legs_outcome_idx" ON "sb_bet_legs" USING btree ("event_id","market_key","outcome_key");--> statement-breakpoint
CREATE UNIQUE INDEX "sb_bets_request_key" ON "sb_bets" USING btree ("player_id","request_id");--> statement-breakpoint
CREATE INDEX "sb_bets_player_idx" ON "sb_bets" USING btree ("player_id","id");--> statement-breakpoint
CREATE INDEX "sb_bets_due_idx" ON "sb_bets" USING btree ("id") WHERE "sb_bets"."settle_version" > "sb_bets"."delivered_version";--> statement-breakpoint
CREATE UNIQUE INDEX "sb_free_bets_grant_key" ON "sb_free_bets" USING btree ("grant_key");--> statement-breakpoint
CREATE INDEX "sb_free_bets_player_idx" ON "sb_free_bets" USING btree ("player_id","id");--> statement-breakpoint
ALTER TABLE "sport_wallet_bets" ADD CONSTRAINT "sport_wallet_bets_funds_check" CHECK ("sport_wallet_bets"."funds" IN ('main', 'betting_bonus', 'free_bet'));