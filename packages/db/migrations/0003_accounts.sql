CREATE TABLE "contact_confirmation_codes" (
	"contact_id" bigint PRIMARY KEY NOT NULL,
	"code_hash" "bytea" NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "currency_rates" (
	"base" text NOT NULL,
	"quote" text NOT NULL,
	"rate" numeric(30, 12) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "currency_rates_base_quote_pk" PRIMARY KEY("base","quote"),
	CONSTRAINT "currency_rates_rate_check" CHECK ("currency_rates"."rate" > 0)
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"token_hash" "bytea" PRIMARY KEY NOT NULL,
	"player_id" bigint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "player_contacts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" bigint NOT NULL,
	"type" text NOT NULL,
	"value" text NOT NULL,
	"phone_country_code" text,
	"is_login" boolean DEFAULT false NOT NULL,
	"confirmed_at" timestamp with time zone,
	"subscribed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "player_contacts_type_check" CHECK ("player_contacts"."type" IN ('email', 'phone'))
);
--> statement-breakpoint
CREATE TABLE "player_documents" (
	"player_id" bigint NOT NULL,
	"type" text NOT NULL,
	"number" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "player_documents_player_id_type_pk" PRIMARY KEY("player_id","type")
);
--> statement-breakpoint
CREATE TABLE "player_identities" (
	"provider" text NOT NULL,
	"subject" text NOT NULL,
	"player_id" bigint NOT NULL,
	"email" text,
	"username" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "player_identities_provider_subject_pk" PRIMARY KEY("provider","subject")
);
--> statement-breakpoint
CREATE TABLE "player_profiles" (
	"player_id" bigint PRIMARY KEY NOT NULL,
	"first_name" text,
	"last_name" text,
	"sex" smallint DEFAULT 0 NOT NULL,
	"birth_date" date,
	"country" text,
	"region" text,
	"home_town" text,
	"address" text,
	"postcode" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "player_profiles_sex_check" CHECK ("player_profiles"."sex" BETWEEN 0 AND 2)
);
--> statement-breakpoint
CREATE TABLE "notification_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text,
	"text" text NOT NULL,
	"html" text,
	"locale" text DEFAULT 'en' NOT NULL,
	"meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"transport" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "notification_outbox_channel_check" CHECK ("notification_outbox"."channel" IN ('email', 'sms')),
	CONSTRAINT "notification_outbox_status_check" CHECK ("notification_outbox"."status" IN ('pending', 'sending', 'sent', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "login_type" text DEFAULT 'email' NOT NULL;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "password_hash" text;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "password_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "currency" text;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "fakename" text;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "country_code" text;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "is_registration_completed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "promo_code" text;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "character_id" integer;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "terms_accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "mark_betting" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "two_factor_secret" "bytea";--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "two_factor_pending_secret" "bytea";--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "two_factor_enabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "two_factor_last_step" bigint;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "status_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_confirmation_codes" ADD CONSTRAINT "contact_confirmation_codes_contact_id_player_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."player_contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_contacts" ADD CONSTRAINT "player_contacts_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_documents" ADD CONSTRAINT "player_documents_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_identities" ADD CONSTRAINT "player_identities_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_profiles" ADD CONSTRAINT "player_profiles_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "password_reset_tokens_player_idx" ON "password_reset_tokens" USING btree ("player_id");--> statement-breakpoint
CREATE UNIQUE INDEX "player_contacts_player_value_key" ON "player_contacts" USING btree ("player_id","type","value");--> statement-breakpoint
CREATE UNIQUE INDEX "player_contacts_confirmed_key" ON "player_contacts" USING btree ("type","value") WHERE "player_contacts"."confirmed_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "player_contacts_value_idx" ON "player_contacts" USING btree ("type","value");--> statement-breakpoint
CREATE INDEX "player_identities_player_idx" ON "player_identities" USING btree ("player_id");--> statement-breakpoint
CREATE INDEX "notification_outbox_due_idx" ON "notification_outbox" USING btree ("next_attempt_at") WHERE "notification_outbox"."status" IN ('pending', 'sending');--> statement-breakpoint
CREATE INDEX "notification_outbox_recipient_idx" ON "notification_outbox" USING btree ("recipient","created_at");--> statement-breakpoint
ALTER TABLE "players" ADD CONSTRAINT "players_login_type_check" CHECK ("players"."login_type" IN ('email', 'phone', 'external'));--> statement-breakpoint
ALTER TABLE "players" ADD CONSTRAINT "players_currency_check" CHECK ("players"."currency" ~ '^[A-Z]{3}$');--> statement-breakpoint
ALTER TABLE "players" ADD CONSTRAINT "players_country_code_check" CHECK ("players"."country_code" ~ '^[A-Z]{2}$');