CREATE TABLE "backoffice_tokens" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"purpose" text NOT NULL,
	"code_hash" "bytea" NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "backoffice_tokens_purpose_check" CHECK ("backoffice_tokens"."purpose" IN ('reset_password', 'email_confirmation', 'sso'))
);
--> statement-breakpoint
CREATE TABLE "backoffice_users" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text DEFAULT 'editor' NOT NULL,
	"confirmed" boolean DEFAULT false NOT NULL,
	"blocked" boolean DEFAULT false NOT NULL,
	"token_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "backoffice_users_role_check" CHECK ("backoffice_users"."role" IN ('admin', 'editor')),
	CONSTRAINT "backoffice_users_email_lower_check" CHECK ("backoffice_users"."email" = lower("backoffice_users"."email"))
);
--> statement-breakpoint
ALTER TABLE "backoffice_tokens" ADD CONSTRAINT "backoffice_tokens_user_id_backoffice_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."backoffice_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "backoffice_tokens_code_hash_key" ON "backoffice_tokens" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "backoffice_tokens_user_idx" ON "backoffice_tokens" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE UNIQUE INDEX "backoffice_users_email_key" ON "backoffice_users" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "backoffice_users_username_key" ON "backoffice_users" USING btree (lower("username"));