/**
 * Bonuses end to end on real PostgreSQL: templates and their validation, grants, the player's
 * methods with access checks, the wagering consumer fed synthetic wager events, conversion capped
 * by max win, burn on removal and expiry, max bet, free-spin packs in freespins.get, and the
 * ledger's invariants after it all.
 */
import { checkInvariants } from '@croupier/ledger/invariants';
import { createLedger } from '@croupier/ledger/ledger';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { newBrowser } from '../accounts/account-test-client.ts';
import type { WagerEvent } from '../wagers/wager-event.ts';
import { DEMO_BONUS_TEMPLATES } from './seed-bonuses.ts';

let h: TestApp;
let clock = Date.parse('2026-11-25T12:00:00Z');
const DAY = 86_400_000;
let slotGame: bigint;
let tableGame: bigint;
let eventId = 1_000n;

beforeAll(async () => {
  h = await createTestApp({ now: () => new Date(clock) });
  const slot = await h.database.db.execute<{ id: string }>(
    sql`SELECT id::text AS id FROM games WHERE sysname = 'neon-reels'`,
  );
  slotGame = BigInt(slot.rows[0]!.id);
  const table = await h.database.db.execute<{ id: string }>(
    sql`SELECT id::text AS id FROM games WHERE type = 'casino' ORDER BY id LIMIT 1`,
  );
  tableGame = BigInt(table.rows[0]!.id);
});
afterAll(async () => {
  await h?.close();
});

const bonuses = () => h.app.services.bonuses;
const templateId = async (key: string) => (await bonuses().templateIdByKey(key))!;

async function balance(playerId: bigint, kind: 'main' | 'bonus' = 'main', currency = 'EUR') {
  return h.app.services.wallet.balanceMinor(playerId, currency, kind);
}

async function deposit(playerId: bigint, amountMinor: bigint) {
  await h.app.services.wallet.creditDeposit({
    playerId,
    currency: 'EUR',
    amountMinor,
    paymentId: `test-${playerId}-${amountMinor}-${Math.random()}`,
  });
}

/** What the game wallet would post for a bonus-money win (house games → player bonus). */
async function bonusWin(playerId: bigint, amountMinor: bigint) {
  await createLedger(h.database.db).transfer({
    idempotencyKey: `test:win:${playerId}:${Math.random()}`,
    kind: 'game_win',
    postings: [
      { account: { type: 'house', name: 'games', currency: 'EUR' }, amountMinor: -amountMinor },
      { account: { type: 'player', playerId, currency: 'EUR', kind: 'bonus' }, amountMinor },
    ],
  });
}

function bet(playerId: bigint, stakeMinor: bigint, extra: Partial<WagerEvent> = {}): WagerEvent {
  eventId += 1n;
  return {
    id: eventId,
    playerId,
    currency: 'EUR',
    product: 'casino',
    kind: 'bet',
    gameId: slotGame,
    roundRef: `round-${eventId}`,
    stakeRealMinor: 0n,
    stakeBonusMinor: stakeMinor,
    payoutRealMinor: 0n,
    payoutBonusMinor: 0n,
    createdAt: new Date(clock),
    ...extra,
  };
}

async function apply(events: WagerEvent[]) {
  await h.database.db.transaction((tx) => bonuses().wageringConsumer.apply(tx, events));
}

async function player() {
  const created = await h.createPlayer();
  return { id: created.id, browser: newBrowser(h.app, { cookie: created.cookie }) };
}

async function expectTypedError(promise: Promise<unknown>, code: string) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe(code);
}

describe('templates', () => {
  it('seeds the demo templates and refuses bad ones with a typed error, writing nothing', async () => {
    for (const key of ['welcome-100', 'reload-50', 'no-deposit-10', 'betting-20', 'free-spins-20']) {
      expect(await bonuses().templateIdByKey(key)).not.toBeNull();
    }
    const good = DEMO_BONUS_TEMPLATES[0]!;
    const bad = [
      { ...good, key: 'bad-1', wageringMultiplier: 11 },
      { ...good, key: 'bad-2', percent: -5 },
      { ...good, key: 'bad-3', amounts: { EUR: { ...good.amounts.EUR!, capMinor: -1n } } },
      { ...good, key: 'bad-4', amounts: { EUR: { ...good.amounts.EUR!, maxBetMinor: 10n ** 15n } } },
      { ...good, key: 'bad-5', contributions: { slot: 150 } },
      { ...good, key: 'bad-6', amounts: { XXX: good.amounts.EUR! } },
      { ...good, key: 'bad-7', activationDays: 0 },
    ];
    for (const template of bad) {
      await expectTypedError(bonuses().createTemplate(template), 'invalid_bonus_template');
      expect(await bonuses().templateIdByKey(template.key)).toBeNull();
    }
  });
});

