CREATE TABLE "push_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" bigint,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_events_kind_check" CHECK ("push_events"."kind" ~ '^[a-z][a-z_]{0,31}$')
);
--> statement-breakpoint
CREATE INDEX "push_events_player_idx" ON "push_events" USING btree ("player_id","id");--> statement-breakpoint
CREATE INDEX "push_events_created_idx" ON "push_events" USING btree ("created_at");--> statement-breakpoint
-- A player's balance changed: tell every node at COMMIT (ADR 037). NOTIFY inside the transaction is
-- delivered when it commits and dropped when it rolls back, so a stream never shows a balance that
-- did not happen. The payload carries the account's new balance (player, kind, currency, minor
-- units), so a node holding that player's streams sends it without reading the database.
CREATE FUNCTION push_balance_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('croupier_push', json_build_object('t', 'b', 'p', NEW.player_id::text,
    'k', NEW.name, 'c', NEW.currency, 'v', NEW.balance_minor::text)::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_push_balance
  AFTER UPDATE OF balance_minor ON ledger_accounts
  FOR EACH ROW
  WHEN (NEW.type = 'player' AND NEW.balance_minor IS DISTINCT FROM OLD.balance_minor)
  EXECUTE FUNCTION push_balance_changed();
