-- The money path at database speed (ADR 042): one webhook credit wrote about 36 WAL records where
-- pgbench's double-entry transaction writes 7. This migration removes the avoidable ones and keeps
-- every guarantee (unique keys, balance checks, double entry, idempotent replays):
--
-- 1. No index on cashier_transactions names `status` any more, as a column or in a predicate, so a
--    deposit's status change is a HOT update (one WAL record) instead of a new tuple plus one entry
--    in each of the table's seven indexes. The withdrawal queues and the one-pending-withdrawal rule
--    use `withdrawal_status`, a stored generated column that is null for every deposit. Adding it
--    rewrites the table once (ACCESS EXCLUSIVE for the length of the rewrite).
-- 2. ledger_postings loses its two foreign keys: each check locked the referenced account and
--    transaction rows (FOR KEY SHARE, one WAL record each). `ledger_transfer`, the only writer, takes
--    both ids from rows it has just locked or written; rows of ledger_accounts and
--    ledger_transactions can no longer be deleted or truncated (triggers below, as postings already
--    are), and `npm run ledger:check` looks for a posting without its rows.
-- 3. ledger_transfer writes its transaction row once, with its result (it inserted it, then updated
--    it), and without INSERT … ON CONFLICT (a speculative insertion writes one more record):
--    concurrent calls with one key queue on an advisory lock of the key (no WAL) and the later one
--    finds the first one's row and answers the replay, as before.
-- 4. cashier_credit_deposit stores the event with a plain INSERT under the deposit's row lock.
-- 5. Room for in-place updates: fillfactor on the tables whose rows change.
ALTER TABLE "ledger_postings" DROP CONSTRAINT "ledger_postings_transaction_id_ledger_transactions_id_fk";
--> statement-breakpoint
ALTER TABLE "ledger_postings" DROP CONSTRAINT "ledger_postings_account_id_ledger_accounts_id_fk";
--> statement-breakpoint
DROP INDEX "cashier_transactions_status_idx";--> statement-breakpoint
DROP INDEX "cashier_transactions_one_pending_withdrawal";--> statement-breakpoint
ALTER TABLE "cashier_transactions" ADD COLUMN "withdrawal_status" text GENERATED ALWAYS AS (CASE WHEN type = 'withdrawal' THEN status END) STORED;--> statement-breakpoint
CREATE INDEX "cashier_transactions_withdrawal_status_idx" ON "cashier_transactions" USING btree ("withdrawal_status","id") WHERE "cashier_transactions"."withdrawal_status" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "cashier_transactions_one_pending_withdrawal" ON "cashier_transactions" USING btree ("player_id") WHERE "cashier_transactions"."withdrawal_status" = 'pending';
--> statement-breakpoint
ALTER TABLE "cashier_transactions" SET (fillfactor = 85);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" SET (fillfactor = 70);
--> statement-breakpoint
CREATE FUNCTION ledger_refuse_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% rows are never removed (% refused)', TG_TABLE_NAME, TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_no_delete
  BEFORE DELETE ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_delete();
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_no_truncate
  BEFORE TRUNCATE ON ledger_accounts
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_delete();
--> statement-breakpoint
CREATE TRIGGER ledger_transactions_no_delete
  BEFORE DELETE ON ledger_transactions
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_delete();
--> statement-breakpoint
CREATE TRIGGER ledger_transactions_no_truncate
  BEFORE TRUNCATE ON ledger_transactions
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_delete();
--> statement-breakpoint
-- Same contract as 0013 (arguments, answer, the balanced rule checked first, accounts locked in
-- ascending id order); what it writes: the account updates, then the transaction row once with its
-- result, then the postings.
CREATE OR REPLACE FUNCTION ledger_transfer(p_key text, p_hash text, p_kind text, p_metadata jsonb, p_accounts jsonb)
RETURNS jsonb
LANGUAGE plpgsql
AS $$
DECLARE
  v_tx bigint;
  v_existing record;
  v_result jsonb := '{}'::jsonb;
  v_balance bigint;
  v_unbalanced record;
  v_ids bigint[] := '{}';
  v_currencies text[] := '{}';
  v_deltas bigint[] := '{}';
  r record;
