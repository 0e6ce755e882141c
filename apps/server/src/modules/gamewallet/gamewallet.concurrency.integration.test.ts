/**
 * Many players spinning at once through the wallet API, on real PostgreSQL: 16 players play rounds
 * in parallel (bets, doubles, wins, lost rounds, rollbacks, bets racing their own rollbacks,
 * rollbacks of bets never seen, bets over the balance), every call is sent one to three times at
 * once, and earlier calls are replayed at random moments. Each player's calls follow one script, so
 * a model knows every answer and balance. Afterwards: every answer matched the model, each balance
 * is exactly the model's, rounds carry the model's totals, nothing is negative, money is conserved
 * and `checkInvariants` finds nothing.
 */
import { randomInt } from 'node:crypto';
import { checkInvariants } from '@croupier/ledger/invariants';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createWalletHarness, type WalletHarness, type WalletReply } from './gamewallet-test-client.ts';

const PLAYERS = 16;
const ROUNDS_PER_PLAYER = 30;
const DEPOSIT_MAJOR = 40n;

let h: WalletHarness;

beforeAll(async () => {
  h = await createWalletHarness();
});
afterAll(async () => {
  await h?.close();
});

function euros(minor: bigint): string {
  return `${minor / 100n}.${(minor % 100n).toString().padStart(2, '0')}`;
}

interface Sent {
  action: string;
  body: Record<string, string>;
  answer: Record<string, string>;
}

interface ExpectedRound {
  status: 'open' | 'closed' | 'rolled_back';
  betMinor: bigint;
  winMinor: bigint;
}

