-- The push signals leave the money transaction's commit (ADR 044). A transaction that calls
-- pg_notify takes PostgreSQL's global notify-queue lock just before its commit record and keeps it
-- until the commit is flushed, so every ledger commit that changed a player balance was serialised on
-- that lock (ADR 042's measurement). Now the ledger trigger and the events published inside a
-- caller's transaction write a row here instead, in that transaction: it becomes visible exactly
-- when the transaction commits and never exists if it rolls back. A relay on every node (only one at
-- a time, by an advisory lock) takes the committed rows, keeps the newest balance per account, and
-- NOTIFYs them in its own transaction: one notify-queue lock per batch instead of one per money
-- transaction.
--
-- UNLOGGED: no WAL for the money path's extra insert nor the relay's delete. Its rows are lost only
-- when PostgreSQL crashes (the table is emptied at recovery) or fails over to a standby; either ends
-- every node's LISTEN connection, and a node whose listener reconnects catches every stream up (the
-- balances read again, events replayed from push_events), so no committed change goes unseen.
-- Outside the Drizzle table files (drizzle-kit cannot declare an unlogged table): only this migration
-- and push.repository.ts know it.
CREATE UNLOGGED TABLE push_outbox (
  id bigserial PRIMARY KEY,
  -- The ledger account whose balance this row announces (the relay keeps the newest per account);
  -- null for a stored event (push_events), which is always sent.
  account_id bigint,
  -- The push bus message as it goes out on the wire (push-bus.ts, `BusMessage`).
  message text NOT NULL
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION push_balance_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO push_outbox (account_id, message) VALUES (NEW.id, json_build_object('t', 'b',
    'p', NEW.player_id::text, 'k', NEW.name, 'c', NEW.currency, 'v', NEW.balance_minor::text)::text);
  RETURN NULL;
END;
$$;
