/**
 * Tournaments end to end on real PostgreSQL with a fake clock: participation through the API (and
 * its typed refusals, which write nothing), scores from wager events only after the join, each
 * event once also after a replay and a batch killed mid-way, ties broken by the earlier score,
 * the settlement paying prizes once (a second run moves nothing), the reset on a cashout, the
 * tournament game hall, and the ledger's invariants after it all.
 */
import { checkInvariants } from '@croupier/ledger/invariants';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { newBrowser } from '../accounts/account-test-client.ts';
import type { NewWagerEvent } from '../wagers/wager-event.ts';
import { TOURNAMENT_CONSUMER, type TournamentDefinition } from './tournaments.service.ts';

const HOUR = 3_600_000;
let clock = new Date('2026-06-01T12:00:00Z');
let h: TestApp;
let gameId: bigint;
let tournamentId: bigint;
let round = 0;

function definition(extra: Partial<TournamentDefinition> = {}): TournamentDefinition {
  return {
    key: 'test-race',
    name: { en: 'Test Race', fr: 'Course de test' },
    description: { en: 'Stake the most.', fr: 'Misez le plus.' },
    startsAt: new Date(clock.getTime() - HOUR),
    endsAt: new Date(clock.getTime() + HOUR),
    currency: 'EUR',
    scoring: 'total_bet',
    entry: 'opt_in',
    resetOnCashout: true,
    prizes: [
      { from: 1, to: 1, kind: 'cash', amountMinor: '1000' },
      { from: 2, to: 2, kind: 'cash', amountMinor: '500' },
      { from: 3, to: 3, kind: 'loyalty_points', points: 250 },
    ],
    games: ['neon-reels'],
    ...extra,
  };
}

beforeAll(async () => {
  h = await createTestApp({ now: () => clock });
  const created = await h.app.services.tournaments.create(definition());
  expect(created.created).toBe(true);
  tournamentId = created.id;
  gameId = (await h.app.services.games.findGame({ sysname: 'neon-reels' }))!.id;
});
afterAll(async () => {
  await h?.close();
});

function bet(playerId: bigint, stake: bigint, at: Date, extra: Partial<NewWagerEvent> = {}): NewWagerEvent {
  round += 1;
  return {
    playerId,
    currency: 'EUR',
    product: 'casino',
    kind: 'bet',
    gameId,
    roundRef: `t-round-${round}`,
    stakeRealMinor: stake,
    stakeBonusMinor: 0n,
    payoutRealMinor: 0n,
    payoutBonusMinor: 0n,
    createdAt: at,
    ...extra,
  };
}

async function append(events: NewWagerEvent[]): Promise<void> {
  await h.database.db.transaction(async (tx) => {
    for (const event of events) await h.app.services.wagers.append(tx, event);
  });
}

function drain(): Promise<void> {
  return h.app.services.wagers.catchUp([TOURNAMENT_CONSUMER]);
}

async function scores(): Promise<Record<string, number>> {
  const rows = await h.database.db.execute<{ player_id: string; score: string }>(
    sql`SELECT player_id::text, score::text FROM tournament_participants WHERE tournament_id = ${tournamentId}`,
  );
  return Object.fromEntries(rows.rows.map((r) => [r.player_id, Number(r.score)]));
}

async function count(table: string): Promise<number> {
  const rows = await h.database.db.execute<{ n: number }>(sql.raw(`SELECT count(*)::int AS n FROM ${table}`));
  return rows.rows[0]!.n;
}

const at = (minutes: number) => new Date(clock.getTime() + minutes * 60_000);

