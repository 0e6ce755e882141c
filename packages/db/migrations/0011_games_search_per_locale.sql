DROP INDEX "games_search_idx";--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "search_text_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "search_text_fr" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "games_search_en_idx" ON "games" USING gin (to_tsvector('simple', "search_text_en"));--> statement-breakpoint
CREATE INDEX "games_search_fr_idx" ON "games" USING gin (to_tsvector('simple', "search_text_fr"));--> statement-breakpoint
ALTER TABLE "games" DROP COLUMN "search_text";