CREATE TABLE "staff_player_notes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" bigint NOT NULL,
	"staff_id" bigint NOT NULL,
	"staff_username" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_player_notes_body_check" CHECK (char_length("staff_player_notes"."body") BETWEEN 1 AND 2000)
);
--> statement-breakpoint
ALTER TABLE "backoffice_users" DROP CONSTRAINT "backoffice_users_role_check";--> statement-breakpoint
ALTER TABLE "backoffice_users" ADD COLUMN "totp_secret" "bytea";--> statement-breakpoint
ALTER TABLE "backoffice_users" ADD COLUMN "totp_enabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "backoffice_users" ADD COLUMN "totp_last_step" bigint;--> statement-breakpoint
-- The old catch-all `editor` becomes `content` (its only lasting meaning); an admin gives the
-- people who approved withdrawals or read affiliate reports the payments or marketing role.
UPDATE "backoffice_users" SET "role" = 'content' WHERE "role" = 'editor';--> statement-breakpoint
CREATE INDEX "staff_player_notes_player_idx" ON "staff_player_notes" USING btree ("player_id","created_at");--> statement-breakpoint
ALTER TABLE "backoffice_users" ADD CONSTRAINT "backoffice_users_role_check" CHECK ("backoffice_users"."role" IN ('support', 'payments', 'risk', 'marketing', 'content', 'trader', 'admin'));