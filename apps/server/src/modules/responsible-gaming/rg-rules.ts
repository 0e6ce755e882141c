/**
 * Responsible-gaming rules of ADR 029, composed into the module's service:
 * - a self-exclusion does not reopen by itself at its end: the player asks (`requestReopen`) and
 *   plays again 24 hours later (time-outs end on their own); audited;
 * - the limit prompt offered once after registration or before the first deposit;
 * - the end pass: posts the "exclusion ended" notice when a time-out ends or a self-exclusion
 *   reopens, and applies waiting limit increases whose cooling-off is over (with a notice);
 * - whether a player may receive marketing (not while an exclusion holds).
 */
import type { Locale } from '@croupier/contract/locales';
import type { RgExclusionOutput, RgLimitsOutput } from '@croupier/contract/responsible-gaming/common';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { COOLING_OFF_MS } from './limits.ts';
import type {
  createResponsibleGamingRepository,
  ExclusionKind,
  ExclusionRecord,
  ResponsibleGamingQueries,
  RgTx,
} from './responsible-gaming.repository.ts';

/** The notices responsible gaming posts (support's notice kinds, ADR 029). */
export type RgNoticeKind =
  | 'limit_change_applied'
  | 'timeout_started'
  | 'self_exclusion_started'
  | 'exclusion_ended';

/** Where the notices lead. */
export const RG_PAGE = '/profile/responsible-game';

/** The wait between asking to reopen after a self-exclusion and playing again. */
export const REOPEN_COOLING_OFF_MS = COOLING_OFF_MS;

const END_PASS_EVERY_MS = 60_000;
const END_PASS_BATCH = 200;

export function startNoticeOf(kind: ExclusionKind): RgNoticeKind {
  return kind === 'timeout' ? 'timeout_started' : 'self_exclusion_started';
}

/** The exclusion holding at `now` as the API shows it. */
export function exclusionOutputAt(exclusion: ExclusionRecord | null, now: Date): RgExclusionOutput | null {
  if (!exclusion) return null;
  const reopensAt = exclusion.reopensAt ?? null;
  const requestedAt = exclusion.reopenRequestedAt ?? null;
  return {
    kind: exclusion.kind,
    duration: exclusion.duration as RgExclusionOutput['duration'],
    starts_at: exclusion.startsAt.toISOString(),
    ends_at: exclusion.endsAt.toISOString(),
    can_request_reopen:
      exclusion.kind === 'self_exclusion' &&
      exclusion.endsAt.getTime() <= now.getTime() &&
      reopensAt === null,
    reopen_requested_at: requestedAt ? requestedAt.toISOString() : null,
    reopens_at: reopensAt ? reopensAt.toISOString() : null,
  };
}

type Repository = ReturnType<typeof createResponsibleGamingRepository>;
type State = (
  repo: ResponsibleGamingQueries,
  tx: RgTx,
  playerId: bigint,
  currency: string,
  now: Date,
) => Promise<RgLimitsOutput>;

export function createRgRules(
  deps: Pick<Deps, 'now' | 'jobs' | 'log'>,
  repository: Repository,
  collaborators: {
    playerCurrency(playerId: bigint, locale: Locale): Promise<string>;
    postNotice?: (tx: RgTx, playerId: bigint, kind: RgNoticeKind, link: string) => Promise<void>;
  },
  state: State,
) {
  const rules = {
    /**
     * The player asks to reopen after a self-exclusion ended; play reopens 24 hours later. Before
     * the end: `rg_self_exclusion_running`; nothing ended to reopen: `rg_nothing_to_reopen`.
     */
    async requestReopen(playerId: bigint, locale: Locale): Promise<RgLimitsOutput> {
      const currency = await collaborators.playerCurrency(playerId, locale);
      return repository.transaction(async (repo, tx) => {
        const now = deps.now();
        await repo.lockPlayer(playerId);
        if (await repo.selfExclusionRunning(playerId, now)) {
          throw new AppError('AccessDeniedException', {
            code: 'rg_self_exclusion_running',
            message: 'responsible_gaming.self_exclusion_running',
          });
        }
        const reopensAt = new Date(now.getTime() + REOPEN_COOLING_OFF_MS);
        const marked = await repo.requestReopen(playerId, now, reopensAt);
        if (marked === 0) {
          throw new AppError('InvalidRequestException', {
            code: 'rg_nothing_to_reopen',
            message: 'responsible_gaming.nothing_to_reopen',
          });
        }
        await repo.insertAudit(
          {
            playerId,
            action: 'reopen_requested',
            kind: 'self_exclusion',
            period: 'reopen',
            currency: null,
            previousMinor: null,
            requestedMinor: null,
            effectiveAt: reopensAt,
          },
          now,
        );
        return state(repo, tx, playerId, currency, now);
      });
    },

    /** Whether the limit prompt is still to be offered (never seen). */
    async limitPrompt(playerId: bigint): Promise<{ due: boolean }> {
      return { due: !(await repository.limitPromptSeen(playerId)) };
    },

    /** The player saw the prompt; it is not offered again. */
    async answerLimitPrompt(playerId: bigint, answer: 'set' | 'skipped'): Promise<1> {
      await repository.saveLimitPrompt(playerId, answer, deps.now());
      return 1;
    },

    /** Marketing (email, promotional notices) reaches no player while an exclusion holds. */
    async mayReceiveMarketing(playerId: bigint): Promise<boolean> {
      return (await repository.activeExclusion(playerId, deps.now())) === null;
    },

    /**
     * One end pass: exclusions that let go (a time-out at its end, a self-exclusion at its
     * reopening) post "exclusion ended" unless another exclusion still holds; waiting limit
     * changes whose cooling-off is over are applied, audited and noticed. Returns what it handled.
     */
    async endPass(): Promise<number> {
      return repository.transaction(async (repo, tx) => {
        const now = deps.now();
        const ended = await repo.claimEnded(now, END_PASS_BATCH);
        const noticed = new Set<bigint>();
        for (const { playerId } of ended) {
          if (noticed.has(playerId) || (await repo.activeExclusion(playerId, now))) continue;
          noticed.add(playerId);
          await collaborators.postNotice?.(tx, playerId, 'exclusion_ended', RG_PAGE);
        }
        const applied = await repo.applyDueLimitChanges(now, END_PASS_BATCH);
        for (const change of applied) {
          await repo.insertAudit(
            {
              playerId: change.playerId,
              action: change.newMinor === null ? 'limit_removal_applied' : 'limit_increase_applied',
              kind: change.kind,
              period: change.period,
              currency: change.currency,
              previousMinor: change.previousMinor,
              requestedMinor: change.newMinor,
              effectiveAt: now,
            },
            now,
          );
          await collaborators.postNotice?.(tx, change.playerId, 'limit_change_applied', RG_PAGE);
        }
        return ended.length + applied.length;
      });
    },
  };

  // A pass a minute across all nodes (ADR 015).
  const endTask = deps.jobs.recurring({
    name: 'responsible gaming ends',
    everyMs: END_PASS_EVERY_MS,
    firstDelayMs: END_PASS_EVERY_MS,
    pass: () => rules.endPass(),
  });

  return {
    ...rules,
    /** Starts the end pass (app ready). */
    startEndPass(): void {
      endTask.start();
    },
    /** Stops it and waits for a pass in flight (app close). */
    async stopEndPass(): Promise<void> {
      await endTask.stop();
    },
  };
}
