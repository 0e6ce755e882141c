/**
 * Loyalty end to end on real PostgreSQL: points from the wager stream exactly once (also after an
 * operator replay), rollbacks, exclusion, levels and notices, expiry; the methods with access
 * checks; the shop: one deduction and one grant under concurrent calls, and nothing written for
 * too few points or an unknown product.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { newBrowser, signUp, uniqueEmail } from '../accounts/account-test-client.ts';
import type { NewWagerEvent } from '../wagers/wager-event.ts';
import { LOYALTY_CONSUMER } from './loyalty.service.ts';

let h: TestApp;
let clock = Date.parse('2026-11-02T12:00:00Z');
const DAY = 86_400_000;

beforeAll(async () => {
  h = await createTestApp({ now: () => new Date(clock) });
});
afterAll(async () => {
  await h?.close();
});

const loyalty = () => h.app.services.loyalty;

async function player() {
  const created = await h.createPlayer();
  return { id: created.id, browser: newBrowser(h.app, { cookie: created.cookie }) };
}

let round = 0;
function bet(playerId: bigint, stakeRealMinor: bigint, extra: Partial<NewWagerEvent> = {}): NewWagerEvent {
  round += 1;
  return {
    playerId,
    currency: 'EUR',
    product: 'casino',
    kind: 'bet',
    gameId: null,
    roundRef: `loyalty-${round}`,
    stakeRealMinor,
    stakeBonusMinor: 0n,
    payoutRealMinor: 0n,
    payoutBonusMinor: 0n,
    createdAt: new Date(clock),
    ...extra,
  };
}

/** Appends events through the stream and runs the loyalty consumer until they are applied. */
async function stream(events: NewWagerEvent[]): Promise<bigint[]> {
  const ids: bigint[] = [];
  await h.database.db.transaction(async (tx) => {
    for (const event of events) ids.push(await h.app.services.wagers.append(tx, event));
  });
  await drain();
  return ids;
}

function drain(): Promise<void> {
  return h.app.services.wagers.catchUp([LOYALTY_CONSUMER]);
}

async function account(playerId: bigint) {
  const rows = await h.database.db.execute<{ points: string; level_points: string; level: number }>(
    sql`SELECT points::text, level_points::text, level FROM loyalty_accounts WHERE player_id = ${playerId}`,
  );
  const row = rows.rows[0];
  return row ? { points: Number(row.points), levelPoints: Number(row.level_points), level: row.level } : null;
}

async function count(table: 'loyalty_purchases' | 'player_bonuses' | 'loyalty_journal', playerId: bigint) {
  const rows = await h.database.db.execute<{ n: string }>(
    sql`SELECT count(*)::text AS n FROM ${sql.identifier(table)} WHERE player_id = ${playerId}`,
  );
  return Number(rows.rows[0]!.n);
}

async function grantPoints(playerId: bigint, points: number) {
  // 1 point per 1.00 staked on casino (demo programme).
  await stream([bet(playerId, BigInt(points) * 100n)]);
}

