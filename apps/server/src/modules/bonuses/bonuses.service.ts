/**
 * Bonuses (issue #12, ADR 020): templates, grants, the player's actions (activate, deactivate,
 * remove), expiry, the max-bet rule and the wagering consumer of the wager stream. Every status
 * change runs the pure state machine (bonus-state.ts), posts its money through the wallet's bonus
 * moves and appends its audit row in one transaction, with the bonus row locked.
 */
import type { BonusOutput } from '@croupier/contract/bonuses/common';
import type { bonusesGet } from '@croupier/contract/bonuses/get';
import type { Locale } from '@croupier/contract/locales';
import type { MethodParsedInput } from '@croupier/contract/method';
import type { Money } from '@croupier/contract/params';
import { currencyExponent } from '@croupier/money/currencies';
import { formatMinor } from '@croupier/money/decimal';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { assertVersion, editVersion } from '../../lib/edit-version.ts';
import { closePack } from '../games/free-rounds.ts';
import type { GamesService } from '../games/games.service.ts';
import type { WagerProduct } from '../wagers/wager-event.ts';
import type { BonusMoves, BonusMoveTarget } from '../wallet/bonus-moves.ts';
import { type BonusAction, BonusTransitionError, isFunded, nextBonusState } from './bonus-state.ts';
import { BonusTemplateError, type BonusTemplateInput, validateTemplate } from './bonus-template.ts';
import {
  type BonusTx,
  createBonusesRepository,
  type PlayerBonusRecord,
  type TemplateRecord,
} from './bonuses.repository.ts';
import { createGrantInTransaction, type GrantOptions, type PlayerGate } from './grant-in-transaction.ts';
import { DEMO_BONUS_TEMPLATES } from './seed-bonuses.ts';
import { createWageringConsumer } from './wagering-consumer.ts';

const DAY_MS = 86_400_000;

/** Expiry handles at most this many bonuses per pass (each in its own transaction). */
/** The max bet's SQL, for the bet check's statement (services.ts, ADR 070). */
export { maxBetSql } from './bonuses.repository.ts';

export const EXPIRY_BATCH = 200;
/** Pause between two expiry passes (a deadline is honoured within this much). */
export const EXPIRY_EVERY_MS = 60_000;

type BonusesGetInput = MethodParsedInput<typeof bonusesGet>;

/** A refused template, typed (`invalid_bonus_template`, the field and the problem). */
export function invalidTemplate(error: BonusTemplateError): AppError {
  return new AppError('InvalidParameterException', {
    code: 'invalid_bonus_template',
    message: 'bonuses.invalid_template',
    fields: { [error.field]: error.problem },
    values: { field: error.field, problem: error.problem },
    cause: error,
  });
}