describe('grants and the player methods', () => {
  it('grants a deposit match capped per currency, idempotently, and refuses bad grants', async () => {
    const p = await player();
    const welcome = await templateId('welcome-100');
    const small = await bonuses().grant(p.id, welcome, {
      currency: 'EUR',
      reason: 'test',
      idempotencyKey: `t:${p.id}:a`,
      depositMinor: 5_000n,
    });
    expect(small.amountMinor).toBe(5_000n);
    expect(small.wageringRequiredMinor).toBe(50_000n);
    const replay = await bonuses().grant(p.id, welcome, {
      currency: 'EUR',
      reason: 'test',
      idempotencyKey: `t:${p.id}:a`,
      depositMinor: 5_000n,
    });
    expect(replay.id).toBe(small.id);
    const capped = await bonuses().grant(p.id, welcome, {
      currency: 'EUR',
      reason: 'test',
      idempotencyKey: `t:${p.id}:b`,
      depositMinor: 90_000n,
    });
    expect(capped.amountMinor).toBe(20_000n);
    await expectTypedError(
      bonuses().grant(p.id, welcome, {
        currency: 'EUR',
        reason: 't',
        idempotencyKey: `t:${p.id}:c`,
        depositMinor: 500n,
      }),
      'bonus_deposit_too_small',
    );
    await expectTypedError(
      bonuses().grant(p.id, welcome, { currency: 'EUR', reason: 't', idempotencyKey: `t:${p.id}:d` }),
      'bonus_deposit_required',
    );
    await expectTypedError(
      bonuses().grant(p.id, welcome, {
        currency: 'CHF',
        reason: 't',
        idempotencyKey: `t:${p.id}:e`,
        depositMinor: 5_000n,
      }),
      'bonus_currency_unsupported',
    );
    await expectTypedError(
      bonuses().grant(p.id, welcome, {
        currency: 'EUR',
        reason: 't',
        idempotencyKey: 'a key',
        depositMinor: 5_000n,
      }),
      'invalid_bonus_grant',
    );
    await expectTypedError(
      bonuses().grant(p.id, 999_999n, { currency: 'EUR', reason: 't', idempotencyKey: `t:${p.id}:f` }),
      'bonus_template_not_found',
    );
    const other = await player();
    await expectTypedError(
      bonuses().grant(other.id, welcome, {
        currency: 'EUR',
        reason: 'test',
        idempotencyKey: `t:${p.id}:a`,
        depositMinor: 5_000n,
      }),
      'bonus_grant_conflict',
    );
    const listed = await p.browser.call('bonuses.get', { status: 'available', count: 10 });
    expect(listed.body.status, JSON.stringify(listed.body)).toBe(1);
    const data = listed.body.data as {
      items: { id: number; status: string; amount: { amount: string } }[];
      total: number;
    };
    expect(data.total).toBe(2);
    expect(data.items.map((b) => b.amount.amount)).toEqual(['200.00', '50.00']);
  });

  it('activates, refuses double activation and other players, deactivates and removes', async () => {
    const p = await player();
    const other = await player();
    const reload = await templateId('reload-50');
    const first = await bonuses().grant(p.id, reload, {
      currency: 'EUR',
      reason: 'test',
      idempotencyKey: `r:${p.id}:1`,
      depositMinor: 10_000n,
    });
    const second = await bonuses().grant(p.id, await templateId('no-deposit-10'), {
      currency: 'EUR',
      reason: 'test',
      idempotencyKey: `r:${p.id}:2`,
    });
    // Another player's bonus: a typed error, nothing changes.
    const foreign = await other.browser.call('bonuses.activate', { bonus_id: Number(first.id) });
    expect(foreign.body.status).toBe(0);
    expect(foreign.body.error?.code).toBe('bonus_not_found');
    expect((await bonuses().find(first.id))?.status).toBe('available');

    const activated = await p.browser.call('bonuses.activate', { bonus_id: Number(first.id) });
    expect(activated.body, JSON.stringify(activated.body)).toMatchObject({ status: 1, data: 1 });
    expect(await balance(p.id, 'bonus')).toBe(5_000n);
    // bonuses.get carries each bonus's own balance, from the ledger: funded, then untouched ones zero.
    const shown = await p.browser.call('bonuses.get', { count: 10 });
    const shownItems = (
      shown.body.data as {
        items: { id: number; status: string; balance: { amount: string; currency: string } }[];
      }
    ).items;
    expect(shownItems.find((b) => b.id === Number(first.id))).toMatchObject({
      status: 'active',
      balance: { amount: '50.00', currency: 'EUR' },
    });
    expect(shownItems.find((b) => b.id === Number(second.id))?.balance.amount).toBe('0.00');
    expect(await bonuses().maxBetFor(p.id, 'EUR')).toBe(500n);
    expect(await bonuses().maxBetFor(p.id, 'USD')).toBeNull();
    await expectTypedError(bonuses().assertWithinMaxBet(p.id, 'EUR', 501n), 'bet_limit_exceeded');
    await bonuses().assertWithinMaxBet(p.id, 'EUR', 500n);

    const again = await p.browser.call('bonuses.activate', { bonus_id: Number(first.id) });
    expect(again.body.error?.code).toBe('bonus_not_available');
    const both = await p.browser.call('bonuses.activate', { bonus_id: Number(second.id) });
    expect(both.body.error?.code).toBe('bonus_already_active');
    expect(await balance(p.id, 'bonus')).toBe(5_000n);

    const set = await p.browser.call('bonuses.deactivate', { bonus_id: Number(first.id) });
    expect(set.body.status, JSON.stringify(set.body)).toBe(1);
    expect(await balance(p.id, 'bonus')).toBe(0n);
    expect(await bonuses().maxBetFor(p.id, 'EUR')).toBeNull();

    // Re-activation funds it afresh (a new ledger key), removal burns what is left.
    await p.browser.call('bonuses.activate', { bonus_id: Number(first.id) });
    expect(await balance(p.id, 'bonus')).toBe(5_000n);
    const foreignRemove = await other.browser.call('bonuses.remove', { bonus_id: Number(first.id) });
    expect(foreignRemove.body.error?.code).toBe('bonus_not_found');
    const removed = await p.browser.call('bonuses.remove', { bonus_id: Number(first.id) });
    expect(removed.body.status).toBe(1);
    expect((await bonuses().find(first.id))?.status).toBe('burned');
    expect((await bonuses().find(first.id))?.forfeitedMinor).toBe(5_000n);
    expect(await balance(p.id, 'bonus')).toBe(0n);
    const cancelled = await p.browser.call('bonuses.remove', { bonus_id: Number(second.id) });
    expect(cancelled.body.status).toBe(1);
    expect((await bonuses().find(second.id))?.status).toBe('cancelled');
    const twice = await p.browser.call('bonuses.remove', { bonus_id: Number(second.id) });
    expect(twice.body.error?.code).toBe('bonus_not_removable');

    const audit = await bonuses().audit(first.id);
    expect(audit.map((a) => a.toStatus)).toEqual(['available', 'active', 'available', 'active', 'burned']);
    expect(audit[1]).toMatchObject({ fromStatus: 'available', actor: `player:${p.id}` });
    const french = await p.browser.call('bonuses.remove', { bonus_id: Number(second.id) }, { locale: 'fr' });
    expect(french.body.error?.message).toBe('Ce bonus est déjà terminé.');
  });

  it('refuses bad input at the contract', async () => {
    const p = await player();
    for (const params of [{ bonus_id: -1 }, { bonus_id: 'x' }, {}, { bonus_id: 1, extra: 1 }]) {
      const answer = await p.browser.call('bonuses.activate', params);
      expect(answer.body.error?.type).toBe('InvalidParameterException');
    }
    const guest = await newBrowser(h.app).call('bonuses.get');
    expect(guest.body.error?.type).toBe('AuthorizationException');
  });
});

