/**
 * The ledger trigger's balance signal for the money benchmarks' `--compare` (ADR 044): `relay` is
 * `push_balance_changed` as migration 0038 left it (a `push_outbox` row, sent by the relay after the
 * commit); `notify` puts back migration 0031's body (`pg_notify` inside the money transaction), so
 * one run measures both on the same server and the same machine load.
 */
import type { Db } from '@croupier/db/client';
import { sql } from 'drizzle-orm';

export type PushSignal = 'notify' | 'relay';

export const PUSH_SIGNAL_LABEL: Record<PushSignal, string> = {
  notify: 'before (NOTIFY in the money transaction)',
  relay: 'after (outbox + relay)',
};

export async function usePushSignal(db: Db, signal: PushSignal): Promise<void> {
  const body =
    signal === 'notify'
      ? sql.raw(`PERFORM pg_notify('croupier_push', json_build_object('t', 'b', 'p', NEW.player_id::text,
    'k', NEW.name, 'c', NEW.currency, 'v', NEW.balance_minor::text)::text);`)
      : sql.raw(`INSERT INTO push_outbox (account_id, message) VALUES (NEW.id, json_build_object('t', 'b',
    'p', NEW.player_id::text, 'k', NEW.name, 'c', NEW.currency, 'v', NEW.balance_minor::text)::text);`);
  await db.execute(sql`CREATE OR REPLACE FUNCTION push_balance_changed() RETURNS trigger
    LANGUAGE plpgsql AS $fn$ BEGIN ${body} RETURN NULL; END; $fn$`);
}

/** The variants in the order they run: alternated per round, so drift in the machine's load is shared. */
export function signalOrder(rounds: number): PushSignal[] {
  return Array.from({ length: rounds }, (_, round): PushSignal[] =>
    round % 2 === 0 ? ['notify', 'relay'] : ['relay', 'notify'],
  ).flat();
}
