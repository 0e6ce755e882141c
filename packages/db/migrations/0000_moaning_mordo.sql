CREATE TABLE "players" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"login" text NOT NULL,
	"locale" text DEFAULT 'en' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "players_status_check" CHECK ("players"."status" IN ('active', 'banned', 'deleted'))
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id_hash" "bytea" PRIMARY KEY NOT NULL,
	"player_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "cms_banner_texts" (
	"banner_id" bigint NOT NULL,
	"locale" text NOT NULL,
	"title" text NOT NULL,
	"text" text NOT NULL,
	"image" text NOT NULL,
	"image_mobile" text,
	"button_text" text,
	CONSTRAINT "cms_banner_texts_banner_id_locale_pk" PRIMARY KEY("banner_id","locale"),
	CONSTRAINT "cms_banner_texts_locale_check" CHECK ("cms_banner_texts"."locale" ~ '^[a-z]{2}$')
);
--> statement-breakpoint
CREATE TABLE "cms_banners" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"position" text NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"link" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cms_banners_position_check" CHECK ("cms_banners"."position" IN ('home_hero', 'home_strip', 'auth', 'menu', 'cashier'))
);
--> statement-breakpoint
CREATE TABLE "cms_custom_codes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"is_enabled" boolean DEFAULT false NOT NULL,
	"position" text DEFAULT 'bodyEnd' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cms_custom_codes_position_check" CHECK ("cms_custom_codes"."position" IN ('head', 'bodyStart', 'bodyEnd'))
);
--> statement-breakpoint
CREATE TABLE "cms_domain_seo" (
	"host" text NOT NULL,
	"locale" text NOT NULL,
	"document" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cms_domain_seo_host_locale_pk" PRIMARY KEY("host","locale"),
	CONSTRAINT "cms_domain_seo_locale_check" CHECK ("cms_domain_seo"."locale" ~ '^[a-z]{2}$')
);
--> statement-breakpoint
CREATE TABLE "cms_domains" (
	"host" text PRIMARY KEY NOT NULL,
	"canonical_url" text,
	"robots_rules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sitemap_url" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cms_domains_host_check" CHECK ("cms_domains"."host" = '*' OR "cms_domains"."host" ~ '^[a-z0-9.-]{1,253}$')
);
--> statement-breakpoint
CREATE TABLE "cms_favicons" (
	"kind" text NOT NULL,
	"size" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cms_favicons_kind_size_pk" PRIMARY KEY("kind","size"),
	CONSTRAINT "cms_favicons_kind_check" CHECK ("cms_favicons"."kind" IN ('png', 'apple_png', 'ico')),
	CONSTRAINT "cms_favicons_size_check" CHECK ("cms_favicons"."size" ~ '^([0-9]{1,4}x[0-9]{1,4}|multi)$')
);
--> statement-breakpoint
CREATE TABLE "cms_home_blocks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"locale" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"document" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cms_home_blocks_locale_check" CHECK ("cms_home_blocks"."locale" ~ '^[a-z]{2}$')
);
--> statement-breakpoint
CREATE TABLE "cms_media" (
	"name" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cms_media_name_check" CHECK ("cms_media"."name" ~ '^[a-z0-9][a-z0-9-]{0,80}\.(svg|png|ico|webp|jpg)$'),
	CONSTRAINT "cms_media_content_type_check" CHECK ("cms_media"."content_type" IN ('image/svg+xml', 'image/png', 'image/x-icon', 'image/webp', 'image/jpeg'))
);
--> statement-breakpoint
CREATE TABLE "cms_pages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"locale" text NOT NULL,
	"title" text NOT NULL,
	"body_html" text NOT NULL,
	"is_published" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cms_pages_locale_check" CHECK ("cms_pages"."locale" ~ '^[a-z]{2}$'),
	CONSTRAINT "cms_pages_slug_check" CHECK ("cms_pages"."slug" ~ '^[a-z0-9][a-z0-9-]{0,99}$')
);
--> statement-breakpoint
CREATE TABLE "cms_redirects" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"from_url" text NOT NULL,
	"to_url" text NOT NULL,
	"status" smallint DEFAULT 302 NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cms_redirects_status_check" CHECK ("cms_redirects"."status" IN (301, 302)),
	CONSTRAINT "cms_redirects_from_url_check" CHECK ("cms_redirects"."from_url" ~ '^/' AND length("cms_redirects"."from_url") <= 1024),
	CONSTRAINT "cms_redirects_to_url_check" CHECK (length("cms_redirects"."to_url") BETWEEN 1 AND 2048)
);
--> statement-breakpoint
CREATE TABLE "cms_seo_pages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"locale" text NOT NULL,
	"document" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cms_seo_pages_locale_check" CHECK ("cms_seo_pages"."locale" ~ '^[a-z]{2}$'),
	CONSTRAINT "cms_seo_pages_url_check" CHECK ("cms_seo_pages"."url" ~ '^/' AND length("cms_seo_pages"."url") <= 2048)
);
--> statement-breakpoint
CREATE TABLE "cms_settings" (
	"locale" text NOT NULL,
	"section" text NOT NULL,
	"document" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cms_settings_locale_section_pk" PRIMARY KEY("locale","section"),
	CONSTRAINT "cms_settings_locale_check" CHECK ("cms_settings"."locale" ~ '^[a-z]{2}$')
);
--> statement-breakpoint
CREATE TABLE "client_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" bigint,
	"name" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "currencies" (
	"code" text PRIMARY KEY NOT NULL,
	"symbol" text NOT NULL,
	"exponent" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "currencies_code_check" CHECK ("currencies"."code" ~ '^[A-Z]{3}$'),
	CONSTRAINT "currencies_exponent_check" CHECK ("currencies"."exponent" BETWEEN 0 AND 4)
);
--> statement-breakpoint
CREATE TABLE "locales" (
	"code" text PRIMARY KEY NOT NULL,
	"language" text NOT NULL,
	"name" text NOT NULL,
	"dir" text DEFAULT 'ltr' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seed_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "player_storage" (
	"player_id" bigint NOT NULL,
	"key" text NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "player_storage_player_id_key_pk" PRIMARY KEY("player_id","key")
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cms_banner_texts" ADD CONSTRAINT "cms_banner_texts_banner_id_cms_banners_id_fk" FOREIGN KEY ("banner_id") REFERENCES "public"."cms_banners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cms_domain_seo" ADD CONSTRAINT "cms_domain_seo_host_cms_domains_host_fk" FOREIGN KEY ("host") REFERENCES "public"."cms_domains"("host") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "player_storage" ADD CONSTRAINT "player_storage_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "players_login_key" ON "players" USING btree (lower("login"));--> statement-breakpoint
CREATE INDEX "sessions_player_idx" ON "sessions" USING btree ("player_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cms_banners_key_key" ON "cms_banners" USING btree ("key");--> statement-breakpoint
CREATE INDEX "cms_banners_position_priority_idx" ON "cms_banners" USING btree ("position","priority");--> statement-breakpoint
CREATE UNIQUE INDEX "cms_custom_codes_name_key" ON "cms_custom_codes" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "cms_home_blocks_key_locale_key" ON "cms_home_blocks" USING btree ("key","locale");--> statement-breakpoint
CREATE UNIQUE INDEX "cms_pages_slug_locale_key" ON "cms_pages" USING btree ("slug","locale");--> statement-breakpoint
CREATE UNIQUE INDEX "cms_redirects_from_url_key" ON "cms_redirects" USING btree ("from_url");--> statement-breakpoint
CREATE UNIQUE INDEX "cms_seo_pages_url_locale_key" ON "cms_seo_pages" USING btree ("url","locale");--> statement-breakpoint
CREATE INDEX "client_events_created_idx" ON "client_events" USING btree ("created_at");