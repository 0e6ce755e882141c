/**
 * Loyalty (issue #14, ADR 033): the programme (rates, levels, points alias), the player's points
 * (balance, level points, append-only journal), earning from the wager stream, expiry with the
 * programme's downgrade policy, characters, the shop (a promotion granted through the bonuses
 * module in the same transaction as the points deduction) and the player's notices.
 */

import type { Locale } from '@croupier/contract/locales';
import { countedAlias } from '@croupier/contract/loyalty/counted-alias';
import type {
  LoyaltyCharacter,
  LoyaltyInfo,
  LoyaltyLevel,
  LoyaltyNotification,
  LoyaltyProduct,
  LoyaltyProgram,
} from '@croupier/contract/loyalty/loyalty';
import { currencyExponent } from '@croupier/money/currencies';
import { formatMinor } from '@croupier/money/decimal';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { assertVersion, editVersion } from '../../lib/edit-version.ts';
import type { GrantInTransaction } from '../bonuses/grant-in-transaction.ts';
import type { WagerConsumer, WagerEvent } from '../wagers/wager-event.ts';
import {
  type CharacterRecord,
  createLoyaltyRepository,
  type LoyaltyTx,
  type NotificationRecord,
  type ProductRecord,
  type ProgrammeRecord,
} from './loyalty.repository.ts';
import {
  afterExpiry,
  applyDelta,
  demotedRanges,
  expiresAt,
  isExpired,
  type LevelDefinition,
  LoyaltyProgrammeError,
  type LoyaltyProgrammeInput,
  levelFor,
  pointsForEvent,
  validateProgramme,
} from './loyalty-programme.ts';
import { DEMO_LOYALTY_CHARACTERS, DEMO_LOYALTY_PRODUCTS, DEMO_LOYALTY_PROGRAMME } from './seed-loyalty.ts';

export const LOYALTY_CONSUMER = 'loyalty_points';
export const EXPIRY_BATCH = 500;
export const LOYALTY_PASS_EVERY_MS = 60 * 60_000;
const NOTIFICATIONS_PER_CALL = 20;

/** A programme as the back office shows and edits it (rates' amounts as decimal strings). */
export interface StaffProgramme {
  id: number;
  key: string;
  /** The digest of the editable fields: sent back with an edit (stale_version otherwise). */
  version: string;
  enabled: boolean;
  /** The programme players see now (the newest enabled). */
  active: boolean;
  name: { en: string; fr: string };
  description: { en: string; fr: string };
  points_alias: { en: string; fr: string };
  /** The singular, per language where the operator set one. */
  points_alias_one: { en?: string; fr?: string };
  expiry_days: number | null;
  downgrade: 'keep' | 'reset';
  rates: {
    product: string;
    game_type: string | null;
    currency: string;
    points: number;
    per_amount: string;
  }[];
  levels: LevelDefinition[];
}

export interface LoyaltyCollaborators {
  /** Grants a bonus template inside the purchase's transaction (modules/bonuses). */
  grantInTx: GrantInTransaction;
  templateIdByKey(key: string): Promise<bigint | null>;
  playerCurrency(playerId: bigint): Promise<string>;
  /** Whether the player is in a time-out or self-exclusion now (responsible gaming, ADR 025). */
  excluded(playerId: bigint, tx: LoyaltyTx): Promise<boolean>;
  /** Throws the responsible-gaming typed error for an excluded player. */
  assertNotExcluded(playerId: bigint, tx: LoyaltyTx): Promise<void>;
  /** Game types (`slot`, `live` …) of platform games, for per-game-type rates. */
  gameTypes(ids: bigint[]): Promise<Map<bigint, string>>;
  /** The character the player chose at sign-up (accounts), shown until they pick another here. */
  signUpCharacter?(playerId: bigint): Promise<number | null>;
}

function toBigInt(id: number | null | undefined): bigint | null {
  return id === null || id === undefined ? null : BigInt(id);
}

