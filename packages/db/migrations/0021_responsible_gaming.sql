CREATE TABLE "rg_audit" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" bigint NOT NULL,
	"action" text NOT NULL,
	"kind" text NOT NULL,
	"period" text NOT NULL,
	"currency" text,
	"previous_minor" bigint,
	"requested_minor" bigint,
	"effective_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rg_exclusions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"duration" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rg_exclusions_kind_check" CHECK ("rg_exclusions"."kind" IN ('timeout', 'self_exclusion')),
	CONSTRAINT "rg_exclusions_window_check" CHECK ("rg_exclusions"."ends_at" > "rg_exclusions"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "rg_limits" (
	"player_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"period" text NOT NULL,
	"currency" text NOT NULL,
	"limit_minor" bigint NOT NULL,
	"pending_set" boolean DEFAULT false NOT NULL,
	"pending_minor" bigint,
	"pending_effective_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rg_limits_player_id_kind_period_pk" PRIMARY KEY("player_id","kind","period"),
	CONSTRAINT "rg_limits_kind_check" CHECK ("rg_limits"."kind" IN ('loss', 'wager')),
	CONSTRAINT "rg_limits_period_check" CHECK ("rg_limits"."period" IN ('day', 'week', 'month')),
	CONSTRAINT "rg_limits_amount_check" CHECK ("rg_limits"."limit_minor" > 0),
	CONSTRAINT "rg_limits_pending_amount_check" CHECK ("rg_limits"."pending_minor" IS NULL OR "rg_limits"."pending_minor" > 0),
	CONSTRAINT "rg_limits_pending_check" CHECK ("rg_limits"."pending_set" = ("rg_limits"."pending_effective_at" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "rg_audit" ADD CONSTRAINT "rg_audit_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rg_exclusions" ADD CONSTRAINT "rg_exclusions_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rg_limits" ADD CONSTRAINT "rg_limits_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rg_audit_player_idx" ON "rg_audit" USING btree ("player_id","id");--> statement-breakpoint
CREATE INDEX "rg_exclusions_player_idx" ON "rg_exclusions" USING btree ("player_id","ends_at");--> statement-breakpoint
CREATE INDEX "wager_events_player_time_idx" ON "wager_events" USING btree ("player_id","created_at");