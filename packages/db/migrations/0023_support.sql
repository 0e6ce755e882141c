CREATE TABLE "player_notices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"link" text,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_chat_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" bigint NOT NULL,
	"channel_id" text NOT NULL,
	"conversation_id" text NOT NULL,
	"text" text NOT NULL,
	"event" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_feedback" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" bigint,
	"reply_to" text NOT NULL,
	"category" text NOT NULL,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"locale" text NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "player_notices" ADD CONSTRAINT "player_notices_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_chat_events" ADD CONSTRAINT "support_chat_events_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_feedback" ADD CONSTRAINT "support_feedback_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "player_notices_player_idx" ON "player_notices" USING btree ("player_id","id");--> statement-breakpoint
CREATE INDEX "support_chat_events_player_idx" ON "support_chat_events" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE INDEX "support_feedback_created_idx" ON "support_feedback" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "support_feedback_player_idx" ON "support_feedback" USING btree ("player_id");