CREATE TABLE "loyalty_accounts" (
	"player_id" bigint PRIMARY KEY NOT NULL,
	"points" bigint DEFAULT 0 NOT NULL,
	"level_points" bigint DEFAULT 0 NOT NULL,
	"level" integer DEFAULT 1 NOT NULL,
	"character_id" bigint,
	"last_earned_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loyalty_accounts_points_check" CHECK ("loyalty_accounts"."points" >= 0 AND "loyalty_accounts"."level_points" >= 0)
);
--> statement-breakpoint
CREATE TABLE "loyalty_characters" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"image" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loyalty_journal" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"delta" bigint NOT NULL,
	"balance_after" bigint NOT NULL,
	"level_points_after" bigint NOT NULL,
	"event_id" bigint,
	"purchase_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loyalty_journal_kind_check" CHECK ("loyalty_journal"."kind" IN ('earn', 'spend', 'expire')),
	CONSTRAINT "loyalty_journal_balance_check" CHECK ("loyalty_journal"."balance_after" >= 0),
	CONSTRAINT "loyalty_journal_ref_check" CHECK (("loyalty_journal"."kind" = 'earn') = ("loyalty_journal"."event_id" IS NOT NULL) AND ("loyalty_journal"."kind" = 'spend') = ("loyalty_journal"."purchase_id" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "loyalty_levels" (
	"programme_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"threshold" integer NOT NULL,
	"name" jsonb NOT NULL,
	"perks" jsonb NOT NULL,
	"image" text NOT NULL,
	CONSTRAINT "loyalty_levels_programme_id_position_pk" PRIMARY KEY("programme_id","position"),
	CONSTRAINT "loyalty_levels_threshold_check" CHECK ("loyalty_levels"."threshold" >= 0)
);
--> statement-breakpoint
CREATE TABLE "loyalty_notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" bigint NOT NULL,
	"trigger" text NOT NULL,
	"type" text NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"level" integer,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loyalty_notifications_type_check" CHECK ("loyalty_notifications"."type" IN ('credit', 'debit', 'level_up', 'expiry'))
);
--> statement-breakpoint
CREATE TABLE "loyalty_products" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"image" text NOT NULL,
	"kind" text NOT NULL,
	"bonus_template_key" text NOT NULL,
	"price_points" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "loyalty_products_kind_check" CHECK ("loyalty_products"."kind" IN ('bonus', 'free_spins', 'betting_bonus')),
	CONSTRAINT "loyalty_products_price_check" CHECK ("loyalty_products"."price_points" > 0)
);
--> statement-breakpoint
CREATE TABLE "loyalty_programmes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"points_alias" jsonb NOT NULL,
	"expiry_days" integer,
	"downgrade" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loyalty_programmes_downgrade_check" CHECK ("loyalty_programmes"."downgrade" IN ('keep', 'reset')),
	CONSTRAINT "loyalty_programmes_expiry_check" CHECK ("loyalty_programmes"."expiry_days" IS NULL OR "loyalty_programmes"."expiry_days" >= 1)
);
--> statement-breakpoint
CREATE TABLE "loyalty_purchases" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"price_points" integer NOT NULL,
	"request_key" text,
	"bonus_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loyalty_rates" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"programme_id" bigint NOT NULL,
	"product" text NOT NULL,
	"game_type" text,
	"currency" text NOT NULL,
	"points" integer NOT NULL,
	"per_minor" bigint NOT NULL,
	CONSTRAINT "loyalty_rates_product_check" CHECK ("loyalty_rates"."product" IN ('casino', 'sport')),
	CONSTRAINT "loyalty_rates_points_check" CHECK ("loyalty_rates"."points" > 0 AND "loyalty_rates"."per_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "loyalty_accounts" ADD CONSTRAINT "loyalty_accounts_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_accounts" ADD CONSTRAINT "loyalty_accounts_character_id_loyalty_characters_id_fk" FOREIGN KEY ("character_id") REFERENCES "public"."loyalty_characters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_journal" ADD CONSTRAINT "loyalty_journal_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_levels" ADD CONSTRAINT "loyalty_levels_programme_id_loyalty_programmes_id_fk" FOREIGN KEY ("programme_id") REFERENCES "public"."loyalty_programmes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_notifications" ADD CONSTRAINT "loyalty_notifications_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_purchases" ADD CONSTRAINT "loyalty_purchases_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_purchases" ADD CONSTRAINT "loyalty_purchases_product_id_loyalty_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."loyalty_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_rates" ADD CONSTRAINT "loyalty_rates_programme_id_loyalty_programmes_id_fk" FOREIGN KEY ("programme_id") REFERENCES "public"."loyalty_programmes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loyalty_accounts_earned_idx" ON "loyalty_accounts" USING btree ("last_earned_at") WHERE "loyalty_accounts"."points" > 0;--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_characters_key_idx" ON "loyalty_characters" USING btree ("key");--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_journal_event_idx" ON "loyalty_journal" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_journal_purchase_idx" ON "loyalty_journal" USING btree ("purchase_id");--> statement-breakpoint
CREATE INDEX "loyalty_journal_player_idx" ON "loyalty_journal" USING btree ("player_id","id");--> statement-breakpoint
CREATE INDEX "loyalty_notifications_pending_idx" ON "loyalty_notifications" USING btree ("player_id","id") WHERE "loyalty_notifications"."delivered_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_products_key_idx" ON "loyalty_products" USING btree ("key");--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_programmes_key_idx" ON "loyalty_programmes" USING btree ("key");--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_purchases_request_idx" ON "loyalty_purchases" USING btree ("player_id","request_key");--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_rates_idx" ON "loyalty_rates" USING btree ("programme_id","product",coalesce("game_type", ''),"currency");