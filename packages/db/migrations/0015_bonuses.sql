CREATE TABLE "bonus_template_amounts" (
	"template_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"cap_minor" bigint,
	"min_deposit_minor" bigint,
	"fixed_minor" bigint,
	"max_win_minor" bigint,
	"max_bet_minor" bigint,
	"spin_bet_minor" bigint,
	CONSTRAINT "bonus_template_amounts_template_id_currency_pk" PRIMARY KEY("template_id","currency"),
	CONSTRAINT "bonus_template_amounts_currency_check" CHECK ("bonus_template_amounts"."currency" ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
CREATE TABLE "bonus_templates" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"kind" text NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"percent" integer,
	"wagering_multiplier" integer NOT NULL,
	"wagering_base" text DEFAULT 'bonus' NOT NULL,
	"contributions" jsonb NOT NULL,
	"game_contributions" jsonb NOT NULL,
	"allowed_game_types" text[] NOT NULL,
	"allowed_games" text[] NOT NULL,
	"activation_days" integer NOT NULL,
	"wagering_days" integer NOT NULL,
	"freespin_game" text,
	"freespin_count" integer,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bonus_templates_kind_check" CHECK ("bonus_templates"."kind" IN ('deposit_match', 'fixed', 'free_spins', 'no_deposit', 'betting')),
	CONSTRAINT "bonus_templates_wagering_check" CHECK ("bonus_templates"."wagering_multiplier" BETWEEN 0 AND 1000),
	CONSTRAINT "bonus_templates_base_check" CHECK ("bonus_templates"."wagering_base" = 'bonus')
);
--> statement-breakpoint
CREATE TABLE "bonus_wager_entries" (
	"bonus_id" bigint NOT NULL,
	"event_id" bigint NOT NULL,
	"round_ref" text NOT NULL,
	"counted_minor" bigint NOT NULL,
	CONSTRAINT "bonus_wager_entries_bonus_id_event_id_pk" PRIMARY KEY("bonus_id","event_id")
);
--> statement-breakpoint
CREATE TABLE "player_bonus_audit" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"bonus_id" bigint NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor" text NOT NULL,
	"reason" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "player_bonuses" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" bigint NOT NULL,
	"template_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"account" text NOT NULL,
	"status" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"deposit_minor" bigint,
	"wagering_required_minor" bigint NOT NULL,
	"wagering_progress_minor" bigint DEFAULT 0 NOT NULL,
	"activations" integer DEFAULT 0 NOT NULL,
	"converted_minor" bigint,
	"forfeited_minor" bigint,
	"grant_key" text NOT NULL,
	"grant_reason" text NOT NULL,
	"activate_by" timestamp with time zone NOT NULL,
	"activated_at" timestamp with time zone,
	"wager_by" timestamp with time zone,
	"freespin_pack_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "player_bonuses_status_check" CHECK ("player_bonuses"."status" IN ('available', 'active', 'wagering', 'completed', 'expired', 'cancelled', 'burned')),
	CONSTRAINT "player_bonuses_account_check" CHECK ("player_bonuses"."account" IN ('bonus', 'betting_bonus')),
	CONSTRAINT "player_bonuses_amount_check" CHECK ("player_bonuses"."amount_minor" >= 0),
	CONSTRAINT "player_bonuses_progress_check" CHECK ("player_bonuses"."wagering_progress_minor" >= 0)
);
--> statement-breakpoint
ALTER TABLE "bonus_template_amounts" ADD CONSTRAINT "bonus_template_amounts_template_id_bonus_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."bonus_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_wager_entries" ADD CONSTRAINT "bonus_wager_entries_bonus_id_player_bonuses_id_fk" FOREIGN KEY ("bonus_id") REFERENCES "public"."player_bonuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_bonus_audit" ADD CONSTRAINT "player_bonus_audit_bonus_id_player_bonuses_id_fk" FOREIGN KEY ("bonus_id") REFERENCES "public"."player_bonuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_bonuses" ADD CONSTRAINT "player_bonuses_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_bonuses" ADD CONSTRAINT "player_bonuses_template_id_bonus_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."bonus_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bonus_templates_key_idx" ON "bonus_templates" USING btree ("key");--> statement-breakpoint
CREATE INDEX "bonus_wager_entries_round_idx" ON "bonus_wager_entries" USING btree ("bonus_id","round_ref");--> statement-breakpoint
CREATE INDEX "player_bonus_audit_bonus_idx" ON "player_bonus_audit" USING btree ("bonus_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "player_bonuses_grant_key_idx" ON "player_bonuses" USING btree ("grant_key");--> statement-breakpoint
CREATE INDEX "player_bonuses_player_idx" ON "player_bonuses" USING btree ("player_id","status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "player_bonuses_one_funded_idx" ON "player_bonuses" USING btree ("player_id","currency","account") WHERE "player_bonuses"."status" IN ('active', 'wagering');--> statement-breakpoint
CREATE INDEX "player_bonuses_due_available_idx" ON "player_bonuses" USING btree ("activate_by") WHERE "player_bonuses"."status" = 'available';--> statement-breakpoint
CREATE INDEX "player_bonuses_due_funded_idx" ON "player_bonuses" USING btree ("wager_by") WHERE "player_bonuses"."status" IN ('active', 'wagering');--> statement-breakpoint
CREATE FUNCTION player_bonus_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'player_bonus_audit is append-only' USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER player_bonus_audit_no_change BEFORE UPDATE OR DELETE ON "player_bonus_audit"
  FOR EACH ROW EXECUTE FUNCTION player_bonus_audit_append_only();