export function createBonusesService(
  deps: Pick<Deps, 'db' | 'log' | 'now' | 'config' | 'jobs'>,
  collaborators: {
    bonusMoves: BonusMoves;
    games: Pick<GamesService, 'gameTypesByIds' | 'awardFreespinPack'>;
    /** Refuses grants and activations to an excluded player (responsible gaming, ADR 025). */
    playerGate?: PlayerGate;
  },
) {
  const { bonusMoves, games, playerGate } = collaborators;
  const repository = createBonusesRepository(deps.db);
  const grantInTransaction = createGrantInTransaction(deps, playerGate);

  const notFound = () =>
    new AppError('InvalidParameterException', {
      code: 'bonus_not_found',
      message: 'bonuses.not_found',
      fields: { bonus_id: 'not_found' },
    });

  function target(bonus: PlayerBonusRecord): BonusMoveTarget {
    return { bonusId: bonus.id, playerId: bonus.playerId, currency: bonus.currency, account: bonus.account };
  }

  async function templateOf(id: bigint, tx?: BonusTx): Promise<TemplateRecord> {
    const template = (await repository.templates([id], tx)).get(id);
    if (!template) throw new Error(`bonus template ${id} vanished`);
    return template;
  }

  /**
   * Runs `action` on a locked bonus: the state machine decides, the money moves, the row and the
   * audit are written, all on `tx`. A refused action throws the typed error of the action.
   */
  async function step(
    tx: BonusTx,
    bonus: PlayerBonusRecord,
    template: TemplateRecord,
    action: BonusAction,
    who: { actor: string; reason: string },
  ): Promise<PlayerBonusRecord> {
    const now = deps.now();
    let result: ReturnType<typeof nextBonusState>;
    try {
      result = nextBonusState(
        {
          status: bonus.status,
          requiredMinor: bonus.wageringRequiredMinor,
          progressMinor: bonus.wageringProgressMinor,
          completesOnActivation: false,
          freeRounds: template.kind === 'free_spins',
        },
        action,
      );
    } catch (error) {
      if (error instanceof BonusTransitionError) throw refusal(action.type, error);
      throw error;
    }
    const next: PlayerBonusRecord = {
      ...bonus,
      status: result.state.status,
      wageringProgressMinor: result.state.progressMinor,
      wageringRequiredMinor: result.state.requiredMinor,
      updatedAt: now,
    };
    // A removed or expired free-spin bonus takes its pack's remaining spins with it (ADR 024).
    if (
      bonus.freespinPackId !== null &&
      (action.type === 'remove' || action.type === 'expire') &&
      result.transitions.length > 0
    ) {
      await closePack(tx, bonus.freespinPackId, action.type === 'remove' ? 'canceled' : 'expired');
    }
    if (action.type === 'activate') {
      next.activatedAt = now;
      next.wagerBy = new Date(now.getTime() + template.wageringDays * DAY_MS);
      next.activations = bonus.activations + 1;
      if (template.kind === 'free_spins') {
        const amounts = template.amounts[bonus.currency];
        const packId = await games.awardFreespinPack(tx, {
          playerId: bonus.playerId,
          gameSysname: template.freespinGame ?? '',
          count: template.freespinCount ?? 0,
          currency: bonus.currency,
          betMinor: amounts?.spinBetMinor ?? 0n,
          description: template.description,
          expiresAt: next.wagerBy,
        });
        if (packId === null) {
          throw new AppError('InvalidParameterException', {
            code: 'bonus_game_unavailable',
            message: 'bonuses.game_unavailable',
          });
        }
        next.freespinPackId = packId;
      }
    }
    for (const effect of result.effects) {
      switch (effect) {
        case 'fund':
          await bonusMoves.fund(tx, target(bonus), bonus.amountMinor, next.activations);
          break;
        case 'unfund': {
          // Only an untouched balance goes back: a bonus played on (even on games that do not
          // count) cannot be set aside and funded afresh.
          const balance = await bonusMoves.balanceMinor(tx, target(bonus));
          if (balance !== bonus.amountMinor) {
            throw new AppError('InvalidParameterException', {
              code: 'bonus_in_play',
              message: 'bonuses.not_deactivatable',
            });
          }
          await bonusMoves.unfund(tx, target(bonus), bonus.amountMinor, bonus.activations);
          next.activatedAt = null;
          next.wagerBy = null;
          break;
        }
        case 'burn':
          next.forfeitedMinor = (next.forfeitedMinor ?? 0n) + (await bonusMoves.burn(tx, target(bonus)));
          break;
        case 'convert': {
          const maxWin = template.amounts[bonus.currency]?.maxWinMinor ?? null;
          const converted = await bonusMoves.convert(tx, target(bonus), maxWin);
          next.convertedMinor = converted.convertedMinor;
          next.forfeitedMinor = (next.forfeitedMinor ?? 0n) + converted.forfeitedMinor;
          break;
        }
      }
    }
    await repository.updateBonus(tx, bonus.id, {
      status: next.status,
      amountMinor: next.amountMinor,
      wageringRequiredMinor: next.wageringRequiredMinor,
      wageringProgressMinor: next.wageringProgressMinor,
      activations: next.activations,
      activatedAt: next.activatedAt,
      wagerBy: next.wagerBy,
      convertedMinor: next.convertedMinor,
      forfeitedMinor: next.forfeitedMinor,
      freespinPackId: next.freespinPackId,
      updatedAt: now,
    });
    let from = bonus.status;
    for (const to of result.transitions) {
      await repository.insertAudit(tx, bonus.id, { fromStatus: from, toStatus: to, ...who, at: now });
      from = to;
    }
    return next;
  }

  function refusal(action: BonusAction['type'], cause: unknown): AppError {
    const message =
      action === 'activate'
        ? 'bonuses.not_available'
        : action === 'deactivate'
          ? 'bonuses.not_deactivatable'
          : 'bonuses.not_removable';
    const code =
      action === 'activate'
        ? 'bonus_not_available'
        : action === 'deactivate'
          ? 'bonus_not_deactivatable'
          : 'bonus_not_removable';
    return new AppError('InvalidParameterException', { code, message, cause });
  }

  /** A player's action on their own bonus; another player's bonus is not found (nothing changes). */
  async function playerAction(
    playerId: bigint,
    bonusId: bigint,
    action: 'activate' | 'deactivate' | 'remove',
    account?: PlayerBonusRecord['account'],
  ): Promise<PlayerBonusRecord> {
    try {
      return await deps.db.transaction(async (tx) => {
        const bonus = await repository.lockBonus(tx, bonusId);
        if (!bonus || bonus.playerId !== playerId) throw notFound();
        // BettingBonuses.* act on betting bonuses only (spec §7): another bonus is not theirs to touch.
        if (account !== undefined && bonus.account !== account) throw notFound();
        if (action === 'activate' && playerGate) await playerGate(tx, playerId);
        const template = await templateOf(bonus.templateId, tx);
        if (action === 'activate' && bonus.status === 'available' && bonus.activateBy <= deps.now()) {
          throw refusal('activate', null);
        }
        return step(tx, bonus, template, { type: action }, { actor: `player:${playerId}`, reason: action });
      });
    } catch (error) {
      // Another funded bonus on the same account: the partial unique index refuses the activation.
      if (pgConstraint(error) === 'player_bonuses_one_funded_idx') {
        throw new AppError('InvalidParameterException', {
          code: 'bonus_already_active',
          message: 'bonuses.already_active',
          cause: error,
        });
      }
      throw error;
    }
  }

  function money(amountMinor: bigint, currency: string): Money {
    return { amount: formatMinor(amountMinor, currencyExponent(currency)), currency };
  }

  function toOutput(
    bonus: PlayerBonusRecord,
    template: TemplateRecord,
    balanceMinor: bigint,
    locale: Locale,
  ): BonusOutput {
    const amounts = template.amounts[bonus.currency];
    const left = bonus.wageringRequiredMinor - bonus.wageringProgressMinor;
    return {
      id: Number(bonus.id),
      kind: template.kind,
      status: bonus.status,
      name: template.name[locale],
      description: template.description[locale],
      amount: money(bonus.amountMinor, bonus.currency),
      balance: money(balanceMinor, bonus.currency),
      wagering: {
        multiplier: template.wageringMultiplier,
        required: money(bonus.wageringRequiredMinor, bonus.currency),
        progress: money(bonus.wageringProgressMinor, bonus.currency),
        left: money(left > 0n ? left : 0n, bonus.currency),
      },
      max_bet: amounts?.maxBetMinor ? money(amounts.maxBetMinor, bonus.currency) : null,
      max_win: amounts?.maxWinMinor ? money(amounts.maxWinMinor, bonus.currency) : null,
      converted: bonus.convertedMinor === null ? null : money(bonus.convertedMinor, bonus.currency),
      activate_by: bonus.activateBy.toISOString(),
      wager_by: bonus.wagerBy?.toISOString() ?? null,
      created_at: bonus.createdAt.toISOString(),
    };
  }

  function validated(input: BonusTemplateInput): void {
    try {
      validateTemplate(input, deps.config.BONUS_MAX_WAGERING_MULTIPLIER);
    } catch (error) {
      if (error instanceof BonusTemplateError) throw invalidTemplate(error);
      throw error;
    }
  }

  const templateNotFound = () =>
    new AppError('MethodNotFoundException', { code: 'not_found', message: 'not_found' });

  /** A template as the back office edits it, with its version (ADR 048). */
  function staffTemplateView(template: TemplateRecord, inUse: boolean): StaffTemplate {
    const { id, ...fields } = template;
    return { ...fields, id, version: editVersion(fields), inUse };
  }

  /** The fields a granted bonus reads from its template (all but name, description, switch). */
  function grantRules(template: BonusTemplateInput & { id?: bigint; enabled: boolean }): unknown {
    const { name: _n, description: _d, key: _k, id: _i, enabled: _e, ...rules } = template;
    return rules;
  }

  const service = {
    /** The back office's templates (ADR 048), oldest first, each with its version. */
    async staffTemplates(): Promise<StaffTemplate[]> {
      const ids = await repository.allTemplateIds();
      const found = await repository.templates(ids);
      const views: StaffTemplate[] = [];
      for (const id of ids) {
        const template = found.get(id);
        if (template) views.push(staffTemplateView(template, await repository.templateInUse(deps.db, id)));
      }
      return views;
    },

    async staffTemplate(id: bigint): Promise<StaffTemplate> {
      const template = (await repository.templates([id])).get(id);
      if (!template) throw templateNotFound();
      return staffTemplateView(template, await repository.templateInUse(deps.db, id));
    },

    /**
     * Marketing creates a template (ADR 048): the seed's validation, then `taken` when the key
     * exists. Nothing is written on a refusal.
     */
    async createStaffTemplate(input: BonusTemplateInput & { enabled: boolean }): Promise<StaffTemplate> {
      validated(input);
      const { enabled, ...template } = input;
      const stored = await repository.insertTemplate(template, enabled);
      if (!stored.created) {
        throw new AppError('InvalidParameterException', {
          code: 'taken',
          message: 'key_taken',
          fields: { key: 'taken' },
        });
      }
      return service.staffTemplate(stored.id);
    },

    /**
     * Marketing edits a template (ADR 048), made from `version`: under the row's lock, `stale_version`
     * when it changed meanwhile; `template_in_use` when players hold bonuses of it and the edit
     * touches what those bonuses read (only name, description and the switch may change then).
     * The key never changes. Returns the record before and after.
     */
    async updateStaffTemplate(
      id: bigint,
      version: string,
      input: Omit<BonusTemplateInput, 'key'> & { enabled: boolean },
    ): Promise<{ before: StaffTemplate; after: StaffTemplate }> {
      const before = await deps.db.transaction(async (tx) => {
        if (!(await repository.lockTemplate(tx, id))) throw templateNotFound();
        const current = (await repository.templates([id], tx)).get(id)!;
        const { id: _id, ...fields } = current;
        assertVersion(fields, version);
        const next = { ...input, key: current.key };
        validated(next);
        const inUse = await repository.templateInUse(tx, id);
        if (inUse && editVersion(grantRules(next)) !== editVersion(grantRules(current))) {
          throw new AppError('InvalidParameterException', {
            code: 'template_in_use',
            message: 'template_in_use',
            fields: { template: 'in_use' },
          });
        }
        await repository.updateTemplate(tx, id, next);
        return staffTemplateView(current, inUse);
      });
      return { before, after: await service.staffTemplate(id) };
    },

    /** Validates and stores a template (seeds now, the back office later); idempotent by key. */
    async createTemplate(input: BonusTemplateInput): Promise<{ id: bigint; created: boolean }> {
      validated(input);
      return repository.insertTemplate(input);
    },

    templateIdByKey: (key: string) => repository.templateIdByKey(key),

    /**
     * Grants a bonus (status available, no money yet: activation funds it). Idempotent by
     * `idempotencyKey`: a replay returns the first grant; the same key for another player or
     * template is refused.
     */
    grant(playerId: bigint, templateId: bigint, options: GrantOptions): Promise<PlayerBonusRecord> {
      // One set of grant rules (grant-in-transaction.ts): here in a transaction of its own, for
      // offers and promo codes inside theirs.
      return deps.db.transaction((tx) => grantInTransaction(tx, playerId, templateId, options));
    },

    activate: (playerId: bigint, bonusId: bigint) => playerAction(playerId, bonusId, 'activate'),
    deactivate: (playerId: bigint, bonusId: bigint) => playerAction(playerId, bonusId, 'deactivate'),
    /** Removes a bonus: available → cancelled, funded → burned (its balance forfeited). */
    remove: (playerId: bigint, bonusId: bigint) => playerAction(playerId, bonusId, 'remove'),

    /** BettingBonuses.activate / remove (spec §7): the same steps, on a betting bonus only (ADR 034). */
    activateBetting: (playerId: bigint, bonusId: bigint) =>
      playerAction(playerId, bonusId, 'activate', 'betting_bonus'),
    removeBetting: (playerId: bigint, bonusId: bigint) =>
      playerAction(playerId, bonusId, 'remove', 'betting_bonus'),

    /** bonuses.get: the player's bonuses, newest first; BettingBonuses.get: only the betting ones. */
    async list(
      playerId: bigint,
      input: BonusesGetInput,
      locale: Locale,
      account?: PlayerBonusRecord['account'],
    ): Promise<{ items: BonusOutput[]; total: number }> {
      const page = await repository.listBonuses(playerId, {
        account: account ?? null,
        statuses: input.status && input.status.length > 0 ? input.status : null,
        offset: input.offset,
        count: input.count,
      });
      const templates = await repository.templates([...new Set(page.items.map((b) => b.templateId))]);
      // Only a funded bonus holds money; the ledger is the one source of its balance.
      const balances = await Promise.all(
        page.items.map((bonus) =>
          bonus.status === 'active' || bonus.status === 'wagering'
            ? bonusMoves.balanceMinor(deps.db, target(bonus))
            : Promise.resolve(0n),
        ),
      );
      return {
        total: page.total,
        items: page.items.map((bonus, index) =>
          toOutput(bonus, templates.get(bonus.templateId)!, balances[index] ?? 0n, locale),
        ),
      };
    },

    /**
     * A free round of the bonus's pack won `winMinor`, which the game wallet credited to the bonus
     * balance in this transaction (ADR 024): the bonus amount grows by it and the requirement by it
     * × the template's multiplier. A bonus no longer active (burned, expired meanwhile) gains
     * nothing: the wagering consumer sweeps that money when the win's event arrives.
     */
    async freeRoundWon(tx: BonusTx, packId: bigint, winMinor: bigint): Promise<void> {
      const bonus = await repository.lockBonusByPack(tx, packId);
      if (bonus?.status !== 'active' || winMinor <= 0n) return;
      const template = await templateOf(bonus.templateId, tx);
      if (template.kind !== 'free_spins') return;
      await step(
        tx,
        { ...bonus, amountMinor: bonus.amountMinor + winMinor },
        template,
        { type: 'free_round_win', requirementMinor: winMinor * BigInt(template.wageringMultiplier) },
        { actor: 'system:free_rounds', reason: 'free_round_win' },
      );
    },

    /**
     * The pack's last free round settled (ADR 024): the bonus goes to wagering when its wins left
     * something to wager, else completes (converting what it holds, if anything).
     */
    async freeRoundsEnded(tx: BonusTx, packId: bigint): Promise<void> {
      const bonus = await repository.lockBonusByPack(tx, packId);
      if (bonus?.status !== 'active') return;
      const template = await templateOf(bonus.templateId, tx);
      if (template.kind !== 'free_spins') return;
      await step(
        tx,
        bonus,
        template,
        { type: 'free_rounds_end' },
        { actor: 'system:free_rounds', reason: 'pack_ended' },
      );
    },

    /** One bonus by id (support, tests), or null. */
    find: (bonusId: bigint) => repository.bonus(bonusId),

    audit: (bonusId: bigint) => repository.audit(bonusId),

    /**
     * The largest stake allowed to the player in `currency` while bonus money is at stake (a
     * funded bonus of the product — casino by default, sport for a betting bonus — whose template
     * sets a max bet), or null: no limit (`maxBetSql`). The bet path reads the same SQL in its
     * responsible-gaming check's statement (ADR 070).
     */
    async maxBetFor(
      playerId: bigint,
      currency: string,
      product: WagerProduct = 'casino',
      /** The caller's transaction, so the read uses its connection. */
      executor?: BonusTx,
    ): Promise<bigint | null> {
      return repository.maxBet(playerId, currency, product, executor);
    },

    /**
     * Refuses a stake over the max bet with a typed API error (`bet_limit_exceeded`), for callers
     * on the API side. The game wallet's `checkBet` hook wants its own `BetRefused` and is wired
     * on `maxBetFor` (services.ts).
     */
    async assertWithinMaxBet(playerId: bigint, currency: string, stakeMinor: bigint): Promise<void> {
      const max = await service.maxBetFor(playerId, currency);
      if (max !== null && stakeMinor > max) {
        throw new AppError('InvalidParameterException', {
          code: 'bet_limit_exceeded',
          message: 'bonuses.max_bet_exceeded',
          values: { max: `${formatMinor(max, currencyExponent(currency))} ${currency}` },
        });
      }
    },

    /**
     * Expires what is past its deadline at `now`: available bonuses past the activation deadline
     * (nothing moves), funded ones past the wagering deadline (the balance burns). One transaction
     * per bonus; a bonus that changed meanwhile is re-checked under its lock. Returns how many
     * expired. Meant to run on the job queue every few minutes (`expireDueBonuses`).
     */
    async expireDue(limit = EXPIRY_BATCH): Promise<number> {
      const now = deps.now();
      let expired = 0;
      for (const id of await repository.dueBonusIds(now, limit)) {
        const done = await deps.db.transaction(async (tx) => {
          const bonus = await repository.lockBonus(tx, id);
          if (!bonus) return false;
          const due =
            (bonus.status === 'available' && bonus.activateBy <= now) ||
            (isFunded(bonus.status) && bonus.wagerBy !== null && bonus.wagerBy <= now);
          if (!due) return false;
          const template = await templateOf(bonus.templateId, tx);
          await step(
            tx,
            bonus,
            template,
            { type: 'expire' },
            {
              actor: 'system:expiry',
              reason: bonus.status === 'available' ? 'activation_deadline' : 'wagering_deadline',
            },
          );
          return true;
        });
        if (done) expired += 1;
      }
      if (expired > 0) deps.log.info({ expired }, 'bonuses expired');
      return expired;
    },

    /** The demo templates (seed `bonuses-demo-v1`); idempotent by key. */
    async seed(): Promise<void> {
      for (const template of DEMO_BONUS_TEMPLATES) await service.createTemplate(template);
    },
  };

  const wageringConsumer = createWageringConsumer({
    repository,
    games,
    templates: (ids, tx) => repository.templates(ids, tx),
    sweep: (tx, target, amountMinor, eventId) => bonusMoves.sweep(tx, target, amountMinor, eventId),
    wager: (tx, bonus, template, contributionMinor, reason) =>
      step(
        tx,
        bonus,
        template,
        { type: 'wager', contributionMinor },
        { actor: 'consumer:bonus_wagering', reason },
      ),
  });

  // Expiry runs on the job queue (ADR 015): one pass a minute across all nodes; a pass that hits
  // the batch limit leaves the rest to the next one.
  const expiry = deps.jobs.recurring({
    name: 'bonus expiry',
    everyMs: EXPIRY_EVERY_MS,
    firstDelayMs: EXPIRY_EVERY_MS,
    pass: () => service.expireDue(),
  });

  return {
    ...service,
    wageringConsumer,
    /** Starts the expiry pass (app ready). */
    startExpiry(): void {
      expiry.start();
    },
    /** Stops it and waits for a pass in flight (app close, before the pool closes). */
    async stopExpiry(): Promise<void> {
      await expiry.stop();
    },
    /** Makes the expiry pass due now on whichever node and waits for it (support, tests). */
    async runExpiryNow(maxWaitMs = 5_000): Promise<void> {
      await expiry.runNow(maxWaitMs);
    },
  };
}

export type BonusesService = ReturnType<typeof createBonusesService>;

/** A template as the back office sees it: its fields, its version (ADR 048), whether players hold bonuses of it. */
export interface StaffTemplate extends TemplateRecord {
  version: string;
  inUse: boolean;
}

function pgConstraint(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth += 1) {
    const constraint = (current as { constraint?: unknown }).constraint;
    if (typeof constraint === 'string') return constraint;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