it('keeps every balance, round and ledger invariant with 16 players spinning at once', async () => {
  const history: Sent[] = [];
  const expectedRounds = new Map<string, ExpectedRound>();
  const mismatches: string[] = [];
  let calls = 0;

  /** Sends a call 1 to 3 times at once; all copies must answer the same. */
  async function send(action: string, body: Record<string, string>): Promise<WalletReply> {
    const copies = 1 + randomInt(3);
    calls += copies;
    const replies = await Promise.all(Array.from({ length: copies }, () => h.call(action, body)));
    for (const reply of replies) {
      if (JSON.stringify(reply) !== JSON.stringify(replies[0])) {
        mismatches.push(`${action} ${body.transaction_id}: ${JSON.stringify(replies)}`);
      }
    }
    const first = replies[0] as WalletReply;
    if (first.status !== 200) mismatches.push(`${action} ${body.transaction_id}: HTTP ${first.status}`);
    history.push({ action, body, answer: first.body });
    return first;
  }

  /** Replays an earlier call: it must get its first answer. */
  async function replayOne(): Promise<void> {
    if (history.length === 0) return;
    const earlier = history[randomInt(history.length)];
    if (!earlier) return;
    calls += 1;
    const reply = await h.call(earlier.action, earlier.body);
    if (JSON.stringify(reply.body) !== JSON.stringify(earlier.answer)) {
      mismatches.push(
        `replay ${earlier.action} ${earlier.body.transaction_id}: ${JSON.stringify(reply.body)}`,
      );
    }
  }

  const players = await Promise.all(
    Array.from({ length: PLAYERS }, () => h.player({ deposit: DEPOSIT_MAJOR })),
  );
  const models = players.map(() => DEPOSIT_MAJOR * 100n);

  async function play(index: number): Promise<void> {
    const player = players[index] as { id: bigint; token: string };
    let balance = models[index] as bigint;
    const expectOk = (reply: WalletReply, what: string) => {
      if (reply.body.status !== 'ok' || reply.body.balance !== euros(balance)) {
        mismatches.push(`p${index} ${what}: ${JSON.stringify(reply.body)} (model ${euros(balance)})`);
      }
    };
    for (let r = 0; r < ROUNDS_PER_PLAYER; r += 1) {
      const roundId = `p${index}-r${r}`;
      const base = { token: player.token, round_id: roundId, game: h.gameCode, currency: 'EUR' };
      const betBody = (n: number, amountMinor: bigint) => ({
        ...base,
        transaction_id: `${roundId}-bet${n}`,
        amount: euros(amountMinor),
      });
      const winBody = (amountMinor: bigint) => ({
        ...base,
        transaction_id: `${roundId}-win`,
        amount: euros(amountMinor),
      });
      const rollbackBody = (n: number, reference: string) => ({
        token: player.token,
        transaction_id: `${roundId}-rb${n}`,
        reference_transaction_id: reference,
        round_id: roundId,
        game: h.gameCode,
      });
      const stake = BigInt(10 + randomInt(600));
      // An earlier call (any player's) replayed while this round plays.
      if (randomInt(4) === 0) pending.push(replayOne());
      const scenario = randomInt(10);

      if (scenario <= 3) {
        // A spin: bet, then a win (a third of them lost: win 0).
        const placed = await send('bet', betBody(1, stake));
        if (stake > balance) {
          if (placed.body.code !== 'insufficient_funds' || placed.body.balance !== euros(balance)) {
            mismatches.push(`p${index} short bet: ${JSON.stringify(placed.body)}`);
          }
          const orphan = await send('win', winBody(stake));
          if (orphan.body.code !== 'round_not_found')
            mismatches.push(`p${index} orphan win: ${orphan.body.code}`);
        } else {
          balance -= stake;
          expectOk(placed, 'bet');
          const payout = randomInt(3) === 0 ? 0n : BigInt(randomInt(1500));
          balance += payout;
          expectOk(await send('win', winBody(payout)), 'win');
          expectedRounds.set(roundId, { status: 'closed', betMinor: stake, winMinor: payout });
        }
      } else if (scenario <= 5) {
        // A double: two bets in the round, then a win.
        const second = BigInt(10 + randomInt(300));
        if (stake + second > balance) continue;
        balance -= stake;
        expectOk(await send('bet', betBody(1, stake)), 'bet');
        balance -= second;
        expectOk(await send('bet', betBody(2, second)), 'double');
        const payout = BigInt(randomInt(2000));
        balance += payout;
        expectOk(await send('win', winBody(payout)), 'win');
        expectedRounds.set(roundId, { status: 'closed', betMinor: stake + second, winMinor: payout });
      } else if (scenario === 6) {
        // A bet cancelled by the provider: refunded, the round rolled back.
        if (stake > balance) continue;
        balance -= stake;
        expectOk(await send('bet', betBody(1, stake)), 'bet');
        balance += stake;
        expectOk(await send('rollback', rollbackBody(1, `${roundId}-bet1`)), 'rollback');
        expectedRounds.set(roundId, { status: 'rolled_back', betMinor: 0n, winMinor: 0n });
      } else if (scenario === 7) {
        // A bet racing its own rollback: whichever wins, nothing moves in the end.
        const amount = stake > balance ? balance : stake;
        if (amount === 0n) continue;
        const [placed, undone] = await Promise.all([
          send('bet', betBody(1, amount)),
          send('rollback', rollbackBody(1, `${roundId}-bet1`)),
        ]);
        expectOk(undone, 'racing rollback');
        const refused = placed.body.code === 'transaction_rolled_back';
        if (!refused && placed.body.status !== 'ok') {
          mismatches.push(`p${index} racing bet: ${JSON.stringify(placed.body)}`);
        }
        if (!refused) expectedRounds.set(roundId, { status: 'rolled_back', betMinor: 0n, winMinor: 0n });
        // The late copy of a refused bet stays refused.
        if (refused && (await send('bet', betBody(1, amount))).body.code !== 'transaction_rolled_back') {
          mismatches.push(`p${index} tombstoned bet accepted`);
        }
      } else if (scenario === 8) {
        // The provider gave up on a bet we never saw; the bet arrives afterwards and is refused.
        expectOk(await send('rollback', rollbackBody(1, `${roundId}-bet1`)), 'tombstone');
        const late = await send('bet', betBody(1, stake));
        if (late.body.code !== 'transaction_rolled_back')
          mismatches.push(`p${index} late bet: ${late.body.code}`);
      } else {
        // Over the balance: refused with the balance; the round never starts.
        const placed = await send('bet', betBody(1, balance + 1n + stake));
        if (placed.body.code !== 'insufficient_funds' || placed.body.balance !== euros(balance)) {
          mismatches.push(`p${index} over balance: ${JSON.stringify(placed.body)}`);
        }
      }
    }
    models[index] = balance;
  }

  const pending: Promise<void>[] = [];
  const started = performance.now();
  await Promise.all(players.map((_, index) => play(index)));
  await Promise.all(pending);
  const elapsedMs = performance.now() - started;
  // Late replays of everything once more, all at once.
  await Promise.all(Array.from({ length: 64 }, () => replayOne()));

  expect(mismatches).toEqual([]);
  for (const [index, player] of players.entries()) {
    expect(await h.mainMinor(player.id), `player ${index}`).toBe(models[index]);
  }

  const rounds = await h.database.db.execute<{
    provider_round_id: string;
    status: string;
    bet_minor: bigint;
    win_minor: bigint;
  }>(sql`SELECT provider_round_id, status, bet_minor, win_minor FROM game_rounds`);
  const actual = new Map(
    rounds.rows.map((row) => [
      row.provider_round_id,
      { status: row.status, betMinor: BigInt(row.bet_minor), winMinor: BigInt(row.win_minor) },
    ]),
  );
  expect(actual).toEqual(expectedRounds);

  // Conservation: what players hold plus the house's game account is what they deposited.
  const totals = await h.database.db.execute<{ players: string; house: string }>(sql`
    SELECT (SELECT coalesce(sum(balance_minor), 0) FROM ledger_accounts WHERE type = 'player' AND name = 'main')::text AS players,
           (SELECT coalesce(sum(balance_minor), 0) FROM ledger_accounts WHERE type = 'house' AND name = 'games')::text AS house`);
  const row = totals.rows[0];
  expect(BigInt(row?.players ?? '0') + BigInt(row?.house ?? '0')).toBe(
    BigInt(PLAYERS) * DEPOSIT_MAJOR * 100n,
  );
  const negative = await h.database.db.execute(
    sql`SELECT account_key FROM ledger_accounts WHERE type = 'player' AND balance_minor < 0`,
  );
  expect(negative.rows).toEqual([]);
  expect(await checkInvariants(h.database.db)).toEqual([]);
  // Each money-moving call was recorded once, whatever the number of copies.
  const duplicates = await h.database.db.execute(sql`
    SELECT idempotency_key FROM ledger_transactions GROUP BY idempotency_key HAVING count(*) > 1`);
  expect(duplicates.rows).toEqual([]);
  console.info(
    `gamewallet concurrency: ${calls} calls by ${PLAYERS} players in ${Math.round(elapsedMs)} ms ` +
      `(${Math.round((calls / elapsedMs) * 1000)} calls/s through app.inject)`,
  );
}, 180_000);
