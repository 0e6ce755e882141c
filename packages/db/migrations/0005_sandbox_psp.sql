CREATE TABLE "sandbox_psp_events" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_id" bigint NOT NULL,
	"type" text NOT NULL,
	"object_id" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_psp_idempotency_keys" (
	"merchant_id" bigint NOT NULL,
	"key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"status_code" integer,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_psp_idempotency_keys_merchant_id_key_pk" PRIMARY KEY("merchant_id","key")
);
--> statement-breakpoint
CREATE TABLE "sandbox_psp_merchants" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"api_key_hash" text NOT NULL,
	"webhook_secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_psp_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_id" bigint NOT NULL,
	"merchant_reference" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"method" text NOT NULL,
	"status" text NOT NULL,
	"step" text,
	"failure_code" text,
	"customer_id" text NOT NULL,
	"customer_email" text,
	"payer_iban" text,
	"bank_reference" text,
	"return_url" text NOT NULL,
	"webhook_url" text NOT NULL,
	"card_brand" text,
	"card_last4" text,
	"scheduled_status" text,
	"scheduled_failure_code" text,
	"scheduled_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_psp_payments_amount_check" CHECK ("sandbox_psp_payments"."amount_minor" > 0),
	CONSTRAINT "sandbox_psp_payments_method_check" CHECK ("sandbox_psp_payments"."method" IN ('card', 'bank_transfer')),
	CONSTRAINT "sandbox_psp_payments_status_check" CHECK ("sandbox_psp_payments"."status" IN ('requires_action', 'processing', 'succeeded', 'failed', 'canceled')),
	CONSTRAINT "sandbox_psp_payments_last4_check" CHECK ("sandbox_psp_payments"."card_last4" IS NULL OR "sandbox_psp_payments"."card_last4" ~ '^[0-9]{4}$')
);
--> statement-breakpoint
CREATE TABLE "sandbox_psp_payouts" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_id" bigint NOT NULL,
	"merchant_reference" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"destination_type" text NOT NULL,
	"payment_id" text,
	"iban" text,
	"holder" text,
	"webhook_url" text NOT NULL,
	"status" text NOT NULL,
	"failure_code" text,
	"scheduled_status" text,
	"scheduled_failure_code" text,
	"scheduled_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_psp_payouts_amount_check" CHECK ("sandbox_psp_payouts"."amount_minor" > 0),
	CONSTRAINT "sandbox_psp_payouts_destination_check" CHECK ("sandbox_psp_payouts"."destination_type" IN ('card', 'iban')),
	CONSTRAINT "sandbox_psp_payouts_status_check" CHECK ("sandbox_psp_payouts"."status" IN ('pending', 'paid', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "sandbox_psp_webhook_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"delivery_id" bigint NOT NULL,
	"attempt" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"duration_ms" integer NOT NULL,
	"status_code" integer,
	"error" text,
	"response_excerpt" text
);
--> statement-breakpoint
CREATE TABLE "sandbox_psp_webhook_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"url" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	"last_status_code" integer,
	"last_error" text,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_psp_webhook_deliveries_status_check" CHECK ("sandbox_psp_webhook_deliveries"."status" IN ('pending', 'sending', 'delivered', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "sandbox_psp_events" ADD CONSTRAINT "sandbox_psp_events_merchant_id_sandbox_psp_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."sandbox_psp_merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_psp_idempotency_keys" ADD CONSTRAINT "sandbox_psp_idempotency_keys_merchant_id_sandbox_psp_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."sandbox_psp_merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_psp_payments" ADD CONSTRAINT "sandbox_psp_payments_merchant_id_sandbox_psp_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."sandbox_psp_merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_psp_payouts" ADD CONSTRAINT "sandbox_psp_payouts_merchant_id_sandbox_psp_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."sandbox_psp_merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_psp_payouts" ADD CONSTRAINT "sandbox_psp_payouts_payment_id_sandbox_psp_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."sandbox_psp_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_psp_webhook_attempts" ADD CONSTRAINT "sandbox_psp_webhook_attempts_delivery_id_sandbox_psp_webhook_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."sandbox_psp_webhook_deliveries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_psp_webhook_deliveries" ADD CONSTRAINT "sandbox_psp_webhook_deliveries_event_id_sandbox_psp_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."sandbox_psp_events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sandbox_psp_events_object_idx" ON "sandbox_psp_events" USING btree ("object_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_psp_merchants_name_idx" ON "sandbox_psp_merchants" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_psp_merchants_api_key_idx" ON "sandbox_psp_merchants" USING btree ("api_key_hash");--> statement-breakpoint
CREATE INDEX "sandbox_psp_payments_due_idx" ON "sandbox_psp_payments" USING btree ("scheduled_at") WHERE "sandbox_psp_payments"."scheduled_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "sandbox_psp_payments_created_idx" ON "sandbox_psp_payments" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_psp_payments_bank_reference_idx" ON "sandbox_psp_payments" USING btree ("bank_reference");--> statement-breakpoint
CREATE INDEX "sandbox_psp_payouts_due_idx" ON "sandbox_psp_payouts" USING btree ("scheduled_at") WHERE "sandbox_psp_payouts"."scheduled_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "sandbox_psp_payouts_created_idx" ON "sandbox_psp_payouts" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sandbox_psp_webhook_attempts_delivery_idx" ON "sandbox_psp_webhook_attempts" USING btree ("delivery_id","attempt");--> statement-breakpoint
CREATE INDEX "sandbox_psp_webhook_deliveries_due_idx" ON "sandbox_psp_webhook_deliveries" USING btree ("next_attempt_at") WHERE "sandbox_psp_webhook_deliveries"."status" IN ('pending', 'sending');--> statement-breakpoint
CREATE INDEX "sandbox_psp_webhook_deliveries_event_idx" ON "sandbox_psp_webhook_deliveries" USING btree ("event_id");