describe('earning from the wager stream', () => {
  it('applies each event once, also after an operator replay', async () => {
    const p = await player();
    const ids = await stream([
      bet(p.id, 1_250n),
      bet(p.id, 0n, { kind: 'win', payoutRealMinor: 5_000n }),
      bet(p.id, 0n, { stakeBonusMinor: 10_000n }),
      bet(p.id, 600n, { product: 'sport' }),
    ]);
    // 12 (casino, 1 per 1.00) + 12 (sport, 2 per 1.00); wins and bonus stakes earn nothing.
    expect(await account(p.id)).toEqual({ points: 24, levelPoints: 24, level: 1 });
    await h.app.services.wagers.replayFrom(LOYALTY_CONSUMER, ids[0]! - 1n);
    await drain();
    for (let i = 0; i < 3; i += 1) await h.app.services.wagers.runPass(LOYALTY_CONSUMER);
    expect(await account(p.id)).toEqual({ points: 24, levelPoints: 24, level: 1 });
    expect(await count('loyalty_journal', p.id)).toBe(2);
    // The consumer handed the same batch again (a retried batch) adds nothing either.
    const events = await h.database.db.execute<{ id: string }>(
      sql`SELECT id::text FROM wager_events WHERE id = ANY(${`{${ids.join(',')}}`}::bigint[])`,
    );
    expect(events.rows).toHaveLength(4);
    await h.database.db.transaction((tx) =>
      loyalty().pointsConsumer.apply(tx, [
        { ...bet(p.id, 1_250n), id: ids[0]!, createdAt: new Date(clock) },
        { ...bet(p.id, 600n, { product: 'sport' }), id: ids[3]!, createdAt: new Date(clock) },
      ]),
    );
    expect(await account(p.id)).toEqual({ points: 24, levelPoints: 24, level: 1 });
  });

  it('a rollback takes the points back; level up and credit notices are delivered once', async () => {
    const p = await player();
    await stream([bet(p.id, 60_000n)]);
    expect(await account(p.id)).toMatchObject({ points: 600, level: 2 });
    await stream([bet(p.id, -10_000n, { kind: 'rollback' })]);
    expect(await account(p.id)).toMatchObject({ points: 500, levelPoints: 500, level: 2 });

    const first = await p.browser.call('loyalty.getnotifications', {});
    expect(first.body.status, JSON.stringify(first.body)).toBe(1);
    const items = (first.body.data as { items: { type: string; message: string; amountType: string }[] })
      .items;
    expect(items.map((n) => n.type)).toEqual(['credit', 'level_up']);
    expect(items[0]).toMatchObject({ message: '+600 coins', amountType: 'points' });
    const fr = await p.browser.call('loyalty.getnotifications', {}, { locale: 'fr' });
    expect((fr.body.data as { items: unknown[] }).items).toEqual([]);
  });

  it('a notice of one point names the singular: "+1 coin", "+1 jeton"', async () => {
    const messages = async (locale: 'en' | 'fr') => {
      const p = await player();
      await stream([bet(p.id, 100n)]);
      expect(await account(p.id)).toMatchObject({ points: 1 });
      const answer = await p.browser.call('loyalty.getnotifications', {}, { locale });
      return (answer.body.data as { items: { message: string }[] }).items.map((n) => n.message);
    };
    expect(await messages('en')).toEqual(['+1 coin']);
    expect(await messages('fr')).toEqual(['+1 jeton']);
  });

  it('an excluded player earns nothing: the events are journaled at 0, so a later replay gives nothing', async () => {
    const p = await player();
    const excluded = await p.browser.call('responsibleGaming.exclude', { kind: 'timeout', duration: '24h' });
    expect(excluded.body.status, JSON.stringify(excluded.body)).toBe(1);
    await stream([bet(p.id, 50_000n)]);
    expect(await account(p.id)).toMatchObject({ points: 0 });
    expect((await loyalty().journalOf(p.id)).map((j) => [j.kind, j.delta])).toEqual([['earn', 0]]);
  });

  it('lapses the balance after the expiry days without earning, keeping the level (policy keep)', async () => {
    const p = await player();
    await grantPoints(p.id, 700);
    clock += 89 * DAY;
    await loyalty().expireDue();
    expect(await account(p.id)).toMatchObject({ points: 700 });
    clock += 2 * DAY;
    await loyalty().expireDue();
    expect(await account(p.id)).toEqual({ points: 0, levelPoints: 700, level: 2 });
    await loyalty().expireDue();
    const kinds = (await loyalty().journalOf(p.id)).map((j) => [j.kind, j.delta]);
    expect(kinds).toEqual([
      ['earn', 700],
      ['expire', -700],
    ]);
  });
});