describe('wagering consumer', () => {
  it('counts weighted stakes once, subtracts rollbacks, completes and converts capped by max win', async () => {
    const p = await player();
    await deposit(p.id, 10_000n);
    const bonus = await bonuses().grant(p.id, await templateId('reload-50'), {
      currency: 'EUR',
      reason: 'test',
      idempotencyKey: `w:${p.id}`,
      depositMinor: 10_000n,
    });
    // 50 EUR bonus, 8× → 400 EUR to wager; max win 500 EUR.
    const early = bet(p.id, 1_000n, { createdAt: new Date(clock - 1000) });
    clock += 1000;
    await bonuses().activate(p.id, bonus.id);
    await apply([early]); // placed before activation: not counted
    expect((await bonuses().find(bonus.id))?.status).toBe('active');

    const slotBet = bet(p.id, 10_000n);
    await apply([slotBet]);
    await apply([slotBet]); // a replay counts nothing
    expect((await bonuses().find(bonus.id))?.wageringProgressMinor).toBe(10_000n);
    expect((await bonuses().find(bonus.id))?.status).toBe('wagering');

    await apply([
      bet(p.id, 10_000n, { gameId: tableGame }), // 10 %: 1 000
      bet(p.id, 10_000n, { currency: 'USD' }), // another currency: nothing
      bet(p.id, 10_000n, { product: 'sport', gameId: null }), // sport, casino bonus: nothing
      { ...bet(p.id, 0n), kind: 'win', payoutBonusMinor: 5_000n }, // wins count nothing
    ]);
    expect((await bonuses().find(bonus.id))?.wageringProgressMinor).toBe(11_000n);

    // A rollback subtracts what its round counted, never more.
    const rolled = bet(p.id, 5_000n);
    await apply([rolled]);
    const rollback = bet(p.id, -9_000n, {
      kind: 'rollback',
      roundRef: rolled.roundRef,
      stakeBonusMinor: -9_000n,
    });
    await apply([rollback]);
    expect((await bonuses().find(bonus.id))?.wageringProgressMinor).toBe(11_000n);
    const stray = bet(p.id, -5_000n, {
      kind: 'rollback',
      roundRef: 'never-counted',
      stakeBonusMinor: -5_000n,
    });
    await apply([stray]);
    expect((await bonuses().find(bonus.id))?.wageringProgressMinor).toBe(11_000n);

    // Bonus-money wins push the balance over max win: the excess burns at completion.
    await bonusWin(p.id, 60_000n); // bonus balance 50 + 600 = 650 EUR
    const mainBefore = await balance(p.id);
    expect(await bonuses().maxBetFor(p.id, 'EUR')).toBe(500n);
    await apply([bet(p.id, 28_999n)]);
    expect((await bonuses().find(bonus.id))?.status).toBe('wagering'); // 39 999 < 40 000
    expect(await balance(p.id)).toBe(mainBefore);
    await apply([bet(p.id, 1n)]);
    const done = await bonuses().find(bonus.id);
    expect(done?.status).toBe('completed');
    expect(done?.convertedMinor).toBe(50_000n);
    expect(done?.forfeitedMinor).toBe(15_000n);
    expect(await balance(p.id)).toBe(mainBefore + 50_000n);
    expect(await balance(p.id, 'bonus')).toBe(0n);
    expect(await bonuses().maxBetFor(p.id, 'EUR')).toBeNull();
    // Events after completion change nothing.
    await apply([bet(p.id, 10_000n)]);
    expect((await bonuses().find(bonus.id))?.wageringProgressMinor).toBe(40_000n);
    const audit = await bonuses().audit(bonus.id);
    expect(audit.map((a) => a.toStatus)).toEqual(['available', 'active', 'wagering', 'completed']);
    expect(audit.at(-1)?.actor).toBe('consumer:bonus_wagering');
  });

  it('counts an event once when two nodes apply the same batch at once', async () => {
    const p = await player();
    const bonus = await bonuses().grant(p.id, await templateId('no-deposit-10'), {
      currency: 'EUR',
      reason: 'test',
      idempotencyKey: `c:${p.id}`,
    });
    await bonuses().activate(p.id, bonus.id);
    const events = [bet(p.id, 700n), bet(p.id, 300n)];
    await Promise.all([apply(events), apply(events), apply(events)]);
    expect((await bonuses().find(bonus.id))?.wageringProgressMinor).toBe(1_000n);
  });

  it('funds a betting bonus on its own account and counts sport stakes only', async () => {
    const p = await player();
    const bonus = await bonuses().grant(p.id, await templateId('betting-20'), {
      currency: 'EUR',
      reason: 'test',
      idempotencyKey: `s:${p.id}`,
    });
    await bonuses().activate(p.id, bonus.id);
    expect(await h.app.services.wallet.balanceMinor(p.id, 'EUR', 'betting_bonus')).toBe(2_000n);
    expect(await balance(p.id, 'bonus')).toBe(0n);
    await apply([bet(p.id, 1_500n, { product: 'sport', gameId: null }), bet(p.id, 5_000n)]);
    expect((await bonuses().find(bonus.id))?.wageringProgressMinor).toBe(1_500n);
    expect(await bonuses().maxBetFor(p.id, 'EUR')).toBeNull();
    expect(await bonuses().maxBetFor(p.id, 'EUR', 'sport')).toBe(1_000n);
    // A casino bonus can be funded beside it: another account.
    const casino = await bonuses().grant(p.id, await templateId('no-deposit-10'), {
      currency: 'EUR',
      reason: 'test',
      idempotencyKey: `s2:${p.id}`,
    });
    await bonuses().activate(p.id, casino.id);
    expect(await bonuses().maxBetFor(p.id, 'EUR')).toBe(200n);
    expect(await bonuses().maxBetFor(p.id, 'EUR', 'sport')).toBe(1_000n);
  });

  it('converts at once with no wagering requirement', async () => {
    const p = await player();
    const id = (
      await bonuses().createTemplate({
        ...DEMO_BONUS_TEMPLATES[2]!,
        key: 'cashback-like',
        wageringMultiplier: 0,
      })
    ).id;
    const bonus = await bonuses().grant(p.id, id, {
      currency: 'EUR',
      reason: 'test',
      idempotencyKey: `z:${p.id}`,
    });
    await bonuses().activate(p.id, bonus.id);
    expect((await bonuses().find(bonus.id))?.status).toBe('completed');
    expect(await balance(p.id)).toBe(1_000n);
  });
});

