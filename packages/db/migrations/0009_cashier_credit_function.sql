-- The common case of a deposit webhook in one statement (one round trip, its own transaction): a
-- verified `payment.succeeded` about a deposit the caller found by its provider payment id. Under
-- the deposit row's lock it re-checks that the row is still that deposit (player, currency, amount,
-- provider payment id), decides the outcome by status exactly as the general path of
-- cashier.service.ts does (already succeeded: ignored; pending, processing, failed, canceled:
-- credited), stores the event with its outcome once (a replayed event id moves nothing and answers
-- `duplicate`), posts the credit through ledger_transfer and marks the deposit succeeded.
--
-- Anything else answers `fallback` with nothing written, and the caller takes the general path. A
-- replayed ledger key with another request hash raises SQLSTATE CRF01, undoing the whole statement;
-- the caller then takes the general path too, which reports that conflict as it always has.
-- The caller (the wallet) builds the ledger arguments as packages/ledger does for the same request.
CREATE FUNCTION cashier_credit_deposit(
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
  v_fresh integer;
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
          p_payload, p_now)
  ON CONFLICT DO NOTHING
  RETURNING 1 INTO v_fresh;

  IF v_fresh IS NULL THEN
    RETURN jsonb_build_object('result', 'duplicate', 'previous', v_row.status);
  END IF;

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
