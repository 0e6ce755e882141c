/**
 * Number, money and date formatting of spec §9: thousands grouped with commas, 2 decimals,
 * dates dd.mm.yyyy, time H:mm joined to the date by a word (ui:dateTimeJoiner — use
 * `useFormatDateTime()` in components, it supplies the word).
 *
 * Money arrives as a decimal string (`{ amount: "125.50", currency: "EUR" }`) and is formatted by
 * string and BigInt arithmetic only, so no float ever rounds a balance. Rounding is half away from
 * zero. Malformed amounts throw a RangeError: the contract schemas validate them before they get here.
 *
 *   formatNumber('1234567.5')                                  → '1,234,567.50'
 *   formatMoney({ amount: '125.5', currency: 'EUR' }, { symbol: '€' })   → '€125.50'
 *   formatMoney({ amount: '1500', currency: 'JPY' }, { symbol: '¥', exponent: 0 }) → '¥1,500'
 *   formatMoney({ amount: '10' })                               → '$10.00' (fallback USD)
 *   formatMoneyMinor(12550n, { currency: 'EUR', symbol: '€' })  → '€125.50'
 *   formatDate(new Date(2025, 2, 7))                            → '07.03.2025'
 *   formatTime(new Date(2025, 2, 7, 9, 5))                      → '9:05'
 *
 * Dates use the runtime's time zone unless `timeZone` is given. The server renders in its own zone,
 * so pass the player's zone (or 'UTC') for server-rendered dates to avoid a hydration mismatch.
 */
import { currencyExponent, isKnownCurrency } from '@croupier/money/currencies';
import { formatMinor } from '@croupier/money/decimal';

export interface Decimal {
  negative: boolean;
  /** Integer digits without leading zeros ('0' for zero). */
  integer: string;
  /** Fraction digits as written, possibly empty. */
  fraction: string;
}

const DECIMAL_PATTERN = /^([+-])?(\d*)(?:\.(\d*))?$/;
/** Longest numeric string accepted, so hostile input cannot make formatting expensive. */
const MAX_DECIMAL_LENGTH = 400;

/** Parses '-1234.50', '+.5', '007'; rejects exponents, separators, spaces and empty strings. */
export function parseDecimal(value: string): Decimal {
  const match = value.length <= MAX_DECIMAL_LENGTH ? DECIMAL_PATTERN.exec(value) : null;
  const integerDigits = match?.[2] ?? '';
  const fractionDigits = match?.[3] ?? '';
  if (!match || integerDigits.length + fractionDigits.length === 0) {
    throw new RangeError(`Not a decimal number: "${value.slice(0, 40)}"`);
  }
  return {
    negative: match[1] === '-',
    integer: integerDigits.replace(/^0+(?=\d)/, '') || '0',
    fraction: fractionDigits,
  };
}

/** The decimal as an integer count of 10^-digits units, rounded half away from zero. */
function toScaled(decimal: Decimal, digits: number): bigint {
  const kept = decimal.fraction.slice(0, digits).padEnd(digits, '0');
  const firstDropped = decimal.fraction.charAt(digits);
  let magnitude = BigInt(`${decimal.integer}${kept}`);
  if (firstDropped >= '5') magnitude += 1n;
  return decimal.negative ? -magnitude : magnitude;
}

function checkDigits(digits: number): void {
  if (!Number.isInteger(digits) || digits < 0 || digits > 20) {
    throw new RangeError(`Fraction digits must be an integer from 0 to 20, got ${digits}`);
  }
}

function groupThousands(integer: string): string {
  return integer.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * A scaled integer (units of 10^-digits, e.g. minor units) as grouped text, e.g. (-123456n, 2) →
 * '-1,234.56'. The exact integer → decimal step is packages/money's; only the grouping is display.
 */
function formatScaled(scaled: bigint, digits: number): { sign: string; body: string } {
  const plain = formatMinor(scaled, digits);
  const negative = plain.startsWith('-');
  const [integer = '0', fraction] = (negative ? plain.slice(1) : plain).split('.');
  return {
    sign: negative ? '-' : '',
    body: `${groupThousands(integer)}${fraction === undefined ? '' : `.${fraction}`}`,
  };
}

function toDecimalString(value: string | number | bigint): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'bigint') return value.toString();
  if (!Number.isFinite(value)) throw new RangeError(`Not a finite number: ${value}`);
  // String(1e21) is exponential; integers that large are exact as BigInt, smaller ones print plainly.
  if (Number.isInteger(value)) return BigInt(value).toString();
  const text = String(value);
  return text.includes('e') ? value.toFixed(20) : text;
}

export interface NumberFormatOptions {
  /** Default 2 (spec §9). */
  fractionDigits?: number;
}

