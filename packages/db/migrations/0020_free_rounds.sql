CREATE TABLE "free_round_bets" (
	"bet_transaction_id" bigint PRIMARY KEY NOT NULL,
	"pack_id" bigint NOT NULL,
	"round_id" bigint NOT NULL,
	"stake_minor" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"returned_at" timestamp with time zone,
	CONSTRAINT "free_round_bets_stake_check" CHECK ("free_round_bets"."stake_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "game_rounds" ADD COLUMN "freespin_pack_id" bigint;--> statement-breakpoint
ALTER TABLE "free_round_bets" ADD CONSTRAINT "free_round_bets_bet_transaction_id_game_wallet_transactions_id_fk" FOREIGN KEY ("bet_transaction_id") REFERENCES "public"."game_wallet_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "free_round_bets" ADD CONSTRAINT "free_round_bets_pack_id_freespin_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."freespin_packs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "free_round_bets" ADD CONSTRAINT "free_round_bets_round_id_game_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."game_rounds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "free_round_bets_pack_idx" ON "free_round_bets" USING btree ("pack_id");--> statement-breakpoint
ALTER TABLE "game_rounds" ADD CONSTRAINT "game_rounds_freespin_pack_id_freespin_packs_id_fk" FOREIGN KEY ("freespin_pack_id") REFERENCES "public"."freespin_packs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "game_rounds_freespin_pack_idx" ON "game_rounds" USING btree ("freespin_pack_id") WHERE "game_rounds"."freespin_pack_id" IS NOT NULL AND "game_rounds"."status" = 'open';