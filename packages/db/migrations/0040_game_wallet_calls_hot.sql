-- A game wallet call's row (bet, win, rollback) is claimed by an INSERT and, in the same transaction,
-- given its round, answer and ledger transaction by an UPDATE. round_id was indexed (nothing looked
-- calls up by it), so that update was never HOT: a new heap tuple and an entry in each of the three
-- indexes per call. Without the index no indexed column changes; fillfactor leaves room on the page for
-- the new version (pages written from now on). ADR 062.
DROP INDEX "game_wallet_transactions_round_idx";--> statement-breakpoint
ALTER TABLE "game_wallet_transactions" SET (fillfactor = 80);
