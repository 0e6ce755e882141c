CREATE TABLE "kyc_player_blocks" (
	"player_id" bigint PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rg_limit_prompts" (
	"player_id" bigint PRIMARY KEY NOT NULL,
	"answer" text NOT NULL,
	"shown_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rg_exclusions" ADD COLUMN "reopen_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "rg_exclusions" ADD COLUMN "reopens_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "rg_exclusions" ADD COLUMN "end_noticed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "kyc_player_blocks" ADD CONSTRAINT "kyc_player_blocks_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rg_limit_prompts" ADD CONSTRAINT "rg_limit_prompts_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cashier_deposit_limits_pending_idx" ON "cashier_deposit_limits" USING btree ("pending_effective_at") WHERE "cashier_deposit_limits"."pending_set";--> statement-breakpoint
CREATE INDEX "rg_exclusions_end_notice_idx" ON "rg_exclusions" USING btree ("ends_at") WHERE "rg_exclusions"."end_noticed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "rg_limits_pending_idx" ON "rg_limits" USING btree ("pending_effective_at") WHERE "rg_limits"."pending_set";--> statement-breakpoint
-- Exclusions that ended before the cooling-off rule (ADR 029) stay lifted and get no late notice.
UPDATE "rg_exclusions" SET "end_noticed_at" = "ends_at" WHERE "ends_at" <= now();--> statement-breakpoint
UPDATE "rg_exclusions" SET "reopen_requested_at" = "ends_at", "reopens_at" = "ends_at" WHERE "kind" = 'self_exclusion' AND "ends_at" <= now();
