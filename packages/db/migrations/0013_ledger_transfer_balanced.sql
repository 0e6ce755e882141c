-- The double-entry rule inside the function every posting goes through: the deltas of one transfer
-- sum to zero per currency, or the function raises (SQLSTATE 23514, constraint
-- ledger_transfer_balanced) before it writes anything. packages/ledger checks the same rule in
-- TypeScript before it calls; the cashier's one-statement webhook credit (cashier_credit_deposit)
-- calls this function with arguments it built itself, so the database checks both roads by one rule
-- (docs/decisions/016-money-package-and-ledger-rule.md). Otherwise unchanged from 0007.
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

  INSERT INTO ledger_transactions (idempotency_key, request_hash, kind, metadata)
  VALUES (p_key, p_hash, p_kind, p_metadata)
  ON CONFLICT (idempotency_key) DO NOTHING
  RETURNING id INTO v_tx;

  IF v_tx IS NULL THEN
    SELECT id, request_hash, result INTO v_existing FROM ledger_transactions WHERE idempotency_key = p_key;
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
    INSERT INTO ledger_postings (transaction_id, account_id, currency, amount_minor)
    VALUES (v_tx, r.id, r.currency, r.delta);
    IF r.report IS NOT NULL THEN
      v_result := v_result || jsonb_build_object(r.report, v_balance::text);
    END IF;
  END LOOP;

  UPDATE ledger_transactions SET result = v_result WHERE id = v_tx;
  RETURN jsonb_build_object('replayed', false, 'id', v_tx::text, 'result', v_result);
END;
$$;
