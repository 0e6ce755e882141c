CREATE TABLE "kyc_applicants" (
	"player_id" bigint PRIMARY KEY NOT NULL,
	"applicant_id" text NOT NULL,
	"status" text DEFAULT 'init' NOT NULL,
	"last_event_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kyc_applicants_status_check" CHECK ("kyc_applicants"."status" IN ('init', 'pending', 'verified', 'retry', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "kyc_webhook_events" (
	"digest" text PRIMARY KEY NOT NULL,
	"applicant_id" text NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_kyc_access_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"applicant_id" text NOT NULL,
	"external_action_id" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_kyc_applicants" (
	"id" text PRIMARY KEY NOT NULL,
	"external_user_id" text NOT NULL,
	"level_name" text NOT NULL,
	"review_status" text DEFAULT 'init' NOT NULL,
	"review_answer" text,
	"review_reject_type" text,
	"planned_answer" text,
	"planned_reject_type" text,
	"review_due_at" timestamp with time zone,
	"submissions" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_kyc_applicants_status_check" CHECK ("sandbox_kyc_applicants"."review_status" IN ('init', 'pending', 'completed'))
);
--> statement-breakpoint
CREATE TABLE "sandbox_kyc_documents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"applicant_id" text NOT NULL,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"content" "bytea" NOT NULL,
	"submission" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_kyc_documents_kind_check" CHECK ("sandbox_kyc_documents"."kind" IN ('IDENTITY', 'SELFIE')),
	CONSTRAINT "sandbox_kyc_documents_size_check" CHECK ("sandbox_kyc_documents"."size_bytes" BETWEEN 1 AND 5242880)
);
--> statement-breakpoint
CREATE TABLE "sandbox_kyc_webhooks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"applicant_id" text NOT NULL,
	"url" text NOT NULL,
	"body" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"lease_until" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"given_up_at" timestamp with time zone,
	"last_status_code" integer,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "kyc_applicants" ADD CONSTRAINT "kyc_applicants_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_kyc_access_tokens" ADD CONSTRAINT "sandbox_kyc_access_tokens_applicant_id_sandbox_kyc_applicants_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."sandbox_kyc_applicants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_kyc_documents" ADD CONSTRAINT "sandbox_kyc_documents_applicant_id_sandbox_kyc_applicants_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."sandbox_kyc_applicants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_kyc_webhooks" ADD CONSTRAINT "sandbox_kyc_webhooks_applicant_id_sandbox_kyc_applicants_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."sandbox_kyc_applicants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "kyc_applicants_applicant_idx" ON "kyc_applicants" USING btree ("applicant_id");--> statement-breakpoint
CREATE INDEX "sandbox_kyc_access_tokens_applicant_idx" ON "sandbox_kyc_access_tokens" USING btree ("applicant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_kyc_applicants_external_user_idx" ON "sandbox_kyc_applicants" USING btree ("external_user_id");--> statement-breakpoint
CREATE INDEX "sandbox_kyc_applicants_review_due_idx" ON "sandbox_kyc_applicants" USING btree ("review_due_at");--> statement-breakpoint
CREATE INDEX "sandbox_kyc_documents_applicant_idx" ON "sandbox_kyc_documents" USING btree ("applicant_id");--> statement-breakpoint
CREATE INDEX "sandbox_kyc_webhooks_due_idx" ON "sandbox_kyc_webhooks" USING btree ("next_attempt_at") WHERE "sandbox_kyc_webhooks"."delivered_at" IS NULL AND "sandbox_kyc_webhooks"."given_up_at" IS NULL;