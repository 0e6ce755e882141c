/**
 * Feed replay with bets (issue #13): a recorded football match (the simulator's seeded script) is
 * replayed twice under two event ids; before kick-off the same singles are placed on every active
 * pre-match outcome; after the final whistle every bet has the same status and payout in both runs,
 * and the wallet paid exactly what the sportsbook decided.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { replayMessages } from '../simulator/replay.ts';
import { isCalledOff, matchScript } from '../simulator/script.ts';
import { createSimulatorAdapter } from '../simulator/simulator.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SPORTSBOOK_LIVE_DELAY_MS: '0' } });
});
afterAll(async () => {
  await t?.close();
});

type Message = {
  kind: string;
  eventId?: string;
  markets?: {
    key: string;
    status: string;
    outcomes: { key: string; oddsMilli: number; active: boolean }[];
  }[];
};

it('a recorded match settles the same bets the same way every time', async () => {
  const simulator = createSimulatorAdapter({ seed: 'bets-replay' });
  const day = Date.UTC(2026, 10, 26);
  const fixture = simulator
    .fixtures('football', day, day + 86_400_000)
    .find((f) => !isCalledOff(f, 'bets-replay'));
  const script = matchScript(fixture!, simulator.options);
  const player = await t.createPlayer();
  await t.app.services.wallet.creditDeposit({
    playerId: player.id,
    currency: 'EUR',
    amountMinor: 1_000_000n,
    paymentId: 'bets-replay',
  });

  async function run(suffix: string) {
    // The whole match lies in the past of the consumer's clock (it refuses a clock far ahead).
    const messages = replayMessages(script, {
      startAt: Date.now() - 600_000,
      speed: 600,
      eventIdSuffix: suffix,
    });
    const eventId = `${fixture!.eventId}${suffix}`;
    const firstOdds = messages.findIndex((m) => (m.message as Message).kind === 'odds_change');
    for (const m of messages.slice(0, firstOdds + 1)) await t.app.services.sportsbook.feed.receive(m.message);
    const prematch = (messages[firstOdds]!.message as Message).markets ?? [];
    let placed = 0;
    for (const market of prematch.filter((m) => m.status === 'active')) {
      for (const outcome of market.outcomes.filter((o) => o.active)) {
        await t.app.services.sportsbook.bets.placeBet(
          {
            kind: 'single',
            selections: [
              {
                event_id: eventId,
                market_key: market.key,
                outcome_key: outcome.key,
                odds_milli: outcome.oddsMilli,
              },
            ],
            stake: '1',
            source: 'main',
            accept_odds: 'none',
            request_id: `replay${suffix}-${placed}`,
          },
          player.id,
          'en',
        );
        placed += 1;
      }
    }
    for (const m of messages.slice(firstOdds + 1)) await t.app.services.sportsbook.feed.receive(m.message);
    // A delivery started after a hook's commit may still be in flight when a pass returns (the pass
    // leaves a bet another delivery holds): wait until every bet of the match reached the wallet.
    const deadline = Date.now() + 30_000;
    for (;;) {
      await t.app.services.sportsbook.bets.deliverDue();
      const due = await t.database.db.execute<{ n: string }>(sql`
        SELECT count(*)::text AS n FROM sb_bets b JOIN sb_bet_legs l ON l.bet_id = b.id
        WHERE l.event_id = ${eventId} AND b.settle_version > b.delivered_version`);
      if (due.rows[0]!.n === '0') break;
      if (Date.now() > deadline) throw new Error(`${due.rows[0]!.n} bets not delivered`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const rows = await t.database.db.execute<{
      market: string;
      outcome: string;
      status: string;
      payout: string | null;
      wallet: string | null;
    }>(sql`
      SELECT l.market_key AS market, l.outcome_key AS outcome, b.status, b.payout_minor::text AS payout,
             w.payout_minor::text AS wallet
      FROM sb_bets b JOIN sb_bet_legs l ON l.bet_id = b.id
      LEFT JOIN sport_wallet_bets w ON w.provider_bet_id = b.id::text AND w.provider = 'croupier-sportsbook'
      WHERE l.event_id = ${eventId} ORDER BY l.market_key, l.outcome_key`);
    return { placed, rows: rows.rows };
  }

  const first = await run('-a');
  const second = await run('-b');
  expect(first.placed).toBeGreaterThan(10);
  expect(first.rows).toHaveLength(first.placed);
  expect(second.rows).toEqual(first.rows);
  // Every bet settled (the final whistle settles every market of a football match), paid as decided.
  for (const row of first.rows) {
    expect(['won', 'lost', 'void'], `${row.market} ${row.outcome}`).toContain(row.status);
    expect(row.wallet).toBe(row.payout);
  }
  expect(first.rows.some((r) => r.status === 'won')).toBe(true);
  expect(first.rows.some((r) => r.status === 'lost')).toBe(true);
}, 240_000);