export function createLoyaltyService(
  deps: Pick<Deps, 'db' | 'log' | 'now' | 'jobs'>,
  collaborators: LoyaltyCollaborators,
) {
  const repository = createLoyaltyRepository(deps.db);

  async function activeProgramme(executor?: LoyaltyTx): Promise<ProgrammeRecord | null> {
    return (await repository.programmes(executor ?? deps.db))[0] ?? null;
  }

  function levelOutput(programme: ProgrammeRecord, locale: Locale): LoyaltyLevel[] {
    return programme.levels.map((l) => ({
      id: l.position,
      name: l.name[locale],
      threshold: l.threshold,
      perks: l.perks[locale],
      image: l.image,
    }));
  }

  /** The programme's alias in `locale`, and its singular (the alias itself where none is set). */
  function aliasOutput(programme: ProgrammeRecord, locale: Locale) {
    const pointsAlias = programme.pointsAlias[locale];
    return { pointsAlias, pointsAliasOne: programme.pointsAliasOne[locale] ?? pointsAlias };
  }

  function programOutput(programme: ProgrammeRecord, locale: Locale): LoyaltyProgram {
    return {
      id: Number(programme.id),
      key: programme.key,
      name: programme.name[locale],
      description: programme.description[locale],
      ...aliasOutput(programme, locale),
      expiry_days: programme.expiryDays,
      downgrade: programme.downgrade,
      levels: levelOutput(programme, locale),
      rates: programme.rates.map((r) => ({
        product: r.product,
        game_type: r.gameType,
        currency: r.currency,
        points: r.points,
        per_amount: formatMinor(r.perMinor, currencyExponent(r.currency)),
      })),
    };
  }

  function characterOutput(c: CharacterRecord, locale: Locale): LoyaltyCharacter {
    return { id: Number(c.id), name: c.name[locale], description: c.description[locale], image: c.image };
  }

  function productOutput(p: ProductRecord, locale: Locale): LoyaltyProduct {
    return {
      id: Number(p.id),
      name: p.name[locale],
      description: p.description[locale],
      image: p.image,
      type: p.kind as LoyaltyProduct['type'],
      price: p.pricePoints,
    };
  }

  const noProgramme = () =>
    new AppError('InvalidParameterException', {
      code: 'loyalty_programme_not_found',
      message: 'loyalty.programme_not_found',
      fields: { id: 'not_found' },
    });

  /** Applies a batch of wager events (the consumer); idempotent by event id through the journal. */
  async function applyEvents(tx: LoyaltyTx, events: readonly WagerEvent[]): Promise<void> {
    const counted = events.filter((e) => e.kind !== 'win' && e.stakeRealMinor !== 0n);
    if (counted.length === 0) return;
    const programme = await activeProgramme(tx);
    if (!programme) return;
    const done = await repository.eventJournaled(
      tx,
      counted.map((e) => e.id),
    );
    const fresh = counted.filter((e) => !done.has(e.id));
    if (fresh.length === 0) return;
    const gameIds = [...new Set(fresh.flatMap((e) => (e.gameId === null ? [] : [e.gameId])))];
    const types = gameIds.length > 0 ? await collaborators.gameTypes(gameIds) : new Map<bigint, string>();
    const byPlayer = new Map<bigint, WagerEvent[]>();
    for (const event of fresh) byPlayer.set(event.playerId, [...(byPlayer.get(event.playerId) ?? []), event]);
    const now = deps.now();
    for (const [playerId, playerEvents] of [...byPlayer].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
      // An excluded player earns nothing; the events are still journaled (0) so that a replay after
      // the exclusion ends gives nothing either.
      const excluded = await collaborators.excluded(playerId, tx);
      const account = await repository.lockAccount(tx, playerId);
      let { points, levelPoints } = account;
      let lastEarnedAt = account.lastEarnedAt;
      let credited = 0;
      for (const event of playerEvents) {
        const earned = excluded
          ? 0
          : pointsForEvent(
              programme.rates,
              event,
              event.gameId === null ? null : (types.get(event.gameId) ?? null),
            );
        const balance = applyDelta(points, earned);
        const level = applyDelta(levelPoints, earned);
        const written = await repository.journal(tx, {
          playerId,
          kind: 'earn',
          delta: balance.applied,
          balanceAfter: balance.balance,
          levelPointsAfter: level.balance,
          eventId: event.id,
          createdAt: now,
        });
        if (!written) continue;
        points = balance.balance;
        levelPoints = level.balance;
        credited += balance.applied;
        if (earned > 0) lastEarnedAt = event.createdAt;
      }
      const newLevel = levelFor(programme.levels, levelPoints)?.position ?? 1;
      await repository.updateAccount(
        tx,
        playerId,
        { points, levelPoints, level: newLevel, lastEarnedAt },
        now,
      );
      if (credited > 0) {
        await repository.notify(tx, {
          playerId,
          trigger: 'wager',
          type: 'credit',
          amount: credited,
          level: null,
          createdAt: now,
        });
      }
      if (newLevel > account.level) {
        await repository.notify(tx, {
          playerId,
          trigger: 'level_up',
          type: 'level_up',
          amount: 0,
          level: newLevel,
          createdAt: now,
        });
      }
    }
  }

  const pointsConsumer: WagerConsumer = {
    name: LOYALTY_CONSUMER,
    apply: (tx, events) => applyEvents(tx as LoyaltyTx, events),
  };

  function notificationOutput(
    n: NotificationRecord,
    programme: ProgrammeRecord | null,
    locale: Locale,
  ): LoyaltyNotification {
    const aliases = programme
      ? aliasOutput(programme, locale)
      : { pointsAlias: 'points', pointsAliasOne: 'point' };
    const alias = (count: number) => countedAlias(count, aliases, locale);
    const level = n.level !== null ? programme?.levels.find((l) => l.position === n.level) : undefined;
    const texts = NOTICE_TEXTS[locale];
    const type = n.type as LoyaltyNotification['type'];
    const title = texts.title[type];
    const message =
      type === 'credit'
        ? `+${n.amount} ${alias(n.amount)}`
        : type === 'debit'
          ? `−${n.amount} ${alias(n.amount)}`
          : type === 'level_up'
            ? `${texts.levelUp} ${level?.name[locale] ?? n.level}`
            : `${texts.expired} ${n.amount} ${alias(n.amount)}`;
    return {
      id: Number(n.id),
      trigger: n.trigger as LoyaltyNotification['trigger'],
      type,
      title,
      message,
      amount: n.amount,
      amountType: 'points',
      image: level?.image ?? null,
      created_at: n.createdAt.toISOString(),
    };
  }

  // --- the back office (ADR 049) ----------------------------------------------------------------

  function editable(p: ProgrammeRecord) {
    return {
      name: p.name,
      description: p.description,
      pointsAlias: p.pointsAlias,
      pointsAliasOne: p.pointsAliasOne,
      expiryDays: p.expiryDays,
      downgrade: p.downgrade,
      rates: p.rates,
      levels: p.levels,
    };
  }

  function staffView(p: ProgrammeRecord, activeId: bigint | null): StaffProgramme {
    return {
      id: Number(p.id),
      key: p.key,
      version: editVersion(editable(p)),
      enabled: p.enabled,
      active: p.id === activeId,
      name: p.name,
      description: p.description,
      points_alias: p.pointsAlias,
      points_alias_one: p.pointsAliasOne,
      expiry_days: p.expiryDays,
      downgrade: p.downgrade,
      rates: p.rates.map((r) => ({
        product: r.product,
        game_type: r.gameType,
        currency: r.currency,
        points: r.points,
        per_amount: formatMinor(r.perMinor, currencyExponent(r.currency)),
      })),
      levels: p.levels,
    };
  }

  function checked(input: LoyaltyProgrammeInput): void {
    try {
      validateProgramme(input);
    } catch (error) {
      if (error instanceof LoyaltyProgrammeError) {
        throw new AppError('InvalidParameterException', {
          code: 'invalid_loyalty_programme',
          message: 'loyalty.invalid_programme',
          fields: { [error.field]: error.problem },
          values: { field: error.field, problem: error.problem },
          cause: error,
        });
      }
      throw error;
    }
  }

  const staff = {
    async staffList(): Promise<StaffProgramme[]> {
      const all = await repository.programmes(deps.db, { all: true });
      const active = all.find((p) => p.enabled)?.id ?? null;
      return all.map((p) => staffView(p, active));
    },

    async staffGet(id: bigint): Promise<StaffProgramme> {
      const found = (await staff.staffList()).find((p) => p.id === Number(id));
      if (!found) throw noProgramme();
      return found;
    },

    /** Creates a programme for staff (the newest enabled one is the active one); a taken key is refused. */
    async staffCreate(input: LoyaltyProgrammeInput): Promise<StaffProgramme> {
      checked(input);
      const created = await repository.insertProgramme(input);
      if (!created.created) {
        throw new AppError('InvalidParameterException', {
          code: 'loyalty_key_taken',
          message: 'loyalty.key_taken',
          fields: { key: 'loyalty_key_taken' },
        });
      }
      return staff.staffGet(created.id);
    },

    /**
     * Replaces a programme's texts, expiry, rates and levels (its key stays). Refused, typed, with
     * nothing written: a stale version, a bad programme, and — for the active programme — levels under
     * which any player would hold a lower level than now (`level_demotes_players`, with how many):
     * levels measure play already done, so staff may raise thresholds only where nobody stands.
     */
    async staffUpdate(
      id: bigint,
      version: string,
      input: Omit<LoyaltyProgrammeInput, 'key'>,
    ): Promise<{ before: StaffProgramme; after: StaffProgramme }> {
      const before = await staff.staffGet(id);
      const full = { ...input, key: before.key };
      checked(full);
      await deps.db.transaction(async (tx: LoyaltyTx) => {
        if (!(await repository.lockProgramme(tx, id))) throw noProgramme();
        const all = await repository.programmes(tx, { all: true });
        const current = all.find((p) => p.id === id);
        if (!current) throw noProgramme();
        assertVersion(editable(current), version);
        const active = all.find((p) => p.enabled);
        if (active?.id === id) {
          let demoted = 0;
          for (const range of demotedRanges(current.levels, full.levels)) {
            demoted += await repository.countLevelPointsIn(tx, range.from, range.to);
          }
          if (demoted > 0) {
            throw new AppError('InvalidParameterException', {
              code: 'level_demotes_players',
              message: 'loyalty.level_demotes_players',
              fields: { levels: 'level_demotes_players' },
              values: { players: demoted },
            });
          }
        }
        await repository.updateProgramme(tx, id, full);
      });
      return { before, after: await staff.staffGet(id) };
    },
  };

  const service = {
    async createProgramme(input: LoyaltyProgrammeInput): Promise<{ id: bigint; created: boolean }> {
      try {
        validateProgramme(input);
      } catch (error) {
        if (error instanceof LoyaltyProgrammeError) {
          throw new AppError('InvalidParameterException', {
            code: 'invalid_loyalty_programme',
            message: 'loyalty.invalid_programme',
            fields: { [error.field]: error.problem },
            values: { field: error.field, problem: error.problem },
            cause: error,
          });
        }
        throw error;
      }
      return repository.insertProgramme(input);
    },

    setProgrammeEnabled: (key: string, enabled: boolean) => repository.setProgrammeEnabled(key, enabled),
    activeProgramme: () => activeProgramme(),

    async programs(locale: Locale): Promise<{ items: LoyaltyProgram[]; total: number }> {
      const items = (await repository.programmes()).map((p) => programOutput(p, locale));
      return { items, total: items.length };
    },

    async program(
      by: { id?: number | undefined; sysname?: string | undefined },
      locale: Locale,
    ): Promise<LoyaltyProgram> {
      const all = await repository.programmes();
      const found =
        by.id !== undefined
          ? all.find((p) => p.id === BigInt(by.id!))
          : by.sysname !== undefined
            ? all.find((p) => p.key === by.sysname)
            : all[0];
      if (!found) throw noProgramme();
      return programOutput(found, locale);
    },

    async info(playerId: bigint, locale: Locale): Promise<LoyaltyInfo> {
      const programme = await activeProgramme();
      if (!programme) throw noProgramme();
      const account = await repository.account(deps.db, playerId);
      const characterId =
        account?.characterId ?? (await collaborators.signUpCharacter?.(playerId).then(toBigInt));
      const found = characterId ? await repository.character(characterId) : null;
      const character = found?.enabled ? found : null;
      const levelPoints = account?.levelPoints ?? 0;
      const expiry =
        account && account.points > 0 ? expiresAt(account.lastEarnedAt, programme.expiryDays) : null;
      return {
        id: Number(programme.id),
        is_active: programme.enabled,
        points: account?.points ?? 0,
        character: character ? characterOutput(character, locale) : null,
        levels: levelOutput(programme, locale),
        ...aliasOutput(programme, locale),
        uid: String(playerId),
        level: levelFor(programme.levels, levelPoints)?.position ?? 1,
        level_points: levelPoints,
        points_expire_at: expiry?.toISOString() ?? null,
      };
    },

    async characters(offset: number, limit: number, locale: Locale) {
      const page = await repository.characters(offset, limit);
      return { items: page.items.map((c) => characterOutput(c, locale)), offset, limit, total: page.total };
    },

    /** Whether a character exists and may be chosen (the sign-up form's choice is checked with it). */
    async characterExists(characterId: number): Promise<boolean> {
      return (await repository.character(BigInt(characterId)))?.enabled === true;
    },

    async setCharacter(playerId: bigint, characterId: number): Promise<void> {
      const character = await repository.character(BigInt(characterId));
      if (!character?.enabled) {
        throw new AppError('InvalidParameterException', {
          code: 'loyalty_character_not_found',
          message: 'loyalty.character_not_found',
          fields: { id: 'not_found' },
        });
      }
      await repository.setCharacter(playerId, character.id, deps.now());
    },

    async products(locale: Locale): Promise<{ items: LoyaltyProduct[]; total: number }> {
      const items = (await repository.products()).map((p) => productOutput(p, locale));
      return { items, total: items.length };
    },

    /**
     * Buys a product: in ONE transaction, the player's points row is locked, the balance checked,
     * the purchase recorded, the promotion granted through the bonuses module (grant key
     * `loyalty:purchase:<id>`) and the points deducted with a journal entry keyed by the purchase.
     * Anything refused rolls it all back: no points without the grant, no grant without the points.
     * Parallel purchases wait on the lock; a retry with the same `request_id` returns the first.
     */
    async buy(
      playerId: bigint,
      productId: number,
      requestId: string | undefined,
    ): Promise<{ purchase_id: number; points: number }> {
      const unknown = () =>
        new AppError('InvalidParameterException', {
          code: 'loyalty_product_not_found',
          message: 'loyalty.product_not_found',
          fields: { id: 'not_found' },
        });
      const product = await repository.product(deps.db, BigInt(productId));
      if (!product?.enabled) throw unknown();
      const templateId = await collaborators.templateIdByKey(product.bonusTemplateKey);
      if (templateId === null) throw unknown();
      const currency = await collaborators.playerCurrency(playerId);
      return deps.db.transaction(async (tx) => {
        await collaborators.assertNotExcluded(playerId, tx);
        const account = await repository.lockAccount(tx, playerId);
        if (requestId !== undefined) {
          const first = await repository.purchaseByRequestKey(tx, playerId, requestId);
          if (first) {
            if (first.productId !== product.id) {
              throw new AppError('InvalidParameterException', {
                code: 'loyalty_request_reused',
                message: 'loyalty.request_reused',
                fields: { request_id: 'reused' },
              });
            }
            return { purchase_id: Number(first.id), points: account.points };
          }
        }
        if (account.points < product.pricePoints) {
          throw new AppError('BillingTransactionDeclinedException', {
            code: 'insufficient_funds',
            message: 'loyalty.insufficient_points',
            data: { points: account.points, price: product.pricePoints },
          });
        }
        const now = deps.now();
        const purchase = await repository.insertPurchase(tx, {
          playerId,
          productId: product.id,
          pricePoints: product.pricePoints,
          requestKey: requestId ?? null,
          createdAt: now,
        });
        const bonus = await collaborators.grantInTx(tx, playerId, templateId, {
          currency,
          reason: `loyalty:${product.key}`,
          idempotencyKey: `loyalty:purchase:${purchase.id}`,
        });
        await repository.setPurchaseBonus(tx, purchase.id, bonus.id);
        const balance = account.points - product.pricePoints;
        await repository.journal(tx, {
          playerId,
          kind: 'spend',
          delta: -product.pricePoints,
          balanceAfter: balance,
          levelPointsAfter: account.levelPoints,
          purchaseId: purchase.id,
          createdAt: now,
        });
        await repository.updateAccount(tx, playerId, { points: balance }, now);
        await repository.notify(tx, {
          playerId,
          trigger: 'purchase',
          type: 'debit',
          amount: product.pricePoints,
          level: null,
          createdAt: now,
        });
        return { purchase_id: Number(purchase.id), points: balance };
      });
    },

    /**
     * Credits `points` once per `key` in the caller's transaction (a tournament prize; ADR 036). A
     * prize adds to the spendable balance and restarts the expiry clock like an earning, but not to
     * the level points: levels measure play (ADR 033). A second call with the key moves nothing.
     */
    async awardPoints(tx: LoyaltyTx, playerId: bigint, points: number, key: string): Promise<boolean> {
      if (!Number.isSafeInteger(points) || points <= 0 || key === '') {
        throw new AppError('InvalidParameterException', {
          code: 'invalid_parameter',
          message: 'loyalty.invalid_award',
          fields: { points: 'invalid' },
        });
      }
      const account = await repository.lockAccount(tx, playerId);
      const now = deps.now();
      const balance = account.points + points;
      const written = await repository.journal(tx, {
        playerId,
        kind: 'award',
        delta: points,
        balanceAfter: balance,
        levelPointsAfter: account.levelPoints,
        awardKey: key,
        createdAt: now,
      });
      if (!written) return false;
      await repository.updateAccount(tx, playerId, { points: balance, lastEarnedAt: now }, now);
      await repository.notify(tx, {
        playerId,
        trigger: 'prize',
        type: 'credit',
        amount: points,
        level: null,
        createdAt: now,
      });
      return true;
    },

    async notifications(playerId: bigint, locale: Locale): Promise<{ items: LoyaltyNotification[] }> {
      const taken = await repository.takeNotifications(playerId, NOTIFICATIONS_PER_CALL, deps.now());
      if (taken.length === 0) return { items: [] };
      const programme = await activeProgramme();
      return { items: taken.map((n) => notificationOutput(n, programme, locale)) };
    },

    /**
     * Lapses the balances of players who earned nothing for the programme's `expiryDays`: one
     * transaction per player with the account locked and the condition read again, an `expire`
     * journal entry, and the level points kept or reset by the downgrade policy.
     */
    async expireDue(): Promise<number> {
      const programme = await activeProgramme();
      if (!programme || programme.expiryDays === null) return 0;
      const now = deps.now();
      const before = new Date(now.getTime() - programme.expiryDays * 86_400_000);
      const ids = await repository.expiringPlayers(before, EXPIRY_BATCH);
      let expired = 0;
      for (const playerId of ids) {
        const done = await deps.db.transaction(async (tx) => {
          const account = await repository.lockAccount(tx, playerId);
          if (account.points === 0 || !isExpired(account.lastEarnedAt, programme.expiryDays, now))
            return false;
          const after = afterExpiry(account, programme.downgrade);
          await repository.journal(tx, {
            playerId,
            kind: 'expire',
            delta: -account.points,
            balanceAfter: after.points,
            levelPointsAfter: after.levelPoints,
            createdAt: now,
          });
          await repository.updateAccount(
            tx,
            playerId,
            { ...after, level: levelFor(programme.levels, after.levelPoints)?.position ?? 1 },
            now,
          );
          await repository.notify(tx, {
            playerId,
            trigger: 'expiry',
            type: 'expiry',
            amount: account.points,
            level: null,
            createdAt: now,
          });
          return true;
        });
        if (done) expired += 1;
      }
      if (expired > 0) deps.log.info({ expired }, 'loyalty points expired');
      return expired;
    },

    journalOf: (playerId: bigint) => repository.journalOf(playerId),

    /** The demo programme, characters and shop (seed `loyalty-demo-v1`); idempotent by key. */
    async seed(): Promise<void> {
      await service.createProgramme(DEMO_LOYALTY_PROGRAMME);
      for (const character of DEMO_LOYALTY_CHARACTERS) await repository.insertCharacter(character);
      for (const product of DEMO_LOYALTY_PRODUCTS) await repository.insertProduct(product);
    },
  };

  const periodic = deps.jobs.recurring({
    name: 'loyalty expiry',
    everyMs: LOYALTY_PASS_EVERY_MS,
    firstDelayMs: LOYALTY_PASS_EVERY_MS,
    pass: async () => {
      await service.expireDue();
    },
  });

  return {
    ...service,
    ...staff,
    pointsConsumer,
    start(): void {
      periodic.start();
    },
    async stop(): Promise<void> {
      await periodic.stop();
    },
  };
}

const NOTICE_TEXTS = {
  en: {
    title: {
      credit: 'Points earned',
      debit: 'Points spent',
      level_up: 'New level',
      expiry: 'Points expired',
    },
    levelUp: 'You reached the level',
    expired: 'Your balance has lapsed:',
  },
  fr: {
    title: {
      credit: 'Points gagnés',
      debit: 'Points dépensés',
      level_up: 'Nouveau niveau',
      expiry: 'Points expirés',
    },
    levelUp: 'Vous avez atteint le niveau',
    expired: 'Votre solde a expiré :',
  },
} as const;

export type LoyaltyService = ReturnType<typeof createLoyaltyService>;
