/**
 * Affiliate tracking and fraud scoring (ADR 039).
 *
 * - Visits: `/hit` records a landing's advertising parameters (spec §2, §7) with its referer and,
 *   when fraud scoring is on, the fingerprint session; the browser keeps the visit's random key in
 *   a cookie. Invalid values store nothing.
 * - Attribution: at registration the cookie's visit is written to the player once (first touch,
 *   with the click time); a later landing never replaces it.
 * - The affiliate report: per publisher, link and UTC day, registrations, first deposits, deposit
 *   totals and net gaming revenue, from the cashier's credited deposits and the wager stream
 *   (through their services), money as decimal strings per currency.
 * - Fraud scoring: the fingerprint session goes to the provider (an adapter; the sandbox when
 *   SANDBOX is on); the score is stored with the session and the player, and a high latest score
 *   holds a withdrawal for review (`withdrawalRisk`, called by the cashier).
 */
import { randomBytes } from 'node:crypto';
import { FRAUD_SESSION_PATTERN, type TrackingParams } from '@croupier/contract/tracking/params';
import { formatMinor } from '@croupier/money/decimal';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { fraudCredentials } from '../../provider-credentials.ts';
import { createHttpFraudProvider, type FraudProvider } from './fraud-provider.ts';
import { createTrackingRepository } from './tracking.repository.ts';

/** The visit cookie: the random key of the landing that brought this browser (first touch). */
export const VISIT_COOKIE = 'croupier_visit';
/** How long a landing can be credited with a registration. */
export const VISIT_COOKIE_MAX_AGE_SECONDS = 30 * 24 * 3600;
const VISIT_KEY_PATTERN = /^[A-Za-z0-9_-]{22}$/;
/** Only recent scores count: a device's risk is about now. */
const SCORE_MAX_AGE_MS = 30 * 24 * 3600 * 1000;
/** Report bounds: days per request, attributed players read, players per call to another module. */
export const REPORT_MAX_DAYS = 92;
const REPORT_MAX_PLAYERS = 200_000;
const REPORT_CHUNK = 5_000;
const DAY_MS = 24 * 3600 * 1000;

export type WithdrawalRisk = { hold: 'fraud_score_high'; score: number };

export interface Money {
  amount: string;
  currency: string;
}

export interface AffiliateReportRow {
  publisher_id: string;
  /** '' when the landing had no link id. */
  link_id: string;
  /** UTC day, YYYY-MM-DD. */
  day: string;
  registrations: number;
  first_deposits: { count: number; amounts: Money[] };
  deposits: { count: number; amounts: Money[] };
  /** Real-money stakes minus real-money payouts (bonus-funded play is the house's own money). */
  ngr: Money[];
}

export interface TrackingCollaborators {
  /** The cashier's credited deposits (first ones marked) in [from, before). */
  creditedDeposits(
    playerIds: readonly bigint[],
    from: Date,
    before: Date,
  ): Promise<{ playerId: bigint; currency: string; amountMinor: bigint; creditedAt: Date; first: boolean }[]>;
  /** Real-money stakes and payouts per player, currency and UTC day, from the wager stream. */
  dailyRealTotals(
    playerIds: readonly bigint[],
    from: Date,
    before: Date,
  ): Promise<
    { playerId: bigint; currency: string; day: string; stakeRealMinor: bigint; payoutRealMinor: bigint }[]
  >;
  exponentOf(currency: string): Promise<number>;
}

/** The provider: FRAUD_* when set, else the sandbox when mounted, else none (scoring off). */
export function resolveFraudProvider(config: Deps['config']): FraudProvider | null {
  if (!config.FRAUD_BASE_URL && !config.SANDBOX) return null;
  const credentials = fraudCredentials(config);
  return createHttpFraudProvider({ baseUrl: credentials.baseUrl, apiKey: credentials.apiKey });
}

function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function parseDay(text: string, field: string): Date {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(text) ? new Date(`${text}T00:00:00.000Z`) : null;
  if (!date || Number.isNaN(date.getTime()) || utcDay(date) !== text) {
    throw new AppError('InvalidParameterException', {
      code: 'invalid_parameter',
      fields: { [field]: 'invalid' },
    });
  }
  return date;
}

