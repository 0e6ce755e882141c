/**
 * Session time (responsible gaming, ADR 028): the session time limit, reality checks and the
 * previous session's length. A session is auth's login session; auth hands out when the player's
 * sessions started and ended (`modules/auth/session-spans.ts`), the wager stream the stakes and
 * winnings since the start. The bet path's check refuses a bet once the limit is reached.
 */
import type { Locale } from '@croupier/contract/locales';
import type { RgSessionOutput } from '@croupier/contract/responsible-gaming/session';
import { currencyExponent } from '@croupier/money/currencies';
import { formatMinor } from '@croupier/money/decimal';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { waitingChange } from '../../lib/pending-limit.ts';
import type { SessionSpans } from '../auth/session-spans.ts';
import { responsibleGamingQueries } from './responsible-gaming.repository.ts';
import { type SessionSettings, sessionSettingsQueries } from './sessions.repository.ts';
import {
  isSessionLimitMinutes,
  nextRealityCheck,
  planSessionLimitChange,
  REALITY_CHECK_MINUTES,
  SESSION_LIMIT_MAX_MINUTES,
  SESSION_LIMIT_MIN_MINUTES,
  sessionClock,
  sessionDurationSeconds,
  sessionLimitMinutes,
  sessionLimitReached,
} from './sessions.ts';

export interface RgSessionsCollaborators {
  /** The player's currency (the reality check's figures are in it). */
  playerCurrency(playerId: bigint, locale: Locale): Promise<string>;
  /** When the player's current and previous sessions started and ended (auth). */
  sessionSpans: SessionSpans;
  /** Stakes and winnings of the player since a time (the wager stream). */
  stakesAndWins(
    playerId: bigint,
    currency: string,
    since: Date,
  ): Promise<{ stakedMinor: bigint; wonMinor: bigint }>;
}

/** The refusal of a real-money action once the session time limit is reached (spec §8 style). */
export function sessionLimitError(endsAt: Date | null) {
  return new AppError('AccessDeniedException', {
    code: 'rg_session_limit_reached',
    message: 'responsible_gaming.session_limit_reached',
    ...(endsAt ? { values: { at: endsAt.toISOString() }, data: { ends_at: endsAt.toISOString() } } : {}),
  });
}

function invalidMinutes(message: string, values: Record<string, number>) {
  return new AppError('InvalidParameterException', {
    code: 'invalid_parameter',
    fields: { minutes: message },
    message,
    values,
  });
}

function money(amountMinor: bigint, currency: string) {
  return { amount: formatMinor(amountMinor, currencyExponent(currency)), currency };
}

const NO_SETTINGS: SessionSettings = {
  limit: { limitMinor: null, pendingSet: false, pendingMinor: null, pendingEffectiveAt: null },
  realityCheckMinutes: 0,
};

