/**
 * Money text ⇄ bigint minor units with the currency's ISO 4217 exponent (EUR 2, JPY 0). Pure: no
 * float ever holds an amount, so `"0.10" + "0.20"` is exactly 30 cents.
 */

import { parseSum, SUM_MAX_LENGTH } from '@croupier/contract/validation/rules';
import { MAX_AMOUNT_MINOR } from '@croupier/ledger/ledger';

/** `1234n, 2` → `"12.34"`; `-5n, 2` → `"-0.05"`; `1234n, 0` → `"1234"`. */
export function formatMinor(amountMinor: bigint, exponent: number): string {
  const negative = amountMinor < 0n;
  const digits = (negative ? -amountMinor : amountMinor).toString();
  if (exponent === 0) return `${negative ? '-' : ''}${digits}`;
  const padded = digits.padStart(exponent + 1, '0');
  const whole = padded.slice(0, padded.length - exponent);
  const fraction = padded.slice(padded.length - exponent);
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}

export type AmountProblem = 'required' | 'format' | 'fraction' | 'zero' | 'too_big';

const DECIMAL = /^(0|[1-9][0-9]*)\.([0-9]+)$/;

/**
 * A positive amount typed in major units → minor units. Accepts what the spec §5 sum rule accepts
 * (`"1500"`, `"1,500"`) and a decimal point with at most `exponent` fraction digits (`"12.50"` in
 * EUR, not `"12.505"`, and no fraction at all in JPY). Negative, zero, signs, exponents, spaces
 * inside and anything longer than the sum rule reads are refused; so is anything beyond the
 * ledger's largest amount.
 */
export function parseAmount(
  text: string | null | undefined,
  exponent: number,
): { ok: true; amountMinor: bigint } | { ok: false; problem: AmountProblem } {
  const value = (text ?? '').trim();
  if (value === '') return { ok: false, problem: 'required' };
  if (value.length > SUM_MAX_LENGTH) return { ok: false, problem: 'too_big' };
  const scale = 10n ** BigInt(exponent);
  let amountMinor: bigint;
  const whole = parseSum(value);
  if (whole !== null) {
    amountMinor = whole * scale;
  } else {
    const match = DECIMAL.exec(value);
    if (!match) return { ok: false, problem: /^0+$/.test(value) ? 'zero' : 'format' };
    const fraction = match[2] ?? '';
    // Trailing zeros beyond the exponent are still exact ("12.500" EUR is 1250 cents).
    const significant = fraction.replace(/0+$/, '');
    if (significant.length > exponent) return { ok: false, problem: 'fraction' };
    amountMinor = BigInt(match[1] ?? '0') * scale + BigInt(significant.padEnd(exponent, '0') || '0');
  }
  if (amountMinor <= 0n) return { ok: false, problem: 'zero' };
  if (amountMinor > MAX_AMOUNT_MINOR) return { ok: false, problem: 'too_big' };
  return { ok: true, amountMinor };
}
