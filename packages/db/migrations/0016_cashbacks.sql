CREATE TABLE "cashback_accrual_events" (
	"accrual_id" bigint NOT NULL,
	"event_id" bigint NOT NULL,
	CONSTRAINT "cashback_accrual_events_accrual_id_event_id_pk" PRIMARY KEY("accrual_id","event_id")
);
--> statement-breakpoint
CREATE TABLE "cashback_accruals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" bigint NOT NULL,
	"programme_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"stake_real_minor" bigint DEFAULT 0 NOT NULL,
	"payout_real_minor" bigint DEFAULT 0 NOT NULL,
	"closed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cashback_programme_amounts" (
	"programme_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"min_payout_minor" bigint NOT NULL,
	"max_payout_minor" bigint NOT NULL,
	CONSTRAINT "cashback_programme_amounts_programme_id_currency_pk" PRIMARY KEY("programme_id","currency"),
	CONSTRAINT "cashback_programme_amounts_currency_check" CHECK ("cashback_programme_amounts"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "cashback_programme_amounts_bounds_check" CHECK ("cashback_programme_amounts"."min_payout_minor" >= 0 AND "cashback_programme_amounts"."max_payout_minor" >= "cashback_programme_amounts"."min_payout_minor" AND "cashback_programme_amounts"."max_payout_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "cashback_programmes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"percent_bp" integer NOT NULL,
	"period" text NOT NULL,
	"claim_days" integer NOT NULL,
	"product" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cashback_programmes_percent_check" CHECK ("cashback_programmes"."percent_bp" BETWEEN 1 AND 10000),
	CONSTRAINT "cashback_programmes_period_check" CHECK ("cashback_programmes"."period" IN ('daily', 'weekly')),
	CONSTRAINT "cashback_programmes_claim_check" CHECK ("cashback_programmes"."claim_days" BETWEEN 1 AND 365),
	CONSTRAINT "cashback_programmes_product_check" CHECK ("cashback_programmes"."product" IS NULL OR "cashback_programmes"."product" IN ('casino', 'sport'))
);
--> statement-breakpoint
CREATE TABLE "cashbacks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" bigint NOT NULL,
	"programme_id" bigint NOT NULL,
	"accrual_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"net_loss_minor" bigint NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"receiving_expired_at" timestamp with time zone NOT NULL,
	"paid_out_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cashbacks_status_check" CHECK ("cashbacks"."status" IN ('active', 'paid_out', 'removed', 'expired')),
	CONSTRAINT "cashbacks_amount_check" CHECK ("cashbacks"."amount_minor" > 0),
	CONSTRAINT "cashbacks_paid_check" CHECK (("cashbacks"."status" = 'paid_out') = ("cashbacks"."paid_out_at" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "cashback_accrual_events" ADD CONSTRAINT "cashback_accrual_events_accrual_id_cashback_accruals_id_fk" FOREIGN KEY ("accrual_id") REFERENCES "public"."cashback_accruals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashback_accruals" ADD CONSTRAINT "cashback_accruals_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashback_accruals" ADD CONSTRAINT "cashback_accruals_programme_id_cashback_programmes_id_fk" FOREIGN KEY ("programme_id") REFERENCES "public"."cashback_programmes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashback_programme_amounts" ADD CONSTRAINT "cashback_programme_amounts_programme_id_cashback_programmes_id_fk" FOREIGN KEY ("programme_id") REFERENCES "public"."cashback_programmes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashbacks" ADD CONSTRAINT "cashbacks_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashbacks" ADD CONSTRAINT "cashbacks_programme_id_cashback_programmes_id_fk" FOREIGN KEY ("programme_id") REFERENCES "public"."cashback_programmes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashbacks" ADD CONSTRAINT "cashbacks_accrual_id_cashback_accruals_id_fk" FOREIGN KEY ("accrual_id") REFERENCES "public"."cashback_accruals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cashback_accruals_period_idx" ON "cashback_accruals" USING btree ("player_id","programme_id","period_start","currency");--> statement-breakpoint
CREATE INDEX "cashback_accruals_open_idx" ON "cashback_accruals" USING btree ("period_end") WHERE "cashback_accruals"."closed_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "cashback_programmes_key_idx" ON "cashback_programmes" USING btree ("key");--> statement-breakpoint
CREATE UNIQUE INDEX "cashbacks_accrual_idx" ON "cashbacks" USING btree ("accrual_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cashbacks_period_idx" ON "cashbacks" USING btree ("player_id","programme_id","period_start","currency");--> statement-breakpoint
CREATE INDEX "cashbacks_player_idx" ON "cashbacks" USING btree ("player_id","period_end");--> statement-breakpoint
CREATE INDEX "cashbacks_active_idx" ON "cashbacks" USING btree ("receiving_expired_at") WHERE "cashbacks"."status" = 'active';