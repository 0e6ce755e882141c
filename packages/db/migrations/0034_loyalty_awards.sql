ALTER TABLE "loyalty_journal" DROP CONSTRAINT "loyalty_journal_kind_check";--> statement-breakpoint
ALTER TABLE "loyalty_journal" DROP CONSTRAINT "loyalty_journal_ref_check";--> statement-breakpoint
ALTER TABLE "loyalty_journal" ADD COLUMN "award_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_journal_award_idx" ON "loyalty_journal" USING btree ("award_key");--> statement-breakpoint
ALTER TABLE "loyalty_journal" ADD CONSTRAINT "loyalty_journal_kind_check" CHECK ("loyalty_journal"."kind" IN ('earn', 'spend', 'expire', 'award'));--> statement-breakpoint
ALTER TABLE "loyalty_journal" ADD CONSTRAINT "loyalty_journal_ref_check" CHECK (("loyalty_journal"."kind" = 'earn') = ("loyalty_journal"."event_id" IS NOT NULL) AND ("loyalty_journal"."kind" = 'spend') = ("loyalty_journal"."purchase_id" IS NOT NULL) AND ("loyalty_journal"."kind" = 'award') = ("loyalty_journal"."award_key" IS NOT NULL));