/** `'1234567.5'` → `'1,234,567.50'`. Prefer decimal strings; numbers are for counts and odds. */
export function formatNumber(value: string | number | bigint, options: NumberFormatOptions = {}): string {
  const digits = options.fractionDigits ?? 2;
  checkDigits(digits);
  const { sign, body } = formatScaled(toScaled(parseDecimal(toDecimalString(value)), digits), digits);
  return `${sign}${body}`;
}

export interface MoneyLike {
  /** Decimal string in major units, as on the wire: "125.50". */
  amount: string;
  /** ISO 4217 code; default USD (spec §9 fallback). */
  currency?: string;
}

export interface MoneyFormatOptions {
  /**
   * From the available-currencies list (code → symbol); '' for the bare number. Without it: '$' for
   * USD, else the code after the number.
   */
  symbol?: string;
  /** Minor-unit digits of the currency (JPY 0, BTC 8). Default: ISO 4217's, else 2. */
  exponent?: number;
}

export const DEFAULT_CURRENCY = 'USD';
const DEFAULT_CURRENCY_SYMBOL = '$';

function withCurrency(sign: string, body: string, currency: string, symbol: string | undefined): string {
  const shown = symbol ?? (currency === DEFAULT_CURRENCY ? DEFAULT_CURRENCY_SYMBOL : undefined);
  // A symbol goes first ('-€1.50'); a bare code reads better after the number ('-1.50 XYZ').
  return shown !== undefined ? `${sign}${shown}${body}` : `${sign}${body}\u00a0${currency}`;
}

/**
 * The exponent shown when the caller has none from the catalogue: ISO 4217's (packages/money), so a
 * yen amount never grows two decimals; for a code the table does not know, the spec §9 display
 * fallback of two decimals (display only: no amount is computed from it).
 */
function displayExponent(currency: string): number {
  return isKnownCurrency(currency) ? currencyExponent(currency) : 2;
}

/** `{ amount: '1234.5', currency: 'EUR' }, { symbol: '€' }` → `'€1,234.50'`. */
export function formatMoney(money: MoneyLike, options: MoneyFormatOptions = {}): string {
  const exponent = options.exponent ?? displayExponent(money.currency ?? DEFAULT_CURRENCY);
  checkDigits(exponent);
  const { sign, body } = formatScaled(toScaled(parseDecimal(money.amount.trim()), exponent), exponent);
  return withCurrency(sign, body, money.currency ?? DEFAULT_CURRENCY, options.symbol);
}

/** Integer minor units (`amountMinor: bigint`, e.g. cents) → `'€125.50'`. */
export function formatMoneyMinor(
  amountMinor: bigint,
  options: MoneyFormatOptions & { currency?: string } = {},
): string {
  const exponent = options.exponent ?? displayExponent(options.currency ?? DEFAULT_CURRENCY);
  checkDigits(exponent);
  const { sign, body } = formatScaled(amountMinor, exponent);
  return withCurrency(sign, body, options.currency ?? DEFAULT_CURRENCY, options.symbol);
}

/** Decimal string → integer minor units, rounded half away from zero: ('125.505', 2) → 12551n. */
export function toMinorUnits(amount: string, exponent = 2): bigint {
  checkDigits(exponent);
  return toScaled(parseDecimal(amount.trim()), exponent);
}

export interface DateFormatOptions {
  /** IANA zone such as 'Europe/Paris'; default the runtime's zone. */
  timeZone?: string;
}

type DateInput = Date | string | number;

function toDate(value: DateInput): Date {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a date: ${String(value).slice(0, 40)}`);
  return date;
}

const partFormatters = new Map<string, Intl.DateTimeFormat>();

function dateParts(value: DateInput, timeZone: string | undefined): Record<string, string> {
  const key = timeZone ?? '';
  let formatter = partFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: 'numeric',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    partFormatters.set(key, formatter);
  }
  const parts: Record<string, string> = {};
  for (const part of formatter.formatToParts(toDate(value))) parts[part.type] = part.value;
  return parts;
}

/** `dd.mm.yyyy` (spec §9). */
export function formatDate(value: DateInput, options: DateFormatOptions = {}): string {
  const parts = dateParts(value, options.timeZone);
  return `${parts.day}.${parts.month}.${(parts.year ?? '').padStart(4, '0')}`;
}

/**
 * `H:mm` on the 24-hour clock without a leading zero ('9:05', '21:30'). The spec writes h:mm; a
 * 12-hour clock without am/pm would be ambiguous in a transaction history, so the hour is 0–23.
 */
export function formatTime(value: DateInput, options: DateFormatOptions = {}): string {
  const parts = dateParts(value, options.timeZone);
  return `${Number(parts.hour)}:${parts.minute}`;
}

/** `'07.03.2025 at 9:05'` — `joiner` is the translated word (ui:dateTimeJoiner). */
export function formatDateTime(value: DateInput, joiner: string, options: DateFormatOptions = {}): string {
  return `${formatDate(value, options)} ${joiner} ${formatTime(value, options)}`;
}
