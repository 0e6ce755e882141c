CREATE TABLE "tournament_games" (
	"tournament_id" bigint NOT NULL,
	"game_id" bigint NOT NULL,
	CONSTRAINT "tournament_games_tournament_id_game_id_pk" PRIMARY KEY("tournament_id","game_id")
);
--> statement-breakpoint
CREATE TABLE "tournament_participants" (
	"tournament_id" bigint NOT NULL,
	"player_id" bigint NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	"counts_from" timestamp with time zone NOT NULL,
	"score" bigint DEFAULT 0 NOT NULL,
	"reached_at" timestamp with time zone NOT NULL,
	"final_rank" integer,
	CONSTRAINT "tournament_participants_tournament_id_player_id_pk" PRIMARY KEY("tournament_id","player_id"),
	CONSTRAINT "tournament_participants_score_check" CHECK ("tournament_participants"."score" >= 0)
);
--> statement-breakpoint
CREATE TABLE "tournament_prizes" (
	"tournament_id" bigint NOT NULL,
	"player_id" bigint NOT NULL,
	"rank" integer NOT NULL,
	"kind" text NOT NULL,
	"amount_minor" bigint,
	"points" integer,
	"bonus_id" bigint,
	"paid_at" timestamp with time zone NOT NULL,
	CONSTRAINT "tournament_prizes_tournament_id_player_id_pk" PRIMARY KEY("tournament_id","player_id")
);
--> statement-breakpoint
CREATE TABLE "tournament_scored_events" (
	"tournament_id" bigint NOT NULL,
	"event_id" bigint NOT NULL,
	"player_id" bigint NOT NULL,
	"round_ref" text NOT NULL,
	"stake_minor" bigint NOT NULL,
	"points" bigint NOT NULL,
	CONSTRAINT "tournament_scored_events_tournament_id_event_id_pk" PRIMARY KEY("tournament_id","event_id")
);
--> statement-breakpoint
CREATE TABLE "tournaments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"series" text NOT NULL,
	"occurrence" integer DEFAULT 1 NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"image_url" text DEFAULT '' NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"recur_days" integer,
	"currency" text NOT NULL,
	"scoring" text NOT NULL,
	"points_per_bet" integer,
	"min_stake_minor" bigint,
	"entry" text NOT NULL,
	"buy_in_minor" bigint,
	"max_participants" integer,
	"reset_on_cashout" boolean DEFAULT false NOT NULL,
	"prizes" jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"finalized_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tournaments_currency_check" CHECK ("tournaments"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "tournaments_window_check" CHECK ("tournaments"."ends_at" > "tournaments"."starts_at"),
	CONSTRAINT "tournaments_scoring_check" CHECK ("tournaments"."scoring" IN ('total_bet', 'total_win', 'biggest_multiplier', 'points_per_bet')),
	CONSTRAINT "tournaments_points_check" CHECK (("tournaments"."scoring" = 'points_per_bet') = ("tournaments"."points_per_bet" IS NOT NULL) AND ("tournaments"."points_per_bet" IS NULL OR "tournaments"."points_per_bet" > 0)),
	CONSTRAINT "tournaments_entry_check" CHECK ("tournaments"."entry" IN ('opt_in', 'automatic', 'buy_in')),
	CONSTRAINT "tournaments_buy_in_check" CHECK (("tournaments"."entry" = 'buy_in') = ("tournaments"."buy_in_minor" IS NOT NULL) AND ("tournaments"."buy_in_minor" IS NULL OR "tournaments"."buy_in_minor" > 0)),
	CONSTRAINT "tournaments_recur_check" CHECK ("tournaments"."recur_days" IS NULL OR "tournaments"."recur_days" >= 1)
);
--> statement-breakpoint
ALTER TABLE "tournament_games" ADD CONSTRAINT "tournament_games_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_participants" ADD CONSTRAINT "tournament_participants_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_prizes" ADD CONSTRAINT "tournament_prizes_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_scored_events" ADD CONSTRAINT "tournament_scored_events_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tournament_games_game_idx" ON "tournament_games" USING btree ("game_id");--> statement-breakpoint
CREATE INDEX "tournament_participants_board_idx" ON "tournament_participants" USING btree ("tournament_id","score" DESC NULLS LAST,"reached_at","player_id");--> statement-breakpoint
CREATE INDEX "tournament_scored_events_round_idx" ON "tournament_scored_events" USING btree ("tournament_id","player_id","round_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "tournaments_key_idx" ON "tournaments" USING btree ("key");--> statement-breakpoint
CREATE UNIQUE INDEX "tournaments_series_occurrence_idx" ON "tournaments" USING btree ("series","occurrence");--> statement-breakpoint
CREATE INDEX "tournaments_ends_idx" ON "tournaments" USING btree ("ends_at");