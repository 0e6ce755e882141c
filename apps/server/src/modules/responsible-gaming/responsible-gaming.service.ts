/**
 * Responsible gaming (ADR 025): loss and wager limits over rolling windows, enforced in the bet's
 * own transaction (`checkBet`, composed with the bonus max bet in services.ts), and time-outs and
 * self-exclusions, which end the player's sessions and leave only withdrawals open.
 */
import type { Locale } from '@croupier/contract/locales';
import type { RgLimitsOutput } from '@croupier/contract/responsible-gaming/common';
import { currencyExponent } from '@croupier/money/currencies';
import { formatMinor } from '@croupier/money/decimal';
import type { SQL } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { BetRefused, type CheckBet } from '../gamewallet/gamewallet.service.ts';
import type { WagerProduct } from '../wagers/wager-event.ts';
import { playerWagerTotals } from '../wagers/wagers.service.ts';
import { parseAmount } from '../wallet/typed-amount.ts';
import { type ExclusionDuration, exclusionEnd } from './exclusions.ts';
import {
  breachedBy,
  effectiveLimit,
  LIMIT_PERIODS,
  type LimitKind,
  type LimitPeriod,
  type LimitRecord,
  planLimitChange,
  usage,
  type WindowTotals,
  waitingChange,
  windowStart,
} from './limits.ts';
import {
  createResponsibleGamingRepository,
  type ExclusionRecord,
  type ResponsibleGamingQueries,
  type RgTx,
  responsibleGamingQueries,
} from './responsible-gaming.repository.ts';
import { createRgRules, exclusionOutputAt, RG_PAGE, type RgNoticeKind, startNoticeOf } from './rg-rules.ts';
import { sessionLimitReached } from './sessions.ts';

export interface ResponsibleGamingCollaborators {
  /** The player's currency (limits are amounts in it). */
  playerCurrency(playerId: bigint, locale: Locale): Promise<string>;
  /** Ends every session of the player (a time-out or self-exclusion logs them out). */
  endSessions(playerId: bigint): Promise<void>;
  /** Posts a notice to the player's notifications menu, in the given transaction (ADR 029). */
  postNotice?: (tx: RgTx, playerId: bigint, kind: RgNoticeKind, link: string) => Promise<void>;
  /** SQL for the start of the player's current session (auth), read in a game bet's transaction. */
  sessionStartSql(playerId: SQL, now: SQL): SQL;
  /**
   * SQL for the player's maximum bet on a product (the bonuses module's `maxBetSql`, ADR 020), NULL
   * without one: read in the bet check's statement (ADR 070), a stake above it refused after the
   * responsible-gaming verdicts with `bet_limit_exceeded`.
   */
  maxBetSql(playerId: SQL, currency: SQL, product: WagerProduct): SQL;
}

function money(amountMinor: bigint, currency: string) {
  return { amount: formatMinor(amountMinor, currencyExponent(currency)), currency };
}

function invalidAmount(problem: string, digits: number) {
  return new AppError('InvalidParameterException', {
    code: 'invalid_parameter',
    fields: { amount: problem },
    message: 'responsible_gaming.amount_invalid',
    values: { digits },
  });
}

/**
 * The refusal of an action an excluded player may not take (deposits, bets, bonuses, promo codes).
 * The end is a Date: the message writes it in the reader's language (lib/format-date-time.ts).
 */
export function excludedError(exclusion: ExclusionRecord, now: Date) {
  const ended = exclusion.endsAt.getTime() <= now.getTime();
  const reopensAt = exclusion.reopensAt ?? null;
  let message = 'responsible_gaming.timed_out';
  let until: Date | undefined = exclusion.endsAt;
  if (exclusion.kind === 'self_exclusion') {
    message = ended
      ? reopensAt
        ? 'responsible_gaming.reopening'
        : 'responsible_gaming.reopen_needed'
      : 'responsible_gaming.self_excluded';
    until = ended ? (reopensAt ?? undefined) : exclusion.endsAt;
  }
  return new AppError('AccessDeniedException', {
    code: 'rg_excluded',
    message,
    ...(until ? { values: { until } } : {}),
    data: {
      kind: exclusion.kind,
      ends_at: exclusion.endsAt.toISOString(),
      reopens_at: reopensAt ? reopensAt.toISOString() : null,
    },
  });
}

