CREATE TABLE "cashier_deposit_limits" (
	"player_id" bigint NOT NULL,
	"period" text NOT NULL,
	"currency" text NOT NULL,
	"limit_minor" bigint,
	"pending_set" boolean DEFAULT false NOT NULL,
	"pending_minor" bigint,
	"pending_effective_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cashier_deposit_limits_player_id_period_pk" PRIMARY KEY("player_id","period"),
	CONSTRAINT "cashier_deposit_limits_period_check" CHECK ("cashier_deposit_limits"."period" IN ('day', 'week', 'month')),
	CONSTRAINT "cashier_deposit_limits_amount_check" CHECK ("cashier_deposit_limits"."limit_minor" IS NULL OR "cashier_deposit_limits"."limit_minor" > 0),
	CONSTRAINT "cashier_deposit_limits_pending_check" CHECK ("cashier_deposit_limits"."pending_set" = ("cashier_deposit_limits"."pending_effective_at" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "cashier_method_limits" (
	"method" text NOT NULL,
	"currency" text NOT NULL,
	"direction" text NOT NULL,
	"min_minor" bigint NOT NULL,
	"max_minor" bigint NOT NULL,
	"period_max_minor" bigint,
	"period_hours" integer DEFAULT 24 NOT NULL,
	"presets_minor" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	CONSTRAINT "cashier_method_limits_method_currency_direction_pk" PRIMARY KEY("method","currency","direction"),
	CONSTRAINT "cashier_method_limits_direction_check" CHECK ("cashier_method_limits"."direction" IN ('deposit', 'withdrawal')),
	CONSTRAINT "cashier_method_limits_bounds_check" CHECK ("cashier_method_limits"."min_minor" > 0 AND "cashier_method_limits"."max_minor" >= "cashier_method_limits"."min_minor"),
	CONSTRAINT "cashier_method_limits_period_check" CHECK ("cashier_method_limits"."period_hours" BETWEEN 1 AND 8784),
	CONSTRAINT "cashier_method_limits_presets_check" CHECK (cardinality("cashier_method_limits"."presets_minor") <= 12)
);
--> statement-breakpoint
CREATE TABLE "cashier_methods" (
	"sysname" text PRIMARY KEY NOT NULL,
	"provider_method" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "cashier_methods_sysname_check" CHECK ("cashier_methods"."sysname" ~ '^[a-z][a-z0-9_]{0,31}$'),
	CONSTRAINT "cashier_methods_provider_check" CHECK ("cashier_methods"."provider_method" IN ('card', 'bank_transfer'))
);
--> statement-breakpoint
CREATE TABLE "cashier_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"kyc_block_enabled" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cashier_settings_single_row" CHECK ("cashier_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "cashier_transactions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" bigint NOT NULL,
	"type" text NOT NULL,
	"method" text NOT NULL,
	"provider_method" text NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"status" text NOT NULL,
	"requisites" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"campaign_offer_id" integer,
	"request_id" text,
	"request_hash" text,
	"domain" text NOT NULL,
	"provider_payment_id" text,
	"redirect_url" text,
	"refund_payment_id" text,
	"provider_payout_id" text,
	"failure_code" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cashier_transactions_type_check" CHECK ("cashier_transactions"."type" IN ('deposit', 'withdrawal')),
	CONSTRAINT "cashier_transactions_status_check" CHECK (("cashier_transactions"."type" = 'deposit' AND "cashier_transactions"."status" IN ('pending', 'processing', 'succeeded', 'failed', 'canceled'))
        OR ("cashier_transactions"."type" = 'withdrawal' AND "cashier_transactions"."status" IN ('pending', 'approved', 'processing', 'paid', 'failed', 'rejected', 'canceled'))),
	CONSTRAINT "cashier_transactions_amount_check" CHECK ("cashier_transactions"."amount_minor" > 0),
	CONSTRAINT "cashier_transactions_currency_check" CHECK ("cashier_transactions"."currency" ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
CREATE TABLE "cashier_webhook_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"object_id" text NOT NULL,
	"transaction_id" bigint,
	"outcome" text NOT NULL,
	"note" text,
	"event_created" bigint NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_currency_locks" (
	"player_id" bigint PRIMARY KEY NOT NULL,
	"currency" text NOT NULL,
	"reason" text NOT NULL,
	"locked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_currency_locks_currency_check" CHECK ("wallet_currency_locks"."currency" ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
ALTER TABLE "cashier_deposit_limits" ADD CONSTRAINT "cashier_deposit_limits_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashier_method_limits" ADD CONSTRAINT "cashier_method_limits_method_cashier_methods_sysname_fk" FOREIGN KEY ("method") REFERENCES "public"."cashier_methods"("sysname") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashier_transactions" ADD CONSTRAINT "cashier_transactions_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashier_webhook_events" ADD CONSTRAINT "cashier_webhook_events_transaction_id_cashier_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."cashier_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_currency_locks" ADD CONSTRAINT "wallet_currency_locks_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cashier_transactions_player_idx" ON "cashier_transactions" USING btree ("player_id","id");--> statement-breakpoint
CREATE INDEX "cashier_transactions_player_period_idx" ON "cashier_transactions" USING btree ("player_id","type","created_at");--> statement-breakpoint
CREATE INDEX "cashier_transactions_status_idx" ON "cashier_transactions" USING btree ("type","status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "cashier_transactions_payment_key" ON "cashier_transactions" USING btree ("provider_payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cashier_transactions_payout_key" ON "cashier_transactions" USING btree ("provider_payout_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cashier_transactions_request_key" ON "cashier_transactions" USING btree ("player_id","type","request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cashier_transactions_one_pending_withdrawal" ON "cashier_transactions" USING btree ("player_id") WHERE "cashier_transactions"."type" = 'withdrawal' AND "cashier_transactions"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "cashier_webhook_events_transaction_idx" ON "cashier_webhook_events" USING btree ("transaction_id");