describe('tournaments', () => {
  let a: { id: bigint; cookie: string };
  let b: { id: bigint; cookie: string };
  let c: { id: bigint; cookie: string };

  it('refuses bad participation with a typed error and writes nothing', async () => {
    a = await h.createPlayer();
    b = await h.createPlayer();
    c = await h.createPlayer();
    const usd = await h.app.services.tournaments.create(definition({ key: 'usd-race', currency: 'USD' }));
    const ended = await h.app.services.tournaments.create(
      definition({
        key: 'ended-race',
        startsAt: new Date(clock.getTime() - 3 * HOUR),
        endsAt: new Date(clock.getTime() - HOUR),
      }),
    );
    const browser = newBrowser(h.app, { cookie: a.cookie });
    const before = await count('tournament_participants');
    for (const [id, code] of [
      [999_999, 'tournament_not_found'],
      [Number(usd.id), 'tournament_currency'],
      [Number(ended.id), 'tournament_ended'],
    ] as const) {
      const answer = await browser.call('tournaments.participate', { tournament_id: id });
      expect(answer.body).toMatchObject({ status: 0, error: { type: 'InvalidParameterException', code } });
    }
    const guest = await newBrowser(h.app).call('tournaments.participate', {
      tournament_id: Number(tournamentId),
    });
    expect(guest.body).toMatchObject({ status: 0, error: { type: 'AuthorizationException' } });
    expect(await count('tournament_participants')).toBe(before);

    expect(
      (await browser.call('tournaments.participate', { tournament_id: Number(tournamentId) })).body,
    ).toEqual({
      status: 1,
      data: 1,
    });
    const twice = await browser.call('tournaments.participate', { tournament_id: Number(tournamentId) });
    expect(twice.body).toMatchObject({ status: 0, error: { code: 'tournament_already_joined' } });
    expect(await count('tournament_participants')).toBe(before + 1);
  });

  it('scores only after the join, each event once also after a replay and a killed batch; ties go to the earlier', async () => {
    // b bets before joining: not counted.
    await append([bet(b.id, 700n, at(-1))]);
    clock = at(1);
    for (const p of [b, c]) {
      const answer = await newBrowser(h.app, { cookie: p.cookie }).call('tournaments.participate', {
        tournament_id: Number(tournamentId),
      });
      expect(answer.body).toEqual({ status: 1, data: 1 });
    }
    await append([
      bet(a.id, 100n, at(1)),
      bet(b.id, 60n, at(2)),
      bet(b.id, 40n, at(3)),
      bet(c.id, 50n, at(4)),
      // Another game, another currency, a win: nothing for total_bet.
      bet(c.id, 500n, at(4), {
        gameId: (await h.app.services.games.findGame({ sysname: 'aurora-reels' }))!.id,
      }),
      bet(c.id, 500n, at(4), { currency: 'USD' }),
      bet(c.id, 0n, at(5), { kind: 'win', payoutRealMinor: 900n }),
    ]);
    await drain();
    const first = await scores();
    expect(first).toEqual({ [String(a.id)]: 100, [String(b.id)]: 100, [String(c.id)]: 50 });

    const board = await newBrowser(h.app, { cookie: c.cookie }).call('leaderboard.get', {
      tournament_id: Number(tournamentId),
      count: 2,
    });
    const data = (
      board.body as { data: { items: { rank: number; score: number; me: boolean }[]; me: unknown } }
    ).data;
    // a and b tie on 100: a reached it first.
    expect(data.items.map((r) => [r.rank, r.score])).toEqual([
      [1, 100],
      [2, 100],
    ]);
    expect(data.me).toMatchObject({ rank: 3, score: 50, me: true });
    const ranked = await h.app.services.tournaments.leaderboard(
      { tournament_id: Number(tournamentId), count: 3 },
      a.id,
      'en',
    );
    expect(ranked.items[0]).toMatchObject({ rank: 1, me: true });

    await h.app.services.wagers.replayFrom(TOURNAMENT_CONSUMER, 0n);
    await drain();
    expect(await scores()).toEqual(first);

    const stakes = [bet(c.id, 30n, at(6)), bet(c.id, 30n, at(7))];
    await append(stakes);
    const ids = await h.database.db.execute<{ id: string }>(
      sql`SELECT id::text AS id FROM wager_events w WHERE player_id = ${c.id} ORDER BY w.id DESC LIMIT 2`,
    );
    const events = ids.rows
      .reverse()
      .map((row, i) => ({ ...stakes[i]!, id: BigInt(row.id), createdAt: at(6 + i) }));
    await expect(
      h.database.db.transaction(async (tx) => {
        await h.app.services.tournaments.scoreConsumer.apply(tx, events.slice(0, 1));
        throw new Error('killed mid-batch');
      }),
    ).rejects.toThrow('killed mid-batch');
    expect(await scores()).toEqual(first);
    await drain();
    expect((await scores())[String(c.id)]).toBe(110);
    // The same batch applied twice adds nothing.
    await h.database.db.transaction((tx) => h.app.services.tournaments.scoreConsumer.apply(tx, events));
    expect((await scores())[String(c.id)]).toBe(110);
  });

  it('a withdrawal resets the score in a reset-on-cashout tournament; earlier events stay out', async () => {
    const d = await h.createPlayer();
    await newBrowser(h.app, { cookie: d.cookie }).call('tournaments.participate', {
      tournament_id: Number(tournamentId),
    });
    const early = bet(d.id, 80n, at(8));
    clock = at(9);
    await h.database.db.transaction((tx) => h.app.services.tournaments.withdrawalRequested(tx, d.id, 'EUR'));
    // The bet written before the reset but applied after it does not count.
    await append([early, bet(d.id, 20n, at(10))]);
    await drain();
    expect((await scores())[String(d.id)]).toBe(20);
  });

  it('the game hall lists the tournament’s games', async () => {
    const answer = await newBrowser(h.app).call('games.get', {
      options: JSON.stringify({ id: Number(tournamentId), type: 'tournament' }),
      count: 12,
    });
    const items = (answer.body as { data: { items: { sysname: string }[] } }).data.items;
    expect(items.map((g) => g.sysname)).toEqual(['neon-reels']);
    const unknown = await newBrowser(h.app).call('games.get', {
      options: JSON.stringify({ id: 999_999, type: 'tournament' }),
    });
    expect(unknown.body).toMatchObject({ status: 1, data: { items: [], total: 0 } });
  });

  it('pays the prizes once at the end; a second run moves nothing; the ledger holds', async () => {
    const balance = (id: bigint) => h.app.services.wallet.balanceMinor(id, 'EUR', 'main');
    const [beforeA, beforeB, beforeC] = [await balance(a.id), await balance(b.id), await balance(c.id)];
    const points = async (id: bigint) => (await h.app.services.loyalty.info(id, 'en')).points;
    // Every consumer applies the bets above first: the loyalty consumer, running in the background,
    // would otherwise accrue b's points for them between the two reads (257 against 250 in CI).
    await h.app.services.wagers.catchUp();
    const pointsB = await points(b.id);
    // Not ended yet: this one does not settle (the ended one from the first test does).
    await h.app.services.tournaments.runPass();
    expect(
      (
        await h.app.services.tournaments.leaderboard(
          { tournament_id: Number(tournamentId), count: 1 },
          null,
          'en',
        )
      ).final,
    ).toBe(false);
    clock = new Date(clock.getTime() + 2 * HOUR);
    const first = await h.app.services.tournaments.runPass();
    expect(first.settled).toBeGreaterThanOrEqual(1);
    // c (110) first, a (100, earlier) second, b third.
    expect((await balance(c.id)) - beforeC).toBe(1000n);
    expect((await balance(a.id)) - beforeA).toBe(500n);
    expect(await balance(b.id)).toBe(beforeB);
    // b, third, wins loyalty points: credited through the loyalty award, with a toast notice.
    expect((await points(b.id)) - pointsB).toBe(250);
    const notices = await h.app.services.loyalty.notifications(b.id, 'en');
    expect(notices.items).toContainEqual(
      expect.objectContaining({ trigger: 'prize', type: 'credit', amount: 250 }),
    );

    expect((await h.app.services.tournaments.runPass()).settled).toBe(0);
    expect(await h.app.services.tournaments.settle(tournamentId)).toBe(false);
    expect((await balance(c.id)) - beforeC).toBe(1000n);
    expect((await balance(a.id)) - beforeA).toBe(500n);
    expect((await points(b.id)) - pointsB).toBe(250);
    // A replayed award key (a crash between the award and the settlement's commit) credits nothing.
    await h.database.db.transaction(async (tx) => {
      expect(
        await h.app.services.loyalty.awardPoints(tx, b.id, 250, `tournament:${tournamentId}:prize:3`),
      ).toBe(false);
    });
    expect((await points(b.id)) - pointsB).toBe(250);
    const prizes = await h.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM ledger_transactions WHERE idempotency_key LIKE ${`tournament:${tournamentId}:prize:%`}`,
    );
    expect(prizes.rows[0]!.n).toBe(2);
    expect(await checkInvariants(h.database.db)).toEqual([]);

    // Scores after the end change nothing; the board is final and the winners are published.
    await append([bet(b.id, 5_000n, clock)]);
    await drain();
    const board = await h.app.services.tournaments.leaderboard(
      { tournament_id: Number(tournamentId), count: 10 },
      null,
      'en',
    );
    expect(board.final).toBe(true);
    expect(board.items.map((r) => r.score)).toEqual([110, 100, 100, 20]);
    const list = await newBrowser(h.app).call('tournaments.get', { ids: String(tournamentId) });
    const item = (list.body as { data: { items: Record<string, unknown>[] } }).data.items[0]!;
    expect(item).toMatchObject({ status: 'finished', total_prize: '15.00', total_participants: 4 });
    expect((item.winners as { rank: number }[]).map((w) => w.rank)).toEqual([1, 2, 3]);
  });

  it('answers tournaments.get by status and with fields; a recurring one gets its next occurrence', async () => {
    const weekly = await h.app.services.tournaments.create(
      definition({ key: 'weekly-test', recurDays: 7, startsAt: new Date(clock.getTime() - HOUR) }),
    );
    const pass = await h.app.services.tournaments.runPass();
    expect(pass.created).toBeGreaterThanOrEqual(1);
    expect((await h.app.services.tournaments.runPass()).created).toBe(0);
    const future = await newBrowser(h.app).call('tournaments.get', {
      status: 'future',
      fields: 'name,start_at',
    });
    const items = (future.body as { data: { items: Record<string, unknown>[] } }).data.items;
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) expect(Object.keys(item).sort()).toEqual(['id', 'name', 'start_at']);
    expect(weekly.created).toBe(true);
  });
});
