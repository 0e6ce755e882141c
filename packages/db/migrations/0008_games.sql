CREATE TABLE "freespin_packs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" bigint NOT NULL,
	"game_id" bigint NOT NULL,
	"total_count" integer NOT NULL,
	"remaining_count" integer NOT NULL,
	"currency" text NOT NULL,
	"bet_minor" bigint NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"description" jsonb,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "freespin_packs_count_check" CHECK ("freespin_packs"."remaining_count" BETWEEN 0 AND "freespin_packs"."total_count"),
	CONSTRAINT "freespin_packs_bet_check" CHECK ("freespin_packs"."bet_minor" > 0),
	CONSTRAINT "freespin_packs_status_check" CHECK ("freespin_packs"."status" IN ('active', 'used', 'expired', 'canceled'))
);
--> statement-breakpoint
CREATE TABLE "game_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" jsonb NOT NULL,
	"icon" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_category_links" (
	"game_id" bigint NOT NULL,
	"category_id" integer NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "game_category_links_category_id_game_id_pk" PRIMARY KEY("category_id","game_id")
);
--> statement-breakpoint
CREATE TABLE "game_history_exports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"from_at" timestamp with time zone,
	"to_at" timestamp with time zone,
	"csv" text,
	"row_count" integer,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	CONSTRAINT "game_history_exports_status_check" CHECK ("game_history_exports"."status" IN ('pending', 'processing', 'ready', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "game_likes" (
	"player_id" bigint NOT NULL,
	"game_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_likes_player_id_game_id_pk" PRIMARY KEY("player_id","game_id")
);
--> statement-breakpoint
CREATE TABLE "game_providers" (
	"id" serial PRIMARY KEY NOT NULL,
	"sysname" text NOT NULL,
	"name" text NOT NULL,
	"logo_url" text,
	"wallet_provider" text NOT NULL,
	"launch_url" text NOT NULL,
	"game_params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "game_providers_sysname_check" CHECK ("game_providers"."sysname" ~ '^[a-z0-9][a-z0-9_-]{0,63}$')
);
--> statement-breakpoint
CREATE TABLE "game_tags" (
	"game_id" bigint NOT NULL,
	"tag" text NOT NULL,
	CONSTRAINT "game_tags_game_id_tag_pk" PRIMARY KEY("game_id","tag"),
	CONSTRAINT "game_tags_tag_check" CHECK ("game_tags"."tag" ~ '^[a-z0-9][a-z0-9_-]{0,31}$')
);
--> statement-breakpoint
CREATE TABLE "games" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"sysname" text NOT NULL,
	"name" text NOT NULL,
	"provider_id" integer NOT NULL,
	"provider_game_code" text NOT NULL,
	"custom_code" text,
	"type" text NOT NULL,
	"description" jsonb NOT NULL,
	"image_url" text NOT NULL,
	"rtp" text,
	"priority" integer DEFAULT 0 NOT NULL,
	"has_demo" boolean DEFAULT true NOT NULL,
	"can_access_slot_with_zero_balance" boolean DEFAULT false NOT NULL,
	"can_visible_favorite_icon" boolean DEFAULT true NOT NULL,
	"visible_full_screen" boolean DEFAULT true NOT NULL,
	"content_view_type" text DEFAULT 'iframe' NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "games_sysname_check" CHECK ("games"."sysname" ~ '^[a-z0-9][a-z0-9_-]{0,63}$'),
	CONSTRAINT "games_type_check" CHECK ("games"."type" IN ('slot', 'live', 'casino', 'fast'))
);
--> statement-breakpoint
CREATE TABLE "game_rounds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"provider_round_id" text NOT NULL,
	"player_id" bigint NOT NULL,
	"game_id" bigint NOT NULL,
	"session_id" bigint NOT NULL,
	"mode" text NOT NULL,
	"currency" text NOT NULL,
	"bet_minor" bigint DEFAULT 0 NOT NULL,
	"win_minor" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "game_rounds_mode_check" CHECK ("game_rounds"."mode" IN ('real', 'demo')),
	CONSTRAINT "game_rounds_status_check" CHECK ("game_rounds"."status" IN ('open', 'closed', 'rolled_back')),
	CONSTRAINT "game_rounds_amounts_check" CHECK ("game_rounds"."bet_minor" >= 0 AND "game_rounds"."win_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "game_sessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"token_hash" "bytea" NOT NULL,
	"provider" text NOT NULL,
	"player_id" bigint NOT NULL,
	"game_id" bigint NOT NULL,
	"mode" text NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "game_sessions_mode_check" CHECK ("game_sessions"."mode" IN ('real', 'demo'))
);
--> statement-breakpoint
CREATE TABLE "game_wallet_transactions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"provider_tx_id" text NOT NULL,
	"kind" text NOT NULL,
	"round_id" bigint,
	"player_id" bigint,
	"currency" text,
	"amount_minor" bigint DEFAULT 0 NOT NULL,
	"reference_tx_id" text,
	"request_hash" text NOT NULL,
	"response" jsonb NOT NULL,
	"ledger_transaction_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_wallet_transactions_kind_check" CHECK ("game_wallet_transactions"."kind" IN ('bet', 'win', 'rollback', 'tombstone')),
	CONSTRAINT "game_wallet_transactions_amount_check" CHECK ("game_wallet_transactions"."amount_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "rgs_rounds" (
	"id" text PRIMARY KEY NOT NULL,
	"session_id" bigint NOT NULL,
	"player_key" text NOT NULL,
	"game_code" text NOT NULL,
	"engine" text NOT NULL,
	"seed_pair_id" bigint NOT NULL,
	"nonce" integer NOT NULL,
	"bet" jsonb NOT NULL,
	"actions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"state" jsonb NOT NULL,
	"currency" text NOT NULL,
	"stake_minor" bigint DEFAULT 0 NOT NULL,
	"payout_minor" bigint DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "rgs_rounds_status_check" CHECK ("rgs_rounds"."status" IN ('open', 'settling', 'settled', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "rgs_seed_pairs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_key" text NOT NULL,
	"server_seed" text NOT NULL,
	"server_seed_hash" text NOT NULL,
	"client_seed" text NOT NULL,
	"next_nonce" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revealed_at" timestamp with time zone,
	CONSTRAINT "rgs_seed_pairs_status_check" CHECK ("rgs_seed_pairs"."status" IN ('active', 'revealed')),
	CONSTRAINT "rgs_seed_pairs_nonce_check" CHECK ("rgs_seed_pairs"."next_nonce" >= 0)
);
--> statement-breakpoint
CREATE TABLE "rgs_sessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"token_hash" "bytea" NOT NULL,
	"player_key" text NOT NULL,
	"wallet_token" text,
	"game_code" text NOT NULL,
	"mode" text NOT NULL,
	"currency" text NOT NULL,
	"lang" text DEFAULT 'en' NOT NULL,
	"guest_balance_minor" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rgs_sessions_mode_check" CHECK ("rgs_sessions"."mode" IN ('real', 'demo', 'guest')),
	CONSTRAINT "rgs_sessions_guest_balance_check" CHECK (("rgs_sessions"."mode" = 'guest') = ("rgs_sessions"."guest_balance_minor" IS NOT NULL) AND coalesce("rgs_sessions"."guest_balance_minor", 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE "rgs_wallet_calls" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"round_id" text NOT NULL,
	"kind" text NOT NULL,
	"tx_id" text NOT NULL,
	"reference_tx_id" text,
	"amount_minor" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rgs_wallet_calls_kind_check" CHECK ("rgs_wallet_calls"."kind" IN ('bet', 'win', 'rollback')),
	CONSTRAINT "rgs_wallet_calls_status_check" CHECK ("rgs_wallet_calls"."status" IN ('pending', 'done', 'failed')),
	CONSTRAINT "rgs_wallet_calls_amount_check" CHECK ("rgs_wallet_calls"."amount_minor" >= 0)
);
--> statement-breakpoint
ALTER TABLE "freespin_packs" ADD CONSTRAINT "freespin_packs_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freespin_packs" ADD CONSTRAINT "freespin_packs_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_category_links" ADD CONSTRAINT "game_category_links_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_category_links" ADD CONSTRAINT "game_category_links_category_id_game_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."game_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_history_exports" ADD CONSTRAINT "game_history_exports_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_likes" ADD CONSTRAINT "game_likes_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_likes" ADD CONSTRAINT "game_likes_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_tags" ADD CONSTRAINT "game_tags_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_provider_id_game_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."game_providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_rounds" ADD CONSTRAINT "game_rounds_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_rounds" ADD CONSTRAINT "game_rounds_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_rounds" ADD CONSTRAINT "game_rounds_session_id_game_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."game_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_sessions" ADD CONSTRAINT "game_sessions_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_sessions" ADD CONSTRAINT "game_sessions_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_wallet_transactions" ADD CONSTRAINT "game_wallet_transactions_round_id_game_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."game_rounds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_wallet_transactions" ADD CONSTRAINT "game_wallet_transactions_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rgs_rounds" ADD CONSTRAINT "rgs_rounds_session_id_rgs_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."rgs_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rgs_rounds" ADD CONSTRAINT "rgs_rounds_seed_pair_id_rgs_seed_pairs_id_fk" FOREIGN KEY ("seed_pair_id") REFERENCES "public"."rgs_seed_pairs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rgs_wallet_calls" ADD CONSTRAINT "rgs_wallet_calls_round_id_rgs_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."rgs_rounds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "freespin_packs_player_idx" ON "freespin_packs" USING btree ("player_id","status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "game_categories_slug_key" ON "game_categories" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "game_category_links_game_idx" ON "game_category_links" USING btree ("game_id");--> statement-breakpoint
CREATE INDEX "game_history_exports_player_idx" ON "game_history_exports" USING btree ("player_id","id");--> statement-breakpoint
CREATE INDEX "game_history_exports_pending_idx" ON "game_history_exports" USING btree ("id") WHERE "game_history_exports"."status" IN ('pending', 'processing');--> statement-breakpoint
CREATE UNIQUE INDEX "game_providers_sysname_key" ON "game_providers" USING btree ("sysname");--> statement-breakpoint
CREATE INDEX "game_tags_tag_idx" ON "game_tags" USING btree ("tag");--> statement-breakpoint
CREATE UNIQUE INDEX "games_sysname_key" ON "games" USING btree ("sysname");--> statement-breakpoint
CREATE UNIQUE INDEX "games_custom_code_key" ON "games" USING btree ("custom_code");--> statement-breakpoint
CREATE UNIQUE INDEX "games_provider_code_key" ON "games" USING btree ("provider_id","provider_game_code");--> statement-breakpoint
CREATE INDEX "games_priority_idx" ON "games" USING btree ("priority","id");--> statement-breakpoint
CREATE INDEX "games_search_idx" ON "games" USING gin (to_tsvector('simple', "search_text"));--> statement-breakpoint
CREATE UNIQUE INDEX "game_rounds_provider_round_key" ON "game_rounds" USING btree ("provider","provider_round_id");--> statement-breakpoint
CREATE INDEX "game_rounds_player_idx" ON "game_rounds" USING btree ("player_id","id");--> statement-breakpoint
CREATE INDEX "game_rounds_big_wins_idx" ON "game_rounds" USING btree ("closed_at") WHERE "game_rounds"."mode" = 'real' AND "game_rounds"."status" = 'closed' AND "game_rounds"."win_minor" > 0;--> statement-breakpoint
CREATE UNIQUE INDEX "game_sessions_token_key" ON "game_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "game_sessions_player_idx" ON "game_sessions" USING btree ("player_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "game_wallet_transactions_provider_tx_key" ON "game_wallet_transactions" USING btree ("provider","provider_tx_id");--> statement-breakpoint
CREATE INDEX "game_wallet_transactions_round_idx" ON "game_wallet_transactions" USING btree ("round_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rgs_rounds_seed_nonce_key" ON "rgs_rounds" USING btree ("seed_pair_id","nonce");--> statement-breakpoint
CREATE INDEX "rgs_rounds_player_idx" ON "rgs_rounds" USING btree ("player_key","created_at");--> statement-breakpoint
CREATE INDEX "rgs_rounds_settling_idx" ON "rgs_rounds" USING btree ("created_at") WHERE "rgs_rounds"."status" = 'settling';--> statement-breakpoint
CREATE UNIQUE INDEX "rgs_seed_pairs_one_active" ON "rgs_seed_pairs" USING btree ("player_key") WHERE "rgs_seed_pairs"."status" = 'active';--> statement-breakpoint
CREATE INDEX "rgs_seed_pairs_player_idx" ON "rgs_seed_pairs" USING btree ("player_key","id");--> statement-breakpoint
CREATE UNIQUE INDEX "rgs_sessions_token_key" ON "rgs_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "rgs_wallet_calls_tx_key" ON "rgs_wallet_calls" USING btree ("tx_id");--> statement-breakpoint
CREATE INDEX "rgs_wallet_calls_due_idx" ON "rgs_wallet_calls" USING btree ("next_attempt_at") WHERE "rgs_wallet_calls"."status" = 'pending';