describe('player methods', () => {
  it('guests get AuthorizationException on player methods; public ones answer', async () => {
    const guest = newBrowser(h.app);
    for (const method of ['loyalty.getinfo', 'loyalty.getnotifications']) {
      const answer = await guest.call(method, {});
      expect(answer.body.error?.type).toBe('AuthorizationException');
    }
    for (const method of ['loyalty.setcharacter', 'loyalty.buyproduct']) {
      const answer = await guest.call(method, { id: 1 });
      expect(answer.body.error?.type).toBe('AuthorizationException');
    }
    const programs = await guest.call('loyalty.getPrograms', {});
    expect(programs.body.status).toBe(1);
    const program = await guest.call('loyalty.getProgram', {}, { locale: 'fr' });
    expect(program.body.data).toMatchObject({
      key: 'croupier-club',
      pointsAlias: 'jetons',
      pointsAliasOne: 'jeton',
    });
    expect((program.body.data as { levels: unknown[] }).levels).toHaveLength(4);
    const bySysname = await guest.call('loyalty.getProgram', { sysname: 'croupier-club' });
    expect(bySysname.body.data).toMatchObject({ name: 'Croupier Club', pointsAlias: 'coins' });
    const noSysname = await guest.call('loyalty.getProgram', { sysname: 'nope' });
    expect(noSysname.body.error?.code).toBe('loyalty_programme_not_found');
    const unknown = await guest.call('loyalty.getProgram', { id: 999_999 });
    expect(unknown.body.error?.code).toBe('loyalty_programme_not_found');
  });

  it('getinfo answers the spec fields; setcharacter sets a known character and refuses an unknown one', async () => {
    const p = await player();
    await grantPoints(p.id, 40);
    const characters = await p.browser.call('loyalty.getcharacters', { limit: 2 });
    const page = characters.body.data as {
      items: { id: number; name: string }[];
      total: number;
      limit: number;
    };
    expect(page).toMatchObject({ total: 4, limit: 2, offset: 0 });
    expect(page.items).toHaveLength(2);

    const unknown = await p.browser.call('loyalty.setcharacter', { id: 999_999 });
    expect(unknown.body.error).toMatchObject({
      type: 'InvalidParameterException',
      code: 'loyalty_character_not_found',
    });
    const set = await p.browser.call('loyalty.setcharacter', { id: page.items[1]!.id });
    expect(set.body.status).toBe(1);

    const info = await p.browser.call('loyalty.getinfo', {});
    expect(info.body.data).toMatchObject({
      is_active: true,
      points: 40,
      character: { id: page.items[1]!.id, name: 'Queen' },
      pointsAlias: 'coins',
      pointsAliasOne: 'coin',
      uid: String(p.id),
      level: 1,
      level_points: 40,
    });
    expect((info.body.data as { levels: unknown[] }).levels).toHaveLength(4);
  });

  it("a character chosen at sign-up is the player's until they pick another; an unknown one registers nobody", async () => {
    const guest = newBrowser(h.app);
    const characters = await guest.call('loyalty.getcharacters', { limit: 4 });
    const [first, second] = (characters.body.data as { items: { id: number; name: string }[] }).items;

    const login = uniqueEmail('character');
    const refused = await guest.call('auth.register', {
      login,
      password: 'Secret-123',
      terms: '1',
      birth_date: '01.01.1990',
      character: 999_999,
    });
    expect(refused.body.error).toMatchObject({
      type: 'InvalidParameterException',
      fields: { character: 'not_found' },
    });
    const written = await h.database.db.execute<{ n: string }>(
      sql`SELECT count(*)::text AS n FROM players WHERE login = ${login}`,
    );
    expect(written.rows[0]!.n).toBe('0');

    const { browser } = await signUp(h.app, { login, character: first!.id });
    const chosen = await browser.call('loyalty.getinfo', {});
    expect((chosen.body.data as { character: { id: number } | null }).character?.id).toBe(first!.id);
    expect((await browser.call('loyalty.setcharacter', { id: second!.id })).body.status).toBe(1);
    const changed = await browser.call('loyalty.getinfo', {});
    expect((changed.body.data as { character: { id: number } | null }).character?.id).toBe(second!.id);
  });
});