class MoneyBag {
  readonly #minor = new Map<string, bigint>();
  add(currency: string, amountMinor: bigint): void {
    this.#minor.set(currency, (this.#minor.get(currency) ?? 0n) + amountMinor);
  }
  async list(exponentOf: (currency: string) => Promise<number>): Promise<Money[]> {
    const out: Money[] = [];
    for (const [currency, minor] of [...this.#minor].sort(([a], [b]) => a.localeCompare(b))) {
      out.push({ amount: formatMinor(minor, await exponentOf(currency)), currency });
    }
    return out;
  }
}

export function createTrackingService(
  deps: Pick<Deps, 'db' | 'config' | 'log' | 'now'>,
  collaborators: TrackingCollaborators,
  options: { fraudProvider?: FraudProvider | null } = {},
) {
  const repository = createTrackingRepository(deps.db);
  const provider =
    options.fraudProvider === undefined ? resolveFraudProvider(deps.config) : options.fraudProvider;
  const fraudEnabled = deps.config.SEON_ENABLED && provider !== null;

  return {
    /** Fraud scoring runs (general info `is_seon_enabled` and a provider to ask). */
    fraudEnabled,

    /** The fingerprint script's address when scoring is on (the browser loads it on demand). */
    fraudScriptUrl(): string | null {
      return fraudEnabled ? `${fraudCredentials(deps.config).baseUrl}/agent.js` : null;
    },

    /**
     * Records one landing's visit and returns its new cookie key. The caller (the `/hit` route)
     * has validated every value (contract tracking/params.ts).
     */
    async recordVisit(input: {
      params: TrackingParams;
      referer: string | null;
      fraudSession: string | null;
    }): Promise<string> {
      const visitKey = randomBytes(16).toString('base64url');
      await repository.insertVisit({
        visitKey,
        params: input.params,
        referer: input.referer,
        // The session value is kept only while scoring is on (spec §7: "when fraud scoring is enabled").
        fraudSession: fraudEnabled ? input.fraudSession : null,
        now: deps.now(),
      });
      return visitKey;
    },

    /** True when the cookie names a recorded visit (first touch: such a cookie is kept). */
    async isKnownVisit(visitKey: string | undefined): Promise<boolean> {
      if (!visitKey || !VISIT_KEY_PATTERN.test(visitKey)) return false;
      return (await repository.findVisitByKey(visitKey)) !== null;
    },

    /**
     * Writes the player's attribution from the visit cookie, once. An unknown or malformed key
     * writes nothing (a forged cookie credits no one).
     */
    async attributeRegistration(playerId: bigint, visitKey: string | undefined): Promise<boolean> {
      if (!visitKey || !VISIT_KEY_PATTERN.test(visitKey)) return false;
      const visit = await repository.findVisitByKey(visitKey);
      if (!visit) return false;
      return repository.insertAttribution({ playerId, visit, registeredAt: deps.now() });
    },

    async attributionOf(playerId: bigint) {
      const row = await repository.findAttribution(playerId);
      return row
        ? {
            params: row.params,
            clicked_at: row.clickedAt.toISOString(),
            registered_at: row.registeredAt.toISOString(),
          }
        : null;
    },

    /**
     * The fraud-check hit: asks the provider to score the fingerprint session and stores the
     * score with the session (and the player when signed in). Off, or a malformed session:
     * nothing is asked or stored.
     */
    async fraudCheck(input: {
      session: string;
      playerId: bigint | null;
      ip: string;
      userAgent: string | null;
    }): Promise<{ stored: boolean }> {
      if (!fraudEnabled || !provider) return { stored: false };
      if (!FRAUD_SESSION_PATTERN.test(input.session)) {
        throw new AppError('InvalidParameterException', {
          code: 'invalid_parameter',
          fields: { session: 'invalid' },
        });
      }
      const result = await provider.score({
        session: input.session,
        ip: input.ip,
        userAgent: input.userAgent?.slice(0, 512) ?? null,
        playerId: input.playerId,
      });
      await repository.insertScore({
        fraudSession: input.session,
        playerId: input.playerId,
        score: Math.min(100, Math.max(0, result.score)),
        providerRef: result.ref.slice(0, 100),
        now: deps.now(),
      });
      return { stored: true };
    },

    /** The player's latest recent fraud score (0–100), or null: a risk signal for staff. */
    async fraudScore(playerId: bigint): Promise<number | null> {
      const since = new Date(deps.now().getTime() - SCORE_MAX_AGE_MS);
      return (await repository.latestScore(playerId, since))?.score ?? null;
    },

    /** The withdrawal risk check: the player's latest recent score at or above FRAUD_HOLD_SCORE holds it. */
    async withdrawalRisk(playerId: bigint): Promise<WithdrawalRisk | null> {
      const since = new Date(deps.now().getTime() - SCORE_MAX_AGE_MS);
      const latest = await repository.latestScore(playerId, since);
      if (!latest || latest.score < deps.config.FRAUD_HOLD_SCORE) return null;
      return { hold: 'fraud_score_high', score: latest.score };
    },

    /**
     * The affiliate report for the UTC days `from`..`to` (inclusive, at most REPORT_MAX_DAYS):
     * one row per publisher, link and day with any activity.
     */
    async affiliateReport(input: { from: string; to: string }): Promise<{
      from: string;
      to: string;
      items: AffiliateReportRow[];
    }> {
      const start = parseDay(input.from, 'from');
      const end = new Date(parseDay(input.to, 'to').getTime() + DAY_MS);
      const days = (end.getTime() - start.getTime()) / DAY_MS;
      if (days < 1 || days > REPORT_MAX_DAYS) {
        throw new AppError('InvalidParameterException', {
          code: 'invalid_period',
          fields: { to: 'out_of_range' },
        });
      }
      const players = await repository.attributedPlayers(end, REPORT_MAX_PLAYERS);
      const groupOf = new Map(
        players.map((p) => [p.playerId, { publisher: p.publisherId, link: p.linkId ?? '' }]),
      );
      interface Acc {
        publisher_id: string;
        link_id: string;
        day: string;
        registrations: number;
        firstCount: number;
        first: MoneyBag;
        depositCount: number;
        deposits: MoneyBag;
        ngr: MoneyBag;
      }
      const rows = new Map<string, Acc>();
      const rowFor = (playerId: bigint, day: string): Acc | null => {
        const group = groupOf.get(playerId);
        if (!group) return null;
        const key = JSON.stringify([group.publisher, group.link, day]);
        let row = rows.get(key);
        if (!row) {
          row = {
            publisher_id: group.publisher,
            link_id: group.link,
            day,
            registrations: 0,
            firstCount: 0,
            first: new MoneyBag(),
            depositCount: 0,
            deposits: new MoneyBag(),
            ngr: new MoneyBag(),
          };
          rows.set(key, row);
        }
        return row;
      };
      for (const player of players) {
        if (player.registeredAt >= start) {
          const row = rowFor(player.playerId, utcDay(player.registeredAt));
          if (row) row.registrations += 1;
        }
      }
      const ids = players.map((p) => p.playerId);
      for (let offset = 0; offset < ids.length; offset += REPORT_CHUNK) {
        const chunk = ids.slice(offset, offset + REPORT_CHUNK);
        for (const deposit of await collaborators.creditedDeposits(chunk, start, end)) {
          const row = rowFor(deposit.playerId, utcDay(deposit.creditedAt));
          if (!row) continue;
          row.depositCount += 1;
          row.deposits.add(deposit.currency, deposit.amountMinor);
          if (deposit.first) {
            row.firstCount += 1;
            row.first.add(deposit.currency, deposit.amountMinor);
          }
        }
        for (const totals of await collaborators.dailyRealTotals(chunk, start, end)) {
          const row = rowFor(totals.playerId, totals.day);
          row?.ngr.add(totals.currency, totals.stakeRealMinor - totals.payoutRealMinor);
        }
      }
      const exponentOf = (currency: string) => collaborators.exponentOf(currency);
      const items: AffiliateReportRow[] = [];
      const sorted = [...rows.values()].sort(
        (a, b) =>
          a.day.localeCompare(b.day) ||
          a.publisher_id.localeCompare(b.publisher_id) ||
          a.link_id.localeCompare(b.link_id),
      );
      for (const row of sorted) {
        items.push({
          publisher_id: row.publisher_id,
          link_id: row.link_id,
          day: row.day,
          registrations: row.registrations,
          first_deposits: { count: row.firstCount, amounts: await row.first.list(exponentOf) },
          deposits: { count: row.depositCount, amounts: await row.deposits.list(exponentOf) },
          ngr: await row.ngr.list(exponentOf),
        });
      }
      return { from: input.from, to: input.to, items };
    },
  };
}

export type TrackingService = ReturnType<typeof createTrackingService>;
