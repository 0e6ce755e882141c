/**
 * Decimal strings in major units ⇄ bigint minor units, by string and bigint arithmetic only: no
 * float ever holds an amount, so `"0.10" + "0.20"` is exactly 30 cents. The grammar is the wire
 * contract's (`Money.amount` in packages/contract/src/params.ts: `-?\d+(\.\d+)?`): an optional
 * minus, digits, an optional fraction. No plus sign, no exponent notation, no grouping, no spaces
 * (callers reading typed input trim it first), and never more significant fraction digits than the
 * currency has: an amount is refused, not rounded.
 */

/**
 * Largest exponent accepted. Currencies use 0 to 4 (crypto assets 8 or 18); 20 also serves the
 * web's number formatting, which shows plain numbers with up to 20 decimals through the same code.
 */
const MAX_EXPONENT = 20;
/** Longest text read, so hostile input cannot make parsing expensive. */
const MAX_TEXT_LENGTH = 400;
const DECIMAL = /^(-)?([0-9]+)(?:\.([0-9]+))?$/;

function checkExponent(exponent: number): void {
  if (!Number.isInteger(exponent) || exponent < 0 || exponent > MAX_EXPONENT) {
    throw new RangeError(`A currency exponent is an integer from 0 to ${MAX_EXPONENT}, got ${exponent}`);
  }
}

/** The minor units in one major unit: 100n for EUR (exponent 2), 1n for JPY (exponent 0). */
export function minorUnitsPerMajor(exponent: number): bigint {
  checkExponent(exponent);
  return 10n ** BigInt(exponent);
}

/**
 * `1234n, 2` → `"12.34"`; `-5n, 2` → `"-0.05"`; `1234n, 0` → `"1234"`: always the currency's full
 * number of decimals (the canonical form `parseMinor` reads back to the same bigint).
 */
export function formatMinor(amountMinor: bigint, exponent: number): string {
  checkExponent(exponent);
  const negative = amountMinor < 0n;
  const digits = (negative ? -amountMinor : amountMinor).toString().padStart(exponent + 1, '0');
  const whole = digits.slice(0, digits.length - exponent);
  const fraction = exponent > 0 ? `.${digits.slice(digits.length - exponent)}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

export type DecimalProblem =
  /** Nothing to read. */
  | 'empty'
  /** Not `-?digits(.digits)?`. */
  | 'format'
  /** Finer than the currency's minor unit. */
  | 'fraction';

export type ParsedMinor = { ok: true; amountMinor: bigint } | { ok: false; problem: DecimalProblem };

export interface ParseOptions {
  /**
   * Accept zeros beyond the exponent (`"12.500"` EUR is exactly 1250 cents). Off by default: a
   * provider protocol that sends more digits than the currency has is computing with something
   * else. On where the text is typed by a person or comes from a peer that pads.
   */
  trailingZeros?: boolean;
}

/**
 * `"12.34", 2` → 1234n; `"-0.05", 2` → -5n; `"7", 0` → 7n. Exact or refused: `"1.005", 2` is
 * `fraction`, `"1e3"`, `" 1"`, `"+1"`, `"1,000"` are `format`, `""` is `empty`.
 */
export function parseMinor(text: string, exponent: number, options: ParseOptions = {}): ParsedMinor {
  checkExponent(exponent);
  if (text === '') return { ok: false, problem: 'empty' };
  const match = text.length <= MAX_TEXT_LENGTH ? DECIMAL.exec(text) : null;
  if (!match) return { ok: false, problem: 'format' };
  let fraction = match[3] ?? '';
  if (options.trailingZeros) fraction = fraction.replace(/0+$/, '');
  if (fraction.length > exponent) return { ok: false, problem: 'fraction' };
  const magnitude = BigInt(`${match[2] ?? '0'}${fraction.padEnd(exponent, '0')}`);
  return { ok: true, amountMinor: match[1] ? -magnitude : magnitude };
}

/** `parseMinor` for text that must be valid (a server bug otherwise): throws a RangeError. */
export function decimalToMinor(text: string, exponent: number, options: ParseOptions = {}): bigint {
  const parsed = parseMinor(text, exponent, options);
  if (!parsed.ok) {
    throw new RangeError(
      `Not an amount with ${exponent} decimals (${parsed.problem}): "${text.slice(0, 40)}"`,
    );
  }
  return parsed.amountMinor;
}
