CREATE TABLE "fraud_scores" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"fraud_session" text NOT NULL,
	"player_id" bigint,
	"score" integer NOT NULL,
	"provider_ref" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fraud_scores_score_check" CHECK ("fraud_scores"."score" BETWEEN 0 AND 100)
);
--> statement-breakpoint
CREATE TABLE "tracking_attributions" (
	"player_id" bigint PRIMARY KEY NOT NULL,
	"visit_id" bigint NOT NULL,
	"track_id" text,
	"td" text,
	"publisher_id" text,
	"goal_id" text,
	"goal_entry_id" text,
	"link_id" text,
	"clicked_at" timestamp with time zone NOT NULL,
	"registered_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracking_visits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"visit_key" text NOT NULL,
	"track_id" text,
	"td" text,
	"publisher_id" text,
	"goal_id" text,
	"goal_entry_id" text,
	"link_id" text,
	"referer" text,
	"fraud_session" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cashier_transactions" ADD COLUMN "review_hold" text;--> statement-breakpoint
ALTER TABLE "tracking_attributions" ADD CONSTRAINT "tracking_attributions_visit_id_tracking_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."tracking_visits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fraud_scores_player_idx" ON "fraud_scores" USING btree ("player_id","id");--> statement-breakpoint
CREATE INDEX "fraud_scores_session_idx" ON "fraud_scores" USING btree ("fraud_session");--> statement-breakpoint
CREATE INDEX "tracking_attributions_publisher_idx" ON "tracking_attributions" USING btree ("publisher_id","link_id");--> statement-breakpoint
CREATE INDEX "tracking_attributions_registered_idx" ON "tracking_attributions" USING btree ("registered_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tracking_visits_key_idx" ON "tracking_visits" USING btree ("visit_key");--> statement-breakpoint
CREATE INDEX "tracking_visits_created_idx" ON "tracking_visits" USING btree ("created_at");