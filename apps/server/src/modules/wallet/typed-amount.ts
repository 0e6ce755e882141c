/**
 * An amount a player typed in the cashier (spec §5 sum rule) → bigint minor units. The decimal
 * arithmetic and the exponents are packages/money's; this file adds what a person types: spaces
 * around, thousand separators (`"1,500"`), zeros beyond the exponent (`"12.500"` EUR), and the
 * problems the cashier answers with.
 */

import { parseSum, SUM_MAX_LENGTH } from '@croupier/contract/validation/rules';
import { MAX_AMOUNT_MINOR } from '@croupier/ledger/ledger';
import { minorUnitsPerMajor, parseMinor } from '@croupier/money/decimal';

export type AmountProblem = 'required' | 'format' | 'fraction' | 'zero' | 'too_big';

/** No sign and no leading zero: a typed amount is positive and written plainly. */
const TYPED_DECIMAL = /^(0|[1-9][0-9]*)\.[0-9]+$/;

/**
 * A positive amount typed in major units → minor units. Accepts what the spec §5 sum rule accepts
 * (`"1500"`, `"1,500"`) and a decimal point with at most `exponent` significant fraction digits
 * (`"12.50"` in EUR, not `"12.505"`, and no fraction at all in JPY). Negative, zero, signs,
 * exponents, spaces inside and anything longer than the sum rule reads are refused; so is anything
 * beyond the ledger's largest amount.
 */
export function parseAmount(
  text: string | null | undefined,
  exponent: number,
): { ok: true; amountMinor: bigint } | { ok: false; problem: AmountProblem } {
  const value = (text ?? '').trim();
  if (value === '') return { ok: false, problem: 'required' };
  if (value.length > SUM_MAX_LENGTH) return { ok: false, problem: 'too_big' };
  let amountMinor: bigint;
  const whole = parseSum(value);
  if (whole !== null) {
    amountMinor = whole * minorUnitsPerMajor(exponent);
  } else {
    if (!TYPED_DECIMAL.test(value)) return { ok: false, problem: /^0+$/.test(value) ? 'zero' : 'format' };
    const parsed = parseMinor(value, exponent, { trailingZeros: true });
    if (!parsed.ok) return { ok: false, problem: parsed.problem === 'fraction' ? 'fraction' : 'format' };
    amountMinor = parsed.amountMinor;
  }
  if (amountMinor <= 0n) return { ok: false, problem: 'zero' };
  if (amountMinor > MAX_AMOUNT_MINOR) return { ok: false, problem: 'too_big' };
  return { ok: true, amountMinor };
}