export function createRgSessionsService(
  deps: Pick<Deps, 'db' | 'now'>,
  collaborators: RgSessionsCollaborators,
) {
  const settings = sessionSettingsQueries(deps.db);

  async function state(
    playerId: bigint,
    locale: Locale,
    saved?: SessionSettings | null,
  ): Promise<RgSessionOutput> {
    const now = deps.now();
    const stored = (saved === undefined ? await settings.get(playerId) : saved) ?? NO_SETTINGS;
    const { current, previous } = await collaborators.sessionSpans.currentAndPrevious(playerId);
    const limitMinutes = sessionLimitMinutes(stored.limit, now);
    const waiting = waitingChange(stored.limit, now);
    let session: RgSessionOutput['session'] = null;
    if (current) {
      const currency = await collaborators.playerCurrency(playerId, locale);
      const { stakedMinor, wonMinor } = await collaborators.stakesAndWins(
        playerId,
        currency,
        current.startedAt,
      );
      const clock = sessionClock(current.startedAt, limitMinutes, now);
      const nextCheck = nextRealityCheck(current.startedAt, stored.realityCheckMinutes, now);
      session = {
        started_at: current.startedAt.toISOString(),
        elapsed_seconds: clock.elapsedSeconds,
        ends_at: clock.endsAt?.toISOString() ?? null,
        warn_at: clock.warnAt?.toISOString() ?? null,
        remaining_seconds: clock.remainingSeconds,
        limit_reached: clock.limitReached,
        next_reality_check_at: nextCheck?.toISOString() ?? null,
        staked: money(stakedMinor, currency),
        won: money(wonMinor, currency),
        net: money(wonMinor - stakedMinor, currency),
      };
    }
    return {
      now: now.toISOString(),
      session_limit_minutes: limitMinutes,
      pending_session_limit_minutes:
        waiting && waiting.limitMinor !== null ? Number(waiting.limitMinor) : null,
      pending_removal: waiting !== null && waiting.limitMinor === null,
      pending_effective_at: waiting ? waiting.effectiveAt.toISOString() : null,
      reality_check_minutes: stored.realityCheckMinutes,
      session,
      previous_session:
        previous?.endedAt != null
          ? {
              started_at: previous.startedAt.toISOString(),
              ended_at: previous.endedAt.toISOString(),
              duration_seconds: sessionDurationSeconds(previous.startedAt, previous.endedAt),
            }
          : null,
    };
  }

  const service = {
    getSession(playerId: bigint, locale: Locale): Promise<RgSessionOutput> {
      return state(playerId, locale);
    },

    /** Sets, lowers, raises (after 24 h) or removes (after 24 h) the session limit; audited. */
    async setSessionLimit(
      playerId: bigint,
      minutes: number | null,
      locale: Locale,
    ): Promise<RgSessionOutput> {
      if (minutes !== null && !isSessionLimitMinutes(minutes)) {
        throw invalidMinutes('responsible_gaming.session_limit_invalid', {
          min: SESSION_LIMIT_MIN_MINUTES,
          max: SESSION_LIMIT_MAX_MINUTES,
        });
      }
      const saved = await deps.db.transaction(async (tx) => {
        const now = deps.now();
        const rg = responsibleGamingQueries(tx);
        const repo = sessionSettingsQueries(tx);
        await rg.lockPlayer(playerId);
        const current = await repo.get(playerId);
        const change = planSessionLimitChange(current?.limit ?? null, minutes, now);
        const previous = current ? sessionLimitMinutes(current.limit, now) : null;
        if (change.kind === 'save') {
          await repo.saveLimit(playerId, change.record, now);
          await rg.insertAudit(
            {
              playerId,
              action: change.action,
              kind: 'session',
              period: 'minutes',
              currency: null,
              previousMinor: previous === null ? null : BigInt(previous),
              requestedMinor: minutes === null ? null : BigInt(minutes),
              effectiveAt: change.record.pendingEffectiveAt ?? now,
            },
            now,
          );
        }
        return repo.get(playerId);
      });
      return state(playerId, locale, saved);
    },

    /** Chooses the reality-check interval (0: off), at once; audited. */
    async setRealityCheck(playerId: bigint, minutes: number, locale: Locale): Promise<RgSessionOutput> {
      if (!(REALITY_CHECK_MINUTES as readonly number[]).includes(minutes)) {
        throw invalidMinutes('responsible_gaming.reality_check_invalid', {});
      }
      const saved = await deps.db.transaction(async (tx) => {
        const now = deps.now();
        const rg = responsibleGamingQueries(tx);
        const repo = sessionSettingsQueries(tx);
        await rg.lockPlayer(playerId);
        const current = await repo.get(playerId);
        const previous = current?.realityCheckMinutes ?? 0;
        if (previous !== minutes) {
          await repo.saveRealityCheck(playerId, minutes, now);
          await rg.insertAudit(
            {
              playerId,
              action: 'reality_check_set',
              kind: 'reality_check',
              period: 'minutes',
              currency: null,
              previousMinor: BigInt(previous),
              requestedMinor: BigInt(minutes),
              effectiveAt: now,
            },
            now,
          );
        }
        return repo.get(playerId);
      });
      return state(playerId, locale, saved);
    },

    /** Throws `rg_session_limit_reached` once the player's session limit is reached (real-money game launch). */
    async assertWithinSessionLimit(playerId: bigint): Promise<void> {
      const now = deps.now();
      const stored = await settings.get(playerId);
      if (!stored || sessionLimitMinutes(stored.limit, now) === null) return;
      const { current } = await collaborators.sessionSpans.currentAndPrevious(playerId);
      const verdict = sessionLimitReached(stored.limit, current?.startedAt ?? null, now);
      if (verdict.reached) throw sessionLimitError(verdict.endsAt);
    },
  };
  return service;
}

export type RgSessionsService = ReturnType<typeof createRgSessionsService>;
