/**
 * Cashback programmes (ADR 022): validation of operator values, UTC periods and the payout rule.
 * Pure: no database, no clock.
 */
import { FUN_CURRENCY, isKnownCurrency } from '@croupier/money/currencies';

export type CashbackPeriod = 'daily' | 'weekly';
export type CashbackProduct = 'casino' | 'sport';

export interface ProgrammeCurrencyAmounts {
  minPayoutMinor: bigint;
  maxPayoutMinor: bigint;
}

export interface CashbackProgrammeInput {
  key: string;
  name: { en: string; fr: string };
  description: { en: string; fr: string };
  /** Basis points of the net real loss: 1000 = 10 %. */
  percentBp: number;
  period: CashbackPeriod;
  /** The cashback must be claimed within this many days of the period end. */
  claimDays: number;
  /** null: casino and sport losses both count. */
  product: CashbackProduct | null;
  amounts: Record<string, ProgrammeCurrencyAmounts>;
}

/** A programme value out of range: the service turns it into a typed error and writes nothing. */
export class CashbackProgrammeError extends Error {
  readonly field: string;
  readonly problem: string;
  constructor(field: string, problem: string) {
    super(`invalid cashback programme: ${field} (${problem})`);
    this.field = field;
    this.problem = problem;
  }
}

/** No payout bound above 10^12 minor units (10 billion in a 2-decimal currency): beyond is a typo. */
export const MAX_PAYOUT_BOUND_MINOR = 10n ** 12n;

export function validateProgramme(input: CashbackProgrammeInput): void {
  const fail = (field: string, problem: string): never => {
    throw new CashbackProgrammeError(field, problem);
  };
  if (!/^[a-z0-9][a-z0-9-]{0,63}$/.test(input.key)) fail('key', 'format');
  for (const locale of ['en', 'fr'] as const) {
    if (!input.name?.[locale]?.trim() || input.name[locale].length > 200) fail(`name.${locale}`, 'required');
    if (typeof input.description?.[locale] !== 'string' || input.description[locale].length > 2000) {
      fail(`description.${locale}`, 'invalid');
    }
  }
  if (!Number.isInteger(input.percentBp) || input.percentBp < 1 || input.percentBp > 10_000) {
    fail('percentBp', 'out_of_range');
  }
  if (input.period !== 'daily' && input.period !== 'weekly') fail('period', 'unknown');
  if (!Number.isInteger(input.claimDays) || input.claimDays < 1 || input.claimDays > 365) {
    fail('claimDays', 'out_of_range');
  }
  if (input.product !== null && input.product !== 'casino' && input.product !== 'sport') {
    fail('product', 'unknown');
  }
  const currencies = Object.keys(input.amounts ?? {});
  if (currencies.length === 0) fail('amounts', 'empty');
  for (const currency of currencies) {
    if (!isKnownCurrency(currency) || currency === FUN_CURRENCY)
      fail(`amounts.${currency}`, 'unknown_currency');
    const { minPayoutMinor, maxPayoutMinor } = input.amounts[currency]!;
    if (
      typeof minPayoutMinor !== 'bigint' ||
      minPayoutMinor < 0n ||
      minPayoutMinor > MAX_PAYOUT_BOUND_MINOR
    ) {
      fail(`amounts.${currency}.minPayoutMinor`, 'out_of_range');
    }
    if (
      typeof maxPayoutMinor !== 'bigint' ||
      maxPayoutMinor <= 0n ||
      maxPayoutMinor > MAX_PAYOUT_BOUND_MINOR
    ) {
      fail(`amounts.${currency}.maxPayoutMinor`, 'out_of_range');
    }
    if (maxPayoutMinor < minPayoutMinor) fail(`amounts.${currency}.maxPayoutMinor`, 'below_min');
  }
}

const DAY_MS = 86_400_000;

/**
 * The period holding `at`, in UTC (ADR 022): a day from 00:00 UTC, a week from Monday 00:00 UTC.
 * One time zone for every player keeps a period the same for all nodes and all players; the end is
 * exclusive.
 */
export function periodOf(period: CashbackPeriod, at: Date): { start: Date; end: Date } {
  const dayStart = Math.floor(at.getTime() / DAY_MS) * DAY_MS;
  if (period === 'daily') return { start: new Date(dayStart), end: new Date(dayStart + DAY_MS) };
  // 1970-01-01 was a Thursday: getUTCDay() is 0 on Sunday; Monday-based offset.
  const weekday = (new Date(dayStart).getUTCDay() + 6) % 7;
  const start = dayStart - weekday * DAY_MS;
  return { start: new Date(start), end: new Date(start + 7 * DAY_MS) };
}

/** The deadline to claim a cashback of a period ending at `periodEnd`. */
export function claimDeadline(periodEnd: Date, claimDays: number): Date {
  return new Date(periodEnd.getTime() + claimDays * DAY_MS);
}

/**
 * The cashback of a net real loss: floor(loss × bp / 10 000) minor units, clamped to the maximum;
 * 0 when there is no loss or the result is below the minimum (no cashback then).
 */
export function cashbackAmount(
  netLossMinor: bigint,
  percentBp: number,
  bounds: ProgrammeCurrencyAmounts,
): bigint {
  if (netLossMinor <= 0n) return 0n;
  let amount = (netLossMinor * BigInt(percentBp)) / 10_000n;
  if (amount > bounds.maxPayoutMinor) amount = bounds.maxPayoutMinor;
  if (amount <= 0n || amount < bounds.minPayoutMinor) return 0n;
  return amount;
}

/** The real-money net loss an event adds (a rollback carries negated amounts, so it subtracts). */
export function realNetLoss(event: { stakeRealMinor: bigint; payoutRealMinor: bigint }): bigint {
  return event.stakeRealMinor - event.payoutRealMinor;
}
