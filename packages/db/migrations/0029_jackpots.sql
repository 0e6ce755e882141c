CREATE TABLE "jackpot_contributions" (
	"jackpot_id" bigint NOT NULL,
	"event_id" bigint NOT NULL,
	"cycle" integer NOT NULL,
	"stake_minor" bigint NOT NULL,
	"contribution_minor" bigint NOT NULL,
	CONSTRAINT "jackpot_contributions_jackpot_id_event_id_pk" PRIMARY KEY("jackpot_id","event_id")
);
--> statement-breakpoint
CREATE TABLE "jackpot_cycles" (
	"jackpot_id" bigint NOT NULL,
	"cycle" integer NOT NULL,
	"server_seed" text NOT NULL,
	"commitment" text NOT NULL,
	"start_minor" bigint NOT NULL,
	"drop_point_minor" bigint NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"won_at" timestamp with time zone,
	"winner_player_id" bigint,
	"win_minor" bigint,
	"win_event_id" bigint,
	"win_game_id" bigint,
	CONSTRAINT "jackpot_cycles_jackpot_id_cycle_pk" PRIMARY KEY("jackpot_id","cycle"),
	CONSTRAINT "jackpot_cycles_won_check" CHECK (("jackpot_cycles"."won_at" IS NULL) = ("jackpot_cycles"."win_minor" IS NULL) AND ("jackpot_cycles"."won_at" IS NULL) = ("jackpot_cycles"."winner_player_id" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "jackpot_games" (
	"jackpot_id" bigint NOT NULL,
	"game_id" bigint NOT NULL,
	CONSTRAINT "jackpot_games_jackpot_id_game_id_pk" PRIMARY KEY("jackpot_id","game_id")
);
--> statement-breakpoint
CREATE TABLE "jackpots" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"name" jsonb NOT NULL,
	"currency" text NOT NULL,
	"contribution_bp" integer NOT NULL,
	"reserve_bp" integer NOT NULL,
	"seed_minor" bigint NOT NULL,
	"ceiling_minor" bigint NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"cycle" integer DEFAULT 1 NOT NULL,
	"current_minor" bigint NOT NULL,
	"carry" bigint DEFAULT 0 NOT NULL,
	"contributed_minor" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jackpots_currency_check" CHECK ("jackpots"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "jackpots_contribution_check" CHECK ("jackpots"."contribution_bp" BETWEEN 1 AND 10000),
	CONSTRAINT "jackpots_reserve_check" CHECK ("jackpots"."reserve_bp" BETWEEN 0 AND 9999),
	CONSTRAINT "jackpots_bounds_check" CHECK ("jackpots"."seed_minor" > 0 AND "jackpots"."ceiling_minor" > "jackpots"."seed_minor"),
	CONSTRAINT "jackpots_current_check" CHECK ("jackpots"."current_minor" >= 0 AND "jackpots"."current_minor" <= "jackpots"."ceiling_minor")
);
--> statement-breakpoint
ALTER TABLE "jackpot_contributions" ADD CONSTRAINT "jackpot_contributions_jackpot_id_jackpots_id_fk" FOREIGN KEY ("jackpot_id") REFERENCES "public"."jackpots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jackpot_cycles" ADD CONSTRAINT "jackpot_cycles_jackpot_id_jackpots_id_fk" FOREIGN KEY ("jackpot_id") REFERENCES "public"."jackpots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jackpot_games" ADD CONSTRAINT "jackpot_games_jackpot_id_jackpots_id_fk" FOREIGN KEY ("jackpot_id") REFERENCES "public"."jackpots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jackpot_cycles_won_idx" ON "jackpot_cycles" USING btree ("won_at") WHERE "jackpot_cycles"."won_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "jackpot_games_game_idx" ON "jackpot_games" USING btree ("game_id");--> statement-breakpoint
CREATE UNIQUE INDEX "jackpots_key_idx" ON "jackpots" USING btree ("key");