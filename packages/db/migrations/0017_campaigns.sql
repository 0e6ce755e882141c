CREATE TABLE "campaign_offers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"trigger" text NOT NULL,
	"title" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"conditions" jsonb NOT NULL,
	"exclude_methods" text[] NOT NULL,
	"template_ids" bigint[] NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_offers_trigger_check" CHECK ("campaign_offers"."trigger" IN ('deposit', 'registration', 'promo_code', 'action')),
	CONSTRAINT "campaign_offers_window_check" CHECK ("campaign_offers"."ends_at" IS NULL OR "campaign_offers"."ends_at" > "campaign_offers"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "campaign_popups" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"title" jsonb NOT NULL,
	"content" jsonb NOT NULL,
	"offer_id" bigint,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_popups_key_check" CHECK ("campaign_popups"."key" ~ '^[a-z0-9-]{1,64}$'),
	CONSTRAINT "campaign_popups_window_check" CHECK ("campaign_popups"."ends_at" IS NULL OR "campaign_popups"."ends_at" > "campaign_popups"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "campaign_offer_takes" (
	"offer_id" bigint NOT NULL,
	"player_id" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "campaign_offer_takes_offer_id_player_id_pk" PRIMARY KEY("offer_id","player_id")
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"offer_id" bigint NOT NULL,
	"usage_limit" integer NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_code_check" CHECK ("promo_codes"."code" ~ '^[A-Z0-9_-]{3,32}$'),
	CONSTRAINT "promo_codes_used_check" CHECK ("promo_codes"."used" >= 0 AND "promo_codes"."used" <= "promo_codes"."usage_limit"),
	CONSTRAINT "promo_codes_limit_check" CHECK ("promo_codes"."usage_limit" > 0)
);
--> statement-breakpoint
CREATE TABLE "promo_redemptions" (
	"code_id" bigint NOT NULL,
	"player_id" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "promo_redemptions_code_id_player_id_pk" PRIMARY KEY("code_id","player_id")
);
--> statement-breakpoint
ALTER TABLE "campaign_popups" ADD CONSTRAINT "campaign_popups_offer_id_campaign_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."campaign_offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_offer_takes" ADD CONSTRAINT "campaign_offer_takes_offer_id_campaign_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."campaign_offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_offer_takes" ADD CONSTRAINT "campaign_offer_takes_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_offer_id_campaign_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."campaign_offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD CONSTRAINT "promo_redemptions_code_id_promo_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."promo_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD CONSTRAINT "promo_redemptions_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_offers_key_idx" ON "campaign_offers" USING btree ("key");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_popups_key_idx" ON "campaign_popups" USING btree ("key");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_code_idx" ON "promo_codes" USING btree ("code");