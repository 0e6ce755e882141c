/**
 * Money of the game page, by string and bigint arithmetic only (never a float near money).
 *
 * Two wire forms meet here: top-level amounts (balance, stake, payout, limits) are decimal strings
 * in the session currency ("12.50"); amounts inside game payloads are integer strings of minor
 * units ("1250" with exponent 2). A game's `describe()` multipliers are exact ratios or decimal
 * strings and are shown, not computed with, except through `applyMultiplier` below.
 *
 *   decimalToMinor('12.5', 2)  → 1250n          minorToDecimal(1250n, 2) → '12.50'
 *   parseMinor('1250')         → 1250n          formatMoneyText('1250.5', 'EUR', 2) → '€1,250.50'
 *   formatMinorMoney(1250n, 'FUN', 2) → '12.50 FUN'
 */
import { formatMinor, decimalToMinor as packageDecimalToMinor } from '@croupier/money/decimal';
import { formatMoney, formatMoneyMinor } from '../../../ui/format.ts';

const INTEGER = /^-?\d{1,40}$/;
const DECIMAL = /^(-)?(\d{1,40})(?:\.(\d{1,20}))?$/;

/** Integer string of minor units → bigint; throws RangeError on anything else ("1.5", "", "1e3"). */
export function parseMinor(text: string): bigint {
  if (!INTEGER.test(text)) throw new RangeError(`Not an integer amount: "${text.slice(0, 40)}"`);
  return BigInt(text);
}

/**
 * Exact decimal string → minor units (packages/money). A decimal with more significant fraction
 * digits than the currency has is refused (RangeError), not rounded: it would be a server bug to
 * send one. Zeros beyond the exponent are exact and accepted.
 */
export function decimalToMinor(decimal: string, exponent: number): bigint {
  return packageDecimalToMinor(decimal.trim(), exponent, { trailingZeros: true });
}

/** Minor units → plain decimal string: (1250n, 2) → '12.50'; (-5n, 2) → '-0.05'; (7n, 0) → '7'. */
export function minorToDecimal(minor: bigint, exponent: number): string {
  return formatMinor(minor, exponent);
}

/** Symbols of the currencies a session is likely in; others (FUN included) print their code after the number. */
const SYMBOLS: Record<string, string> = {
  EUR: '€',
  USD: '$',
  GBP: '£',
  CAD: 'CA$',
  AUD: 'A$',
  CHF: 'CHF\u00a0',
};

export function currencySymbol(currency: string): string | undefined {
  return SYMBOLS[currency];
}

/** A top-level decimal amount for display: ('1250.5', 'EUR', 2) → '€1,250.50'. */
export function formatMoneyText(decimal: string, currency: string, exponent: number): string {
  const symbol = currencySymbol(currency);
  return formatMoney(
    { amount: decimal, currency },
    { exponent, ...(symbol === undefined ? {} : { symbol }) },
  );
}

/** Minor units for display: (1250n, 'FUN', 2) → '12.50 FUN'. */
export function formatMinorMoney(minor: bigint | string, currency: string, exponent: number): string {
  const value = typeof minor === 'bigint' ? minor : parseMinor(minor);
  const symbol = currencySymbol(currency);
  return formatMoneyMinor(value, { currency, exponent, ...(symbol === undefined ? {} : { symbol }) });
}

/** Minor units without a currency, grouped: (125050n, 2) → '1,250.50'. */
export function formatMinorPlain(minor: bigint | string, exponent: number): string {
  const value = typeof minor === 'bigint' ? minor : parseMinor(minor);
  return formatMoneyMinor(value, { exponent, symbol: '' });
}

/**
 * stake × multiplier for previews (dice payout, plinko bucket), floored to a whole minor unit the
 * way the engines pay. `multiplier` is a decimal string ("1.98") or an exact ratio.
 */
export function applyMultiplier(
  stakeMinor: bigint,
  multiplier: string | { num: bigint; den: bigint },
): bigint {
  if (typeof multiplier !== 'string') return (stakeMinor * multiplier.num) / multiplier.den;
  const match = DECIMAL.exec(multiplier.trim());
  if (!match) throw new RangeError(`Not a multiplier: "${multiplier.slice(0, 40)}"`);
  const fraction = match[3] ?? '';
  const scaled = BigInt(`${match[2]}${fraction}`);
  const product = (stakeMinor * scaled) / 10n ** BigInt(fraction.length);
  return match[1] ? -product : product;
}

/** Decimal-string difference/sum without floats: ('10.00', '-2.5', 2) → '7.50'. */
export function addDecimal(a: string, b: string, exponent: number): string {
  return minorToDecimal(decimalToMinor(a, exponent) + decimalToMinor(b, exponent), exponent);
}

/** payout ÷ stake as '×2.50' (two decimals, rounded down), '×0.00' for a loss, '' for a zero stake. */
export function multiplierText(payoutMinor: bigint, stakeMinor: bigint): string {
  if (stakeMinor <= 0n) return '';
  const hundredths = (payoutMinor * 100n) / stakeMinor;
  return `×${minorToDecimal(hundredths, 2)}`;
}

/** '96.1200' → '96.12', '99.0000' → '99' (a declared percentage shown without trailing zeros). */
export function trimPercent(percent: string): string {
  return percent.includes('.') ? percent.replace(/0+$/, '').replace(/\.$/, '') : percent;
}