describe('expiry and free spins', () => {
  it('expires available bonuses and burns funded ones past their deadlines', async () => {
    const p = await player();
    const q = await player();
    const noDeposit = await templateId('no-deposit-10');
    const waiting = await bonuses().grant(p.id, noDeposit, {
      currency: 'EUR',
      reason: 't',
      idempotencyKey: `x:${p.id}`,
    });
    const funded = await bonuses().grant(q.id, noDeposit, {
      currency: 'EUR',
      reason: 't',
      idempotencyKey: `x:${q.id}`,
    });
    await bonuses().activate(q.id, funded.id);
    expect(await balance(q.id, 'bonus')).toBe(1_000n);
    expect(await bonuses().expireDue()).toBe(0);
    clock += 8 * DAY;
    const late = await p.browser.call('bonuses.activate', { bonus_id: Number(waiting.id) });
    expect(late.body.error?.code).toBe('bonus_not_available');
    expect(await bonuses().expireDue()).toBeGreaterThanOrEqual(2);
    expect((await bonuses().find(waiting.id))?.status).toBe('expired');
    expect((await bonuses().find(funded.id))?.status).toBe('expired');
    expect(await balance(q.id, 'bonus')).toBe(0n);
    expect(await bonuses().expireDue()).toBe(0);
    // A win of a round left open across the expiry lands on the bonus account: the consumer
    // forfeits it (once, even on replay), never leaving bonus money without a bonus.
    await bonusWin(q.id, 700n);
    const lateWin = { ...bet(q.id, 0n), kind: 'win' as const, payoutBonusMinor: 700n };
    await apply([lateWin]);
    await apply([lateWin]);
    expect(await balance(q.id, 'bonus')).toBe(0n);
    expect(await balance(q.id)).toBe(0n);
    expect((await bonuses().audit(funded.id)).at(-1)).toMatchObject({
      actor: 'system:expiry',
      reason: 'wagering_deadline',
    });
  });

  it('a replayed stream sweeps each stray win once, even when the bonus balance has changed since', async () => {
    // No funded bonus: a win lands on the bonus account and is forfeited by its event's sweep.
    const p = await player();
    await bonusWin(p.id, 700n);
    const first = { ...bet(p.id, 0n), kind: 'win' as const, payoutBonusMinor: 700n };
    await apply([first]);
    expect(await balance(p.id, 'bonus')).toBe(0n);
    // A smaller stray win arrives; an operator replays the stream from before the first one
    // (`npm run wagers -- replay`). The first event's sweep is already done: it moves nothing, and
    // is not refused as a conflict because the balance it would see is now 300, not 700.
    await bonusWin(p.id, 300n);
    const second = { ...bet(p.id, 0n), kind: 'win' as const, payoutBonusMinor: 300n };
    await apply([first, second]);
    expect(await balance(p.id, 'bonus')).toBe(0n);
    const swept = await h.database.db.execute<{ n: number; total: string }>(sql`
      SELECT count(*)::int AS n, coalesce(sum(p.amount_minor), 0)::text AS total
      FROM ledger_transactions t JOIN ledger_postings p ON p.transaction_id = t.id
      JOIN ledger_accounts a ON a.id = p.account_id
      WHERE t.kind = 'bonus_sweep' AND a.player_id = ${p.id} AND a.type = 'player'`);
    expect(swept.rows[0]).toEqual({ n: 2, total: '-1000' });
  });

  it('runs expiry on the job queue', async () => {
    const p = await player();
    const bonus = await bonuses().grant(p.id, await templateId('no-deposit-10'), {
      currency: 'EUR',
      reason: 't',
      idempotencyKey: `j:${p.id}`,
    });
    await bonuses().activate(p.id, bonus.id);
    clock += 8 * DAY;
    await bonuses().runExpiryNow(10_000);
    expect((await bonuses().find(bonus.id))?.status).toBe('expired');
    expect(await balance(p.id, 'bonus')).toBe(0n);
  });

  it('awards a free-spin pack that freespins.get shows', async () => {
    const p = await player();
    const before = await p.browser.call('freespins.get');
    expect((before.body.data as { items: unknown[] }).items).toEqual([]);
    const bonus = await bonuses().grant(p.id, await templateId('free-spins-20'), {
      currency: 'EUR',
      reason: 'test',
      idempotencyKey: `f:${p.id}`,
    });
    await p.browser.call('bonuses.activate', { bonus_id: Number(bonus.id) });
    const answer = await p.browser.call('freespins.get', { count: 99 });
    const items = (
      answer.body.data as {
        items: { remaining_count: number; game: { sysname: string }; bet: { amount: string } }[];
      }
    ).items;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      remaining_count: 20,
      game: { sysname: 'neon-reels' },
      bet: { amount: '0.20' },
    });
    // The bonus stays active while its pack is played (ADR 024): free rounds end it.
    expect((await bonuses().find(bonus.id))?.status).toBe('active');
  });

  it('sets no max bet while a free-spin pack is played, and its own once the bonus is wagering', async () => {
    const p = await player();
    const spins = DEMO_BONUS_TEMPLATES.find((t) => t.key === 'free-spins-20')!;
    const created = await bonuses().createTemplate({
      ...spins,
      key: 'free-spins-max-bet',
      amounts: { EUR: { ...spins.amounts.EUR!, maxBetMinor: 150n } },
    });
    const bonus = await bonuses().grant(p.id, created.id, {
      currency: 'EUR',
      reason: 'test',
      idempotencyKey: `fm:${p.id}`,
    });
    await bonuses().activate(p.id, bonus.id);
    const active = await bonuses().find(bonus.id);
    expect(active?.status).toBe('active');
    expect(await bonuses().maxBetFor(p.id, 'EUR')).toBeNull();
    // A free round wins 1.00 (credited to the bonus balance, as the game wallet does), then the
    // pack's last round ends it: the bonus wagers its winnings, under its max bet.
    const packId = active!.freespinPackId!;
    await bonusWin(p.id, 100n);
    await h.database.db.transaction((tx) => bonuses().freeRoundWon(tx, packId, 100n));
    await h.database.db.transaction((tx) => bonuses().freeRoundsEnded(tx, packId));
    expect((await bonuses().find(bonus.id))?.status).toBe('wagering');
    expect(await bonuses().maxBetFor(p.id, 'EUR')).toBe(150n);
    expect(await bonuses().maxBetFor(p.id, 'EUR', 'sport')).toBeNull();
  });
});

describe('ledger', () => {
  it('keeps the invariants after grants, burns and conversions', async () => {
    expect(await checkInvariants(h.database.db)).toEqual([]);
    // Bonus money exists only on the account of a funded bonus: every burn and conversion emptied its.
    const stray = await h.database.db.execute<{ account_key: string }>(sql`
      SELECT a.account_key FROM ledger_accounts a
      WHERE a.type = 'player' AND a.name = 'bonus' AND a.balance_minor <> 0
        AND NOT EXISTS (SELECT 1 FROM player_bonuses b WHERE b.player_id = a.player_id
                        AND b.currency = a.currency AND b.status IN ('active', 'wagering'))`);
    expect(stray.rows).toEqual([]);
    const moves = await h.database.db.execute<{ kind: string }>(
      sql`SELECT DISTINCT kind FROM ledger_transactions WHERE kind LIKE 'bonus_%' ORDER BY kind`,
    );
    expect(moves.rows.map((r) => r.kind)).toEqual([
      'bonus_burn',
      'bonus_convert',
      'bonus_fund',
      'bonus_sweep',
      'bonus_unfund',
    ]);
  });
});
