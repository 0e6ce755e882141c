-- A deposit webhook's credit in ONE round trip (ADR 069). The webhook named the deposit's player in
-- the event (`data.customer.id`, echoed by the provider as it was sent), so the caller no longer
-- reads the deposit first to learn whose it is: this function finds the deposit by the provider's
-- payment id under its row lock and checks everything the caller's read used to check (a deposit,
-- that player, the event's currency and amount, no deposit offer or sign-up promo code waiting for
-- the credit, whose jobs only the general path enqueues). The rest is 0035's function: the outcome
-- by status, the event stored once, the ledger credit, the deposit marked succeeded.
--
-- The player named by the event is a claim, not an authority: the ledger arguments the caller built
-- for it are used only if the locked row belongs to that player. Anything that does not match
-- answers `fallback` with nothing written, and the caller takes the general path.
--
-- A new overload (14 arguments): 0035's (15, by transaction id) stays for nodes still running the
-- previous code during a rolling deploy; nothing here calls it any more.
CREATE FUNCTION cashier_credit_deposit(
  p_payment_id text, p_player_id bigint, p_currency text, p_amount_minor bigint,
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
  SELECT id, player_id, type, currency, amount_minor, status, campaign_offer_id, sign_up_code INTO v_row
  FROM cashier_transactions WHERE provider_payment_id = p_payment_id
  FOR UPDATE;

  IF NOT FOUND
     OR v_row.type <> 'deposit'
     OR v_row.player_id <> p_player_id
     OR v_row.currency <> p_currency
     OR v_row.amount_minor <> p_amount_minor
     OR v_row.status NOT IN ('pending', 'processing', 'succeeded', 'failed', 'canceled')
     OR coalesce(v_row.campaign_offer_id, 0) > 0
     OR v_row.sign_up_code THEN
    RETURN jsonb_build_object('result', 'fallback');
  END IF;

  IF EXISTS (SELECT 1 FROM cashier_webhook_events WHERE event_id = p_event_id) THEN
    RETURN jsonb_build_object('result', 'duplicate', 'previous', v_row.status,
                              'transaction_id', v_row.id::text);
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
  VALUES (p_event_id, p_event_type, p_payment_id, v_row.id, v_outcome, v_note, p_event_created,
          p_payload, p_now);

  IF v_outcome = 'applied' THEN
    v_ledger := ledger_transfer(p_key, p_hash, p_kind, p_metadata, p_accounts);
    IF (v_ledger ->> 'replayed')::boolean AND (v_ledger ->> 'hash') IS DISTINCT FROM p_hash THEN
      RAISE EXCEPTION 'ledger key % was used with other parameters', p_key USING ERRCODE = 'CRF01';
    END IF;
    UPDATE cashier_transactions SET status = 'succeeded', failure_code = NULL, updated_at = p_now
    WHERE id = v_row.id;
  END IF;

  RETURN jsonb_build_object('result', v_outcome, 'note', v_note, 'previous', v_row.status,
                            'transaction_id', v_row.id::text, 'ledger', v_ledger);
END;
$$;
