ALTER TABLE "backoffice_tokens" DROP CONSTRAINT "backoffice_tokens_purpose_check";--> statement-breakpoint
ALTER TABLE "backoffice_users" ALTER COLUMN "role" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "backoffice_users" ALTER COLUMN "role" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "backoffice_tokens" ADD CONSTRAINT "backoffice_tokens_purpose_check" CHECK ("backoffice_tokens"."purpose" IN ('reset_password', 'email_confirmation', 'sso', 'staff_setup'));