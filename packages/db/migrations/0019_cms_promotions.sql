CREATE TABLE "cms_promotion_texts" (
	"promotion_id" bigint NOT NULL,
	"locale" text NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"body_html" text NOT NULL,
	"terms_html" text NOT NULL,
	"cta_text" text,
	CONSTRAINT "cms_promotion_texts_promotion_id_locale_pk" PRIMARY KEY("promotion_id","locale"),
	CONSTRAINT "cms_promotion_texts_locale_check" CHECK ("cms_promotion_texts"."locale" ~ '^[a-z]{2}$'),
	CONSTRAINT "cms_promotion_texts_title_check" CHECK (length("cms_promotion_texts"."title") BETWEEN 1 AND 200)
);
--> statement-breakpoint
CREATE TABLE "cms_promotions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"image" text NOT NULL,
	"cta_link" text,
	"cta_offer_id" bigint,
	"cta_promo_code" text,
	"is_published" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cms_promotions_slug_check" CHECK ("cms_promotions"."slug" ~ '^[a-z0-9][a-z0-9-]{0,99}$'),
	CONSTRAINT "cms_promotions_window_check" CHECK ("cms_promotions"."starts_at" IS NULL OR "cms_promotions"."ends_at" IS NULL OR "cms_promotions"."starts_at" < "cms_promotions"."ends_at"),
	CONSTRAINT "cms_promotions_cta_link_check" CHECK ("cms_promotions"."cta_link" IS NULL OR ("cms_promotions"."cta_link" ~ '^/[^/\\]' AND length("cms_promotions"."cta_link") <= 2048) OR "cms_promotions"."cta_link" = '/'),
	CONSTRAINT "cms_promotions_cta_promo_code_check" CHECK ("cms_promotions"."cta_promo_code" IS NULL OR length("cms_promotions"."cta_promo_code") BETWEEN 1 AND 64),
	CONSTRAINT "cms_promotions_one_cta_check" CHECK (num_nonnulls("cms_promotions"."cta_link", "cms_promotions"."cta_offer_id", "cms_promotions"."cta_promo_code") <= 1)
);
--> statement-breakpoint
ALTER TABLE "cms_promotion_texts" ADD CONSTRAINT "cms_promotion_texts_promotion_id_cms_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."cms_promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cms_promotions_slug_key" ON "cms_promotions" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "cms_promotions_priority_idx" ON "cms_promotions" USING btree ("priority");