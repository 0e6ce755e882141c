CREATE TABLE "rg_session_settings" (
	"player_id" bigint PRIMARY KEY NOT NULL,
	"limit_minutes" bigint,
	"pending_set" boolean DEFAULT false NOT NULL,
	"pending_minutes" bigint,
	"pending_effective_at" timestamp with time zone,
	"reality_check_minutes" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rg_session_settings_limit_check" CHECK ("rg_session_settings"."limit_minutes" IS NULL OR "rg_session_settings"."limit_minutes" BETWEEN 30 AND 1440),
	CONSTRAINT "rg_session_settings_pending_limit_check" CHECK ("rg_session_settings"."pending_minutes" IS NULL OR "rg_session_settings"."pending_minutes" BETWEEN 30 AND 1440),
	CONSTRAINT "rg_session_settings_pending_check" CHECK ("rg_session_settings"."pending_set" = ("rg_session_settings"."pending_effective_at" IS NOT NULL)),
	CONSTRAINT "rg_session_settings_reality_check" CHECK ("rg_session_settings"."reality_check_minutes" IN (0, 15, 30, 45, 60, 90, 120))
);
--> statement-breakpoint
ALTER TABLE "rg_session_settings" ADD CONSTRAINT "rg_session_settings_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;