export function createResponsibleGamingService(
  deps: Pick<Deps, 'db' | 'now' | 'jobs' | 'log'>,
  collaborators: ResponsibleGamingCollaborators,
) {
  const repository = createResponsibleGamingRepository(deps.db);

  async function totalsAt(
    tx: RgTx,
    playerId: bigint,
    currency: string,
    now: Date,
  ): Promise<Record<LimitPeriod, WindowTotals>> {
    const sums = await playerWagerTotals(
      tx,
      playerId,
      currency,
      LIMIT_PERIODS.map((period) => windowStart(period, now)),
    );
    const zero = { wageredMinor: 0n, netLossMinor: 0n };
    return { day: sums[0] ?? zero, week: sums[1] ?? zero, month: sums[2] ?? zero };
  }

  async function state(
    repo: ResponsibleGamingQueries,
    tx: RgTx,
    playerId: bigint,
    currency: string,
    now: Date,
  ): Promise<RgLimitsOutput> {
    const records = await repo.listLimits(playerId);
    const totals = records.length > 0 ? await totalsAt(tx, playerId, currency, now) : null;
    const order: Record<LimitPeriod, number> = { day: 0, week: 1, month: 2 };
    const kinds: Record<LimitKind, number> = { loss: 0, wager: 1 };
    const limits: RgLimitsOutput['limits'] = [];
    for (const record of [...records].sort(
      (a, b) => kinds[a.kind] - kinds[b.kind] || order[a.period] - order[b.period],
    )) {
      const inForce = effectiveLimit(record, now);
      if (inForce === null || !totals) continue;
      // A limit kept in another currency than the player's now cannot be compared: nothing is left.
      const sameCurrency = record.currency === currency;
      const { used, left } = usage(record.kind, inForce, totals[record.period]);
      const waiting = waitingChange(record, now);
      limits.push({
        kind: record.kind,
        period: record.period,
        limit_amount: money(inForce, record.currency),
        used_amount: money(sameCurrency ? used : 0n, record.currency),
        left_amount: money(sameCurrency ? left : 0n, record.currency),
        pending_limit_amount:
          waiting && waiting.limitMinor !== null ? money(waiting.limitMinor, record.currency) : null,
        pending_removal: waiting !== null && waiting.limitMinor === null,
        pending_effective_at: waiting ? waiting.effectiveAt.toISOString() : null,
      });
    }
    return { currency, limits, exclusion: exclusionOutputAt(await repo.activeExclusion(playerId, now), now) };
  }

  /**
   * The bet path's check, in the bet's transaction: a game bet (`casino`) with the session limit
   * too; for both, the product's bonus max bet read in the same statement (ADR 070).
   */
  async function checkStake(
    tx: RgTx,
    playerId: bigint,
    currency: string,
    stakeMinor: bigint,
    product: WagerProduct,
  ): Promise<void> {
    const now = deps.now();
    // One round trip for everyone; the window sums only for players with limits.
    const facts = await responsibleGamingQueries(tx).betFacts(
      playerId,
      currency,
      now,
      product === 'casino' ? collaborators.sessionStartSql : null,
      (player, inCurrency) => collaborators.maxBetSql(player, inCurrency, product),
    );
    if (facts.excluded) throw new BetRefused('rg_excluded');
    const inForce: { kind: LimitKind; period: LimitPeriod; limitMinor: bigint }[] = [];
    for (const record of facts.limits) {
      const limitMinor = effectiveLimit(record, now);
      if (limitMinor === null) continue;
      // A limit in another currency than the bet's cannot be compared: it refuses every bet.
      if (record.currency !== currency) throw new BetRefused(limitCode(record.kind));
      inForce.push({ kind: record.kind, period: record.period, limitMinor });
    }
    if (inForce.length > 0) {
      const breached = breachedBy(inForce, await totalsAt(tx, playerId, currency, now), stakeMinor);
      if (breached) throw new BetRefused(limitCode(breached));
    }
    if (facts.session && sessionLimitReached(facts.session.limit, facts.session.startedAt, now).reached) {
      throw new BetRefused('rg_session_limit_reached');
    }
    if (facts.ceilingMinor !== null && stakeMinor > facts.ceilingMinor) {
      throw new BetRefused('bet_limit_exceeded');
    }
  }

  const service = {
    async getLimits(playerId: bigint, locale: Locale): Promise<RgLimitsOutput> {
      const currency = await collaborators.playerCurrency(playerId, locale);
      return repository.transaction((repo, tx) => state(repo, tx, playerId, currency, deps.now()));
    },

    async setLimit(
      playerId: bigint,
      input: { kind: LimitKind; period: LimitPeriod; amount?: string | undefined },
      locale: Locale,
    ): Promise<RgLimitsOutput> {
      const currency = await collaborators.playerCurrency(playerId, locale);
      const exponent = currencyExponent(currency);
      let wanted: bigint | null = null;
      if (input.amount !== undefined && input.amount.trim() !== '') {
        const parsed = parseAmount(input.amount, exponent);
        if (!parsed.ok) throw invalidAmount(parsed.problem, exponent);
        wanted = parsed.amountMinor;
      }
      return repository.transaction(async (repo, tx) => {
        const now = deps.now();
        await repo.lockPlayer(playerId);
        const current = (await repo.listLimits(playerId)).find(
          (r) => r.kind === input.kind && r.period === input.period,
        );
        const change = planLimitChange(current ?? null, input.kind, input.period, currency, wanted, now);
        const previous = current ? effectiveLimit(current, now) : null;
        if (change.kind === 'save') {
          await repo.saveLimit(playerId, change.record, now);
          await repo.insertAudit(
            {
              playerId,
              action: change.action,
              kind: input.kind,
              period: input.period,
              currency,
              previousMinor: previous,
              requestedMinor: wanted,
              effectiveAt: change.record.pendingEffectiveAt ?? now,
            },
            now,
          );
        } else if (change.kind === 'delete') {
          await repo.deleteLimit(playerId, input.kind, input.period);
          await repo.insertAudit(
            {
              playerId,
              action: 'limit_removed',
              kind: input.kind,
              period: input.period,
              currency,
              previousMinor: previous,
              requestedMinor: null,
              effectiveAt: now,
            },
            now,
          );
        }
        return state(repo, tx, playerId, currency, now);
      });
    },

    /** Starts a time-out or self-exclusion now, audited, then ends the player's sessions. */
    async exclude(
      playerId: bigint,
      input: { kind: 'timeout' | 'self_exclusion'; duration: ExclusionDuration },
      locale: Locale,
    ): Promise<RgLimitsOutput> {
      const currency = await collaborators.playerCurrency(playerId, locale);
      const result = await repository.transaction(async (repo, tx) => {
        const now = deps.now();
        await repo.lockPlayer(playerId);
        const endsAt = exclusionEnd(input.duration, now);
        const running = await repo.activeExclusion(playerId, now);
        // Never shortens what runs: a new exclusion ending earlier than the current one adds nothing.
        if (!running || running.endsAt.getTime() < endsAt.getTime()) {
          await repo.insertExclusion(playerId, {
            kind: input.kind,
            duration: input.duration,
            startsAt: now,
            endsAt,
          });
        }
        await repo.insertAudit(
          {
            playerId,
            action: input.kind,
            kind: input.kind,
            period: input.duration,
            currency: null,
            previousMinor: null,
            requestedMinor: null,
            effectiveAt: now,
          },
          now,
        );
        await collaborators.postNotice?.(tx, playerId, startNoticeOf(input.kind), RG_PAGE);
        return state(repo, tx, playerId, currency, now);
      });
      await collaborators.endSessions(playerId);
      return result;
    },

    /** The exclusion running now, if any. */
    async activeExclusion(playerId: bigint, tx?: RgTx) {
      const repo = tx ? responsibleGamingQueries(tx) : repository;
      return repo.activeExclusion(playerId, deps.now());
    },

    /** Throws the typed `rg_excluded` error while the player is in a time-out or self-exclusion. */
    async assertNotExcluded(playerId: bigint, tx?: RgTx): Promise<void> {
      const running = await service.activeExclusion(playerId, tx);
      if (running) throw excludedError(running, deps.now());
    },

    // Reopening after a self-exclusion, the limit prompt, the marketing gate, the end pass (ADR 029).
    ...createRgRules(deps, repository, collaborators, state),

    /**
     * A sports bet's check (runs in the bet's transaction, under the player's balance lock taken by
     * the call's first statement, so concurrent bets of one player see each other's stakes): a stake
     * that would take any loss or wager limit in force past its amount is refused, then one above
     * the betting bonus's max bet (`bet_limit_exceeded`); nothing written.
     */
    checkSportBet: ((tx, playerId, currency, stakeMinor) =>
      checkStake(tx, playerId, currency, stakeMinor, 'sport')) satisfies CheckBet,

    /**
     * A game bet's check: the same with the casino bonus's max bet, and the session limit (ADR 028)
     * read in the same statement: once the limit in force is reached — or with a limit and no live
     * session (the player was logged out) — the bet is refused with `rg_session_limit_reached` and
     * nothing is written.
     */
    checkGameBet: ((tx, playerId, currency, stakeMinor) =>
      checkStake(tx, playerId, currency, stakeMinor, 'casino')) satisfies CheckBet,

    /** The audit trail of a player (newest first), for support and the tests. */
    audit(playerId: bigint, limit = 100) {
      return repository.listAudit(playerId, limit);
    },
  };
  return service;
}

function limitCode(kind: LimitKind): 'rg_loss_limit_reached' | 'rg_wager_limit_reached' {
  return kind === 'loss' ? 'rg_loss_limit_reached' : 'rg_wager_limit_reached';
}

export type ResponsibleGamingService = ReturnType<typeof createResponsibleGamingService>;
export type { LimitRecord };