describe('the shop', () => {
  async function product(key: string): Promise<{ id: number; price: number }> {
    const answer = await newBrowser(h.app).call('loyalty.getproducts', {});
    const items = (answer.body.data as { items: { id: number; name: string; price: number }[] }).items;
    expect(items).toHaveLength(4);
    const rows = await h.database.db.execute<{ id: string }>(
      sql`SELECT id::text FROM loyalty_products WHERE key = ${key}`,
    );
    const id = Number(rows.rows[0]!.id);
    return { id, price: items.find((i) => i.id === id)!.price };
  }

  it('deducts once and grants once when two purchases race for points enough for one', async () => {
    const p = await player();
    const spins = await product('free-spins-20');
    await grantPoints(p.id, spins.price + 10);
    const answers = await Promise.all([
      p.browser.call('loyalty.buyproduct', { id: spins.id }),
      p.browser.call('loyalty.buyproduct', { id: spins.id }),
    ]);
    const ok = answers.filter((a) => a.body.status === 1);
    expect(ok).toHaveLength(1);
    const refused = answers.find((a) => a.body.status !== 1)!;
    expect(refused.body.error).toMatchObject({
      type: 'BillingTransactionDeclinedException',
      code: 'insufficient_funds',
    });
    expect(await account(p.id)).toMatchObject({ points: 10 });
    expect(await count('loyalty_purchases', p.id)).toBe(1);
    expect(await count('player_bonuses', p.id)).toBe(1);
    const spend = (await loyalty().journalOf(p.id)).filter((j) => j.kind === 'spend');
    expect(spend.map((j) => j.delta)).toEqual([-spins.price]);
  });

  it('a retried request_id returns the first purchase; concurrent retries buy once', async () => {
    const p = await player();
    const bonus = await product('bonus-10');
    await grantPoints(p.id, bonus.price * 3);
    const answers = await Promise.all(
      Array.from({ length: 3 }, () =>
        p.browser.call('loyalty.buyproduct', { id: bonus.id, request_id: 'req-abcdef12' }),
      ),
    );
    expect(answers.every((a) => a.body.status === 1)).toBe(true);
    expect(new Set(answers.map((a) => (a.body.data as { purchase_id: number }).purchase_id)).size).toBe(1);
    expect(await account(p.id)).toMatchObject({ points: bonus.price * 2 });
    expect(await count('player_bonuses', p.id)).toBe(1);
  });

  it('grants each kind through the bonuses module: a bonus, a free-spin pack, a betting bonus', async () => {
    const p = await player();
    const keys = ['bonus-10', 'free-spins-20', 'betting-20'];
    const prices = await Promise.all(keys.map((key) => product(key)));
    await grantPoints(
      p.id,
      prices.reduce((sum, x) => sum + x.price, 0),
    );
    for (const bought of prices) {
      const answer = await p.browser.call('loyalty.buyproduct', { id: bought.id });
      expect(answer.body.status, JSON.stringify(answer.body)).toBe(1);
    }
    const granted = await h.database.db.execute<{ key: string; account: string; grant_key: string }>(
      sql`SELECT t.key, b.account, b.grant_key FROM player_bonuses b JOIN bonus_templates t ON t.id = b.template_id
          WHERE b.player_id = ${p.id} ORDER BY b.id`,
    );
    expect(granted.rows.map((r) => [r.key, r.account])).toEqual([
      ['no-deposit-10', 'bonus'],
      ['free-spins-20', 'bonus'],
      ['betting-20', 'betting_bonus'],
    ]);
    expect(granted.rows.every((r) => r.grant_key.startsWith('loyalty:purchase:'))).toBe(true);
    expect(await account(p.id)).toMatchObject({ points: 0 });
  });

  it('too few points, an unknown product or an excluded player write nothing', async () => {
    const p = await player();
    const betting = await product('betting-20');
    await grantPoints(p.id, betting.price - 1);
    const journal = await count('loyalty_journal', p.id);
    const poor = await p.browser.call('loyalty.buyproduct', { id: betting.id });
    expect(poor.body.error).toMatchObject({
      type: 'BillingTransactionDeclinedException',
      code: 'insufficient_funds',
    });
    const unknown = await p.browser.call('loyalty.buyproduct', { id: 999_999 });
    expect(unknown.body.error).toMatchObject({
      type: 'InvalidParameterException',
      code: 'loyalty_product_not_found',
    });
    const spins = await product('free-spins-20');
    await p.browser.call('responsibleGaming.exclude', { kind: 'timeout', duration: '24h' });
    const excluded = await p.browser.call('loyalty.buyproduct', { id: spins.id });
    expect(excluded.body.status).toBe(0);
    expect(await account(p.id)).toMatchObject({ points: betting.price - 1 });
    expect(await count('loyalty_purchases', p.id)).toBe(0);
    expect(await count('player_bonuses', p.id)).toBe(0);
    expect(await count('loyalty_journal', p.id)).toBe(journal);
  });
});