BEGIN
  -- Checked first, replay or not: an unbalanced request is a bug in the caller, never a fact.
  -- A missing currency or delta counts as unbalanced (NULL sums are not zero).
  SELECT a.currency, sum(a.delta) AS total INTO v_unbalanced
  FROM jsonb_to_recordset(p_accounts) AS a(currency text, delta numeric)
  GROUP BY a.currency
  HAVING sum(a.delta) IS DISTINCT FROM 0 OR a.currency IS NULL
  LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'ledger_transfer %: postings in % sum to %, not zero',
      p_key, coalesce(v_unbalanced.currency, '(no currency)'), coalesce(v_unbalanced.total::text, 'NULL')
      USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_transfer_balanced';
  END IF;

  -- One call per key at a time, until its transaction ends: a concurrent call with the same key
  -- waits here, then finds the first one's row (each statement of this function reads what has
  -- committed) and answers its replay, as ON CONFLICT's wait did. An advisory lock writes no WAL.
  -- The unique index on idempotency_key still refuses a second row whatever happens (23505).
  PERFORM pg_advisory_xact_lock(hashtextextended(p_key, 72206));
  SELECT id, request_hash, result INTO v_existing FROM ledger_transactions WHERE idempotency_key = p_key;
  IF FOUND THEN
    RETURN jsonb_build_object('replayed', true, 'id', v_existing.id::text, 'hash', v_existing.request_hash,
                              'result', coalesce(v_existing.result, '{}'::jsonb));
  END IF;

  INSERT INTO ledger_accounts (account_key, type, player_id, name, currency, shard, allow_negative)
  SELECT a.key, a.type, a.player_id, a.name, a.currency, a.shard, a.allow_negative
  FROM jsonb_to_recordset(p_accounts) AS a(key text, type text, player_id bigint, name text, currency text,
                                            shard integer, allow_negative boolean)
  ORDER BY a.key
  ON CONFLICT (account_key) DO NOTHING;

  FOR r IN
    SELECT la.id, a.delta, a.currency, a.report
    FROM jsonb_to_recordset(p_accounts) AS a(key text, currency text, delta bigint, report text)
    JOIN ledger_accounts la ON la.account_key = a.key
    WHERE a.delta <> 0
    ORDER BY la.id
  LOOP
    UPDATE ledger_accounts SET balance_minor = balance_minor + r.delta WHERE id = r.id
    RETURNING balance_minor INTO v_balance;
    v_ids := v_ids || r.id;
    v_currencies := v_currencies || r.currency;
    v_deltas := v_deltas || r.delta;
    IF r.report IS NOT NULL THEN
      v_result := v_result || jsonb_build_object(r.report, v_balance::text);
    END IF;
  END LOOP;

  INSERT INTO ledger_transactions (idempotency_key, request_hash, kind, metadata, result)
  VALUES (p_key, p_hash, p_kind, p_metadata, v_result)
  RETURNING id INTO v_tx;

  -- In ascending account id order, as before.
  INSERT INTO ledger_postings (transaction_id, account_id, currency, amount_minor)
  SELECT v_tx, p.account_id, p.currency, p.amount_minor
  FROM unnest(v_ids, v_currencies, v_deltas) WITH ORDINALITY AS p(account_id, currency, amount_minor, n)
  ORDER BY p.n;

  RETURN jsonb_build_object('replayed', false, 'id', v_tx::text, 'result', v_result);
END;
$$;
--> statement-breakpoint
-- Same contract as 0009; the event is stored with a plain INSERT once the deposit's row is locked.
-- A twin delivery of the event queues on that lock and then sees the first one's row (each
-- statement reads what has committed), so it answers `duplicate` without INSERT … ON CONFLICT's
-- speculative insertion (one more WAL record). An event id already stored about another deposit
-- (not something a provider sends) fails the INSERT (23505, the whole statement undone) and the
-- caller takes the general path, which answers it as a replay.
CREATE OR REPLACE FUNCTION cashier_credit_deposit(
  p_transaction_id bigint, p_payment_id text, p_player_id bigint, p_currency text, p_amount_minor bigint,
  p_event_id text, p_event_type text, p_event_created bigint, p_payload jsonb, p_now timestamptz,
  p_key text, p_hash text, p_kind text, p_metadata jsonb, p_accounts jsonb)
RETURNS jsonb
LANGUAGE plpgsql
AS $$
DECLARE
  v_row record;
  v_outcome text;
  v_note text;
  v_ledger jsonb;
BEGIN
  SELECT player_id, type, currency, amount_minor, status, provider_payment_id INTO v_row
  FROM cashier_transactions WHERE id = p_transaction_id
  FOR UPDATE;

  IF NOT FOUND
     OR v_row.type <> 'deposit'
     OR v_row.provider_payment_id IS DISTINCT FROM p_payment_id
     OR v_row.player_id <> p_player_id
     OR v_row.currency <> p_currency
     OR v_row.amount_minor <> p_amount_minor
     OR v_row.status NOT IN ('pending', 'processing', 'succeeded', 'failed', 'canceled') THEN
    RETURN jsonb_build_object('result', 'fallback');
  END IF;

  IF EXISTS (SELECT 1 FROM cashier_webhook_events WHERE event_id = p_event_id) THEN
    RETURN jsonb_build_object('result', 'duplicate', 'previous', v_row.status);
  END IF;

  IF v_row.status = 'succeeded' THEN
    v_outcome := 'ignored';
    v_note := 'already_succeeded';
  ELSE
    v_outcome := 'applied';
    v_note := NULL;
  END IF;

  INSERT INTO cashier_webhook_events
    (event_id, type, object_id, transaction_id, outcome, note, event_created, payload, received_at)
  VALUES (p_event_id, p_event_type, p_payment_id, p_transaction_id, v_outcome, v_note, p_event_created,
          p_payload, p_now);

  IF v_outcome = 'applied' THEN
    v_ledger := ledger_transfer(p_key, p_hash, p_kind, p_metadata, p_accounts);
    IF (v_ledger ->> 'replayed')::boolean AND (v_ledger ->> 'hash') IS DISTINCT FROM p_hash THEN
      RAISE EXCEPTION 'ledger key % was used with other parameters', p_key USING ERRCODE = 'CRF01';
    END IF;
    UPDATE cashier_transactions SET status = 'succeeded', failure_code = NULL, updated_at = p_now
    WHERE id = p_transaction_id;
  END IF;

  RETURN jsonb_build_object('result', v_outcome, 'note', v_note, 'previous', v_row.status,
                            'ledger', v_ledger);
END;
$$;
