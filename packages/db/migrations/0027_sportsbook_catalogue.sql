CREATE TABLE "sb_categories" (
	"key" text PRIMARY KEY NOT NULL,
	"sport_key" text NOT NULL,
	"name_en" text NOT NULL,
	"name_fr" text NOT NULL,
	"country" text
);
--> statement-breakpoint
CREATE TABLE "sb_competitors" (
	"key" text PRIMARY KEY NOT NULL,
	"name_en" text NOT NULL,
	"name_fr" text NOT NULL,
	"country" text
);
--> statement-breakpoint
CREATE TABLE "sb_events" (
	"id" text PRIMARY KEY NOT NULL,
	"sport_key" text NOT NULL,
	"tournament_key" text NOT NULL,
	"home_key" text NOT NULL,
	"away_key" text NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"home_score" integer DEFAULT 0 NOT NULL,
	"away_score" integer DEFAULT 0 NOT NULL,
	"period" text,
	"clock_seconds" integer,
	"score_detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"fixture_ts" bigint NOT NULL,
	"status_ts" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sb_events_status_check" CHECK ("sb_events"."status" IN ('not_started', 'live', 'ended', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "sb_markets" (
	"event_id" text NOT NULL,
	"key" text NOT NULL,
	"status" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"recovery_suspended" boolean DEFAULT false NOT NULL,
	"product" integer NOT NULL,
	"odds_ts" bigint NOT NULL,
	"result_ts" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sb_markets_event_id_key_pk" PRIMARY KEY("event_id","key"),
	CONSTRAINT "sb_markets_status_check" CHECK ("sb_markets"."status" IN ('active', 'suspended', 'deactivated', 'settled', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "sb_outcomes" (
	"event_id" text NOT NULL,
	"market_key" text NOT NULL,
	"key" text NOT NULL,
	"odds_milli" integer NOT NULL,
	"active" boolean NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"result" text,
	"void_factor" text,
	"dead_heat_num" bigint,
	"dead_heat_den" bigint,
	"settled_at" timestamp with time zone,
	"cancelled" boolean DEFAULT false NOT NULL,
	"cancel_start_ts" bigint,
	"cancel_end_ts" bigint,
	"cancelled_at" timestamp with time zone,
	"rolled_back_at" timestamp with time zone,
	"result_version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sb_outcomes_event_id_market_key_key_pk" PRIMARY KEY("event_id","market_key","key"),
	CONSTRAINT "sb_outcomes_odds_check" CHECK ("sb_outcomes"."odds_milli" BETWEEN 1001 AND 1000000),
	CONSTRAINT "sb_outcomes_result_check" CHECK ("sb_outcomes"."result" IS NULL OR "sb_outcomes"."result" IN ('won', 'lost', 'void')),
	CONSTRAINT "sb_outcomes_void_factor_check" CHECK ("sb_outcomes"."void_factor" IS NULL OR "sb_outcomes"."void_factor" IN ('0', '0.5', '1')),
	CONSTRAINT "sb_outcomes_dead_heat_check" CHECK ("sb_outcomes"."dead_heat_num" IS NULL OR ("sb_outcomes"."dead_heat_num" > 0 AND "sb_outcomes"."dead_heat_den" >= "sb_outcomes"."dead_heat_num"))
);
--> statement-breakpoint
CREATE TABLE "sb_producers" (
	"product" integer PRIMARY KEY NOT NULL,
	"last_message_ts" bigint,
	"last_received_at" timestamp with time zone,
	"recovery_request_id" integer,
	"recovery_requested_at" timestamp with time zone,
	"last_request_id" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sb_sports" (
	"key" text PRIMARY KEY NOT NULL,
	"name_en" text NOT NULL,
	"name_fr" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sb_tournaments" (
	"key" text PRIMARY KEY NOT NULL,
	"sport_key" text NOT NULL,
	"category_key" text NOT NULL,
	"name_en" text NOT NULL,
	"name_fr" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sb_events_status_start_idx" ON "sb_events" USING btree ("status","start_time");--> statement-breakpoint
CREATE INDEX "sb_events_tournament_idx" ON "sb_events" USING btree ("tournament_key");--> statement-breakpoint
CREATE INDEX "sb_tournaments_sport_idx" ON "sb_tournaments" USING btree ("sport_key");