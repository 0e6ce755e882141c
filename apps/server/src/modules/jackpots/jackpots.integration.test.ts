/**
 * Jackpots end to end on real PostgreSQL: stakes written to the wager stream feed a jackpot through
 * its consumer (eligible games, currency and real money only), each event once also after a replay
 * of the whole stream and a batch applied twice, the drop paid once to the round's player at the
 * committed drop point, the reset from the reserve with a new commitment, the pool's ledger account
 * equal to the pool, `Jackpots.get` / `Jackpots.getWinners` with the revealed seed verifying, typed
 * errors for unknown ids, and the ledger's invariants after it all.
 */
import { checkInvariants } from '@croupier/ledger/invariants';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { newBrowser } from '../accounts/account-test-client.ts';
import type { NewWagerEvent } from '../wagers/wager-event.ts';
import { jackpotMoves } from '../wallet/jackpot-moves.ts';
import { JACKPOT_CONSUMER } from './jackpot-consumer.ts';
import { verifyCycle } from './jackpot-draw.ts';

let h: TestApp;
let jackpotId: bigint;
let gameId: bigint;
let otherGameId: bigint;
let round = 0;

const SEED = 1_000n;
const CEILING = 3_000n;

beforeAll(async () => {
  h = await createTestApp();
  const created = await h.app.services.jackpots.create({
    key: 'test-blackjack',
    name: { en: 'Test Jackpot', fr: 'Jackpot de test' },
    currency: 'EUR',
    contributionBp: 1_000,
    reserveBp: 1_000,
    seedMinor: SEED,
    ceilingMinor: CEILING,
    games: ['frost-blackjack'],
  });
  expect(created.created).toBe(true);
  jackpotId = created.id;
  gameId = (await h.app.services.games.findGame({ sysname: 'frost-blackjack' }))!.id;
  otherGameId = (await h.app.services.games.findGame({ sysname: 'blackjack-classic' }))!.id;
});
afterAll(async () => {
  await h?.close();
});

function bet(playerId: bigint, extra: Partial<NewWagerEvent> = {}): NewWagerEvent {
  round += 1;
  return {
    playerId,
    currency: 'EUR',
    product: 'casino',
    kind: 'bet',
    gameId,
    roundRef: `jp-round-${round}`,
    stakeRealMinor: 1_000n,
    stakeBonusMinor: 0n,
    payoutRealMinor: 0n,
    payoutBonusMinor: 0n,
    ...extra,
  };
}

async function append(events: NewWagerEvent[]): Promise<void> {
  await h.database.db.transaction(async (tx) => {
    for (const event of events) await h.app.services.wagers.append(tx, event);
  });
}

function drain(): Promise<void> {
  return h.app.services.wagers.catchUp([JACKPOT_CONSUMER]);
}

async function state() {
  const rows = await h.database.db.execute<{
    cycle: number;
    current: string;
    contributed: string;
    contributions: number;
    wins: number;
  }>(sql`SELECT j.cycle, j.current_minor::text AS current, j.contributed_minor::text AS contributed,
           (SELECT count(*)::int FROM jackpot_contributions c WHERE c.jackpot_id = j.id) AS contributions,
           (SELECT count(*)::int FROM jackpot_cycles y WHERE y.jackpot_id = j.id AND y.won_at IS NOT NULL) AS wins
         FROM jackpots j WHERE j.id = ${jackpotId}`);
  const row = rows.rows[0]!;
  return { ...row, current: BigInt(row.current), contributed: BigInt(row.contributed) };
}

async function ledgerTransfers(kind: string): Promise<number> {
  const rows = await h.database.db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM ledger_transactions
        WHERE kind = ${kind} AND idempotency_key LIKE ${`jackpot:${jackpotId}:%`}`,
  );
  return rows.rows[0]!.n;
}

describe('jackpots', () => {
  it('starts at its seed, funded from the reserve in the ledger', async () => {
    const s = await state();
    expect(s).toMatchObject({ cycle: 1, current: SEED, contributions: 0, wins: 0 });
    expect(await jackpotMoves.poolBalance(h.database.db, jackpotId, 'EUR')).toBe(SEED);
    expect(await jackpotMoves.reserveBalance(h.database.db, jackpotId, 'EUR')).toBe(-SEED);
  });

  it('counts only real-money casino bets in its currency on its games', async () => {
    const p = await h.createPlayer();
    await append([
      bet(p.id, { gameId: otherGameId }),
      bet(p.id, { currency: 'USD' }),
      bet(p.id, { stakeRealMinor: 0n, stakeBonusMinor: 1_000n }),
      bet(p.id, { kind: 'win', stakeRealMinor: 0n, payoutRealMinor: 5_000n }),
      bet(p.id, { kind: 'rollback', stakeRealMinor: -1_000n }),
      bet(p.id, { product: 'sport', gameId: null }),
      bet(p.id, { stakeRealMinor: 15n }),
    ]);
    await drain();
    const s = await state();
    // 10 % of 15 = 1.5: one minor unit (to the pool, the reserve's 10 % floors to 0), half carried.
    expect(s).toMatchObject({ contributions: 1, contributed: 1n });
    // (Unless the drawn drop point was the seed itself, 1 chance in 2 001: then that round won it.)
    if (s.wins === 0) expect(s.current).toBe(SEED + 1n);
  });

  it('applies each event once, also after a replay of the whole stream and a batch applied twice', async () => {
    const p = await h.createPlayer();
    const before = await state();
    const beforeBalance = await h.app.services.wallet.balanceMinor(p.id, 'EUR', 'main');
    // Small stakes: 5 minor units each to the pool, no drop in reach for most draws.
    await append(Array.from({ length: 4 }, () => bet(p.id, { stakeRealMinor: 50n })));
    await drain();
    const after = await state();
    expect(after.contributions - before.contributions).toBe(4);
    expect(after.contributed - before.contributed).toBe(20n);

    await h.app.services.wagers.replayFrom(JACKPOT_CONSUMER, 0n);
    await drain();
    expect(await state()).toEqual(after);

    // The same batch applied twice (a consumer that crashed after its writes) adds nothing either.
    const events = await h.database.db.execute<{ id: string }>(
      sql`SELECT id::text FROM wager_events WHERE player_id = ${p.id} ORDER BY id`,
    );
    expect(events.rows).toHaveLength(4);
    await h.database.db.transaction((tx) =>
      h.app.services.jackpots.accrualConsumer.apply(
        tx,
        events.rows.map((row, i) => ({
          ...bet(p.id, { stakeRealMinor: 50n }),
          id: BigInt(row.id),
          createdAt: new Date(i),
        })),
      ),
    );
    expect(await state()).toEqual(after);
    // 20 contributed: the reserve's 10 % of the running total (1 → 21) is 2, the pool gets 18.
    if (after.wins === before.wins) {
      expect(after.current).toBe(before.current + 18n);
      expect(await h.app.services.wallet.balanceMinor(p.id, 'EUR', 'main')).toBe(beforeBalance);
    }
    expect(await jackpotMoves.poolBalance(h.database.db, jackpotId, 'EUR')).toBe(after.current);
  });

  it('a consumer killed mid-batch leaves nothing; the next pass applies the batch once', async () => {
    const p = await h.createPlayer();
    const before = await state();
    const stakes = [
      bet(p.id, { stakeRealMinor: 30n }),
      bet(p.id, { stakeRealMinor: 30n }),
      bet(p.id, { stakeRealMinor: 30n }),
    ];
    await append(stakes);
    const ids = await h.database.db.execute<{ id: string }>(
      sql`SELECT id::text FROM wager_events WHERE player_id = ${p.id} ORDER BY id`,
    );
    const events = ids.rows.map((row, i) => ({ ...stakes[i]!, id: BigInt(row.id), createdAt: new Date() }));
    // The batch's transaction dies after the consumer applied part of it (a process killed between two writes).
    await expect(
      h.database.db.transaction(async (tx) => {
        await h.app.services.jackpots.accrualConsumer.apply(tx, events.slice(0, 2));
        throw new Error('killed mid-batch');
      }),
    ).rejects.toThrow('killed mid-batch');
    expect(await state()).toEqual(before);
    await drain();
    const after = await state();
    expect(after.contributions - before.contributions).toBe(3);
    expect(after.contributed - before.contributed).toBe(9n);
    expect(await jackpotMoves.poolBalance(h.database.db, jackpotId, 'EUR')).toBe(after.current);
  });

  it('drops at the committed point, pays the round’s player once and resets from the reserve', async () => {
    const p = await h.createPlayer();
    const start = await state();
    const balanceBefore = await h.app.services.wallet.balanceMinor(p.id, 'EUR', 'main');
    // 90 to the pool per round: within (3000 − 1000) / 90 + 1 = 23 rounds the pool reaches any drop point.
    for (let i = 0; i < 30 && (await state()).wins === start.wins; i += 1) {
      await append([bet(p.id)]);
      await drain();
    }
    const after = await state();
    expect(after.wins).toBe(start.wins + 1);
    expect(after.cycle).toBe(start.cycle + 1);
    const won = await h.database.db.execute<{ win: string; start: string; drop: string; player: string }>(
      sql`SELECT win_minor::text AS win, start_minor::text AS start, drop_point_minor::text AS drop,
            winner_player_id::text AS player
          FROM jackpot_cycles WHERE jackpot_id = ${jackpotId} AND cycle = ${start.cycle}`,
    );
    const cycle = won.rows[0]!;
    expect(cycle.win).toBe(cycle.drop);
    expect(BigInt(cycle.win) <= CEILING).toBe(true);
    expect(cycle.player).toBe(p.id.toString());
    expect(await h.app.services.wallet.balanceMinor(p.id, 'EUR', 'main')).toBe(
      balanceBefore + BigInt(cycle.win),
    );
    // The new cycle starts at the seed plus the winning round's overflow.
    expect(after.current >= SEED && after.current < SEED + 90n).toBe(true);
    expect(await jackpotMoves.poolBalance(h.database.db, jackpotId, 'EUR')).toBe(after.current);
    // One win and one seed per drop (an earlier test's small stakes may, rarely, have dropped it too).
    expect(await ledgerTransfers('jackpot_win')).toBe(after.wins);
    expect(await ledgerTransfers('jackpot_seed')).toBe(after.wins + 1);

    // A replay of everything moves nothing more.
    await h.app.services.wagers.replayFrom(JACKPOT_CONSUMER, 0n);
    await drain();
    expect(await state()).toEqual(after);
    expect(await ledgerTransfers('jackpot_win')).toBe(after.wins);
    expect(await h.app.services.wallet.balanceMinor(p.id, 'EUR', 'main')).toBe(
      balanceBefore + BigInt(cycle.win),
    );
    expect(await ledgerTransfers('jackpot_contribution')).toBe(after.contributions);

    // The pool's money is conserved: seeds + pool contributions = wins + pool.
    expect(await checkInvariants(h.database.db)).toEqual([]);
  });

  it('answers Jackpots.get and Jackpots.getWinners, whose revealed seed verifies the drop', async () => {
    const guest = newBrowser(h.app);
    const list = await guest.call('Jackpots.get', {});
    expect(list.body.status, JSON.stringify(list.body)).toBe(1);
    const items = (list.body.data as { items: Record<string, unknown>[] }).items;
    expect(items.map((i) => i.name)).toEqual(
      expect.arrayContaining(['Mega Reels Jackpot', 'Quick Drop', 'Test Jackpot']),
    );
    const mine = items.find((i) => i.id === Number(jackpotId))!;
    const s = await state();
    expect(mine).toMatchObject({
      currency: 'EUR',
      amount: (Number(s.current) / 100).toFixed(2),
      seed: '10.00',
      ceiling: '30.00',
      rules: { contribution_percent: '10', pool_share_percent: '90', reserve_share_percent: '10' },
      cycle: s.cycle,
      games: [{ sysname: 'frost-blackjack', name: expect.any(String), image_url: expect.any(String) }],
      last_win: { amount: expect.stringMatching(/^\d+\.\d{2}$/), at: expect.any(String) },
    });
    expect(mine.commitment).toMatch(/^[0-9a-f]{64}$/);

    const fr = await guest.call('Jackpots.get', { id: Number(jackpotId) }, { locale: 'fr' });
    expect((fr.body.data as { items: { name: string }[] }).items.map((i) => i.name)).toEqual([
      'Jackpot de test',
    ]);

    const winners = await guest.call('Jackpots.getWinners', { jackpot_id: Number(jackpotId) });
    expect(winners.body.status, JSON.stringify(winners.body)).toBe(1);
    const wins = winners.body.data as {
      total: number;
      items: {
        cycle: number;
        player: string;
        amount: string;
        game: { sysname: string } | null;
        verification: { server_seed: string; commitment: string; start: string; ceiling: string };
      }[];
    };
    expect(wins.total).toBe(s.wins);
    const win = wins.items[0]!;
    expect(win.player).toContain('***');
    expect(win.game?.sysname).toBe('frost-blackjack');
    const minor = (text: string) => BigInt(text.replace('.', ''));
    expect(
      verifyCycle({
        serverSeed: win.verification.server_seed,
        commitment: win.verification.commitment,
        jackpotId,
        cycle: win.cycle,
        startMinor: minor(win.verification.start),
        ceilingMinor: minor(win.verification.ceiling),
        wonMinor: minor(win.amount),
      }),
    ).toBe(true);
    // The open cycle's seed is not published.
    const open = await h.database.db.execute<{ seed: string }>(
      sql`SELECT server_seed AS seed FROM jackpot_cycles WHERE jackpot_id = ${jackpotId} AND won_at IS NULL`,
    );
    expect(JSON.stringify(list.body)).not.toContain(open.rows[0]!.seed);
  });

  it('answers a typed error for an unknown id, and refuses bad input', async () => {
    const guest = newBrowser(h.app);
    for (const [method, params, field] of [
      ['Jackpots.get', { id: 999_999 }, 'id'],
      ['Jackpots.getWinners', { jackpot_id: 999_999 }, 'jackpot_id'],
    ] as const) {
      const answer = await guest.call(method, params);
      expect(answer.body.status).toBe(0);
      expect(answer.body.error).toMatchObject({
        type: 'InvalidParameterException',
        fields: { [field]: 'not_found' },
      });
    }
    const bad = await guest.call('Jackpots.get', { id: 'abc' });
    expect(bad.body.error?.type).toBe('InvalidParameterException');
  });

  it('refuses a bad definition with a typed error, writing nothing', async () => {
    const good = {
      key: 'bad',
      name: { en: 'x', fr: 'x' },
      currency: 'EUR',
      contributionBp: 100,
      reserveBp: 0,
      seedMinor: 100n,
      ceilingMinor: 200n,
      games: ['frost-blackjack'],
    };
    await expect(h.app.services.jackpots.create({ ...good, ceilingMinor: 50n })).rejects.toMatchObject({
      type: 'InvalidParameterException',
    });
    await expect(h.app.services.jackpots.create({ ...good, games: ['no-such-game'] })).rejects.toMatchObject({
      type: 'InvalidParameterException',
    });
    const rows = await h.database.db.execute(sql`SELECT 1 FROM jackpots WHERE key = 'bad'`);
    expect(rows.rows).toHaveLength(0);
  });
});
