/**
 * Amounts on CroupierPay's wire are decimal strings in major units ("12.50"); inside they are bigint
 * minor units. The arithmetic and the exponents are packages/money's; this file holds only what
 * the provider adds on top: a positive amount, no leading zero, at most nine integer digits, and
 * the reasons it answers with.
 */
import { parseMinor } from '@croupier/money/decimal';

/** Largest integer part accepted: a single payment of a billion units is not a casino deposit. */
const MAX_INTEGER_DIGITS = 9;
const AMOUNT_PATTERN = /^(0|[1-9][0-9]*)(?:\.[0-9]+)?$/;

export type ParsedAmount = { ok: true; minor: bigint } | { ok: false; message: string };

/** Parses a positive decimal string in major units into minor units of a currency with `exponent`. */
export function parseAmount(text: string, exponent: number): ParsedAmount {
  const match = AMOUNT_PATTERN.exec(text);
  if (!match) return { ok: false, message: 'must be a positive decimal string such as "12.50"' };
  if ((match[1] ?? '').length > MAX_INTEGER_DIGITS) return { ok: false, message: 'is too large' };
  // Strict: "12.500" EUR is refused, the provider never guesses what finer digits meant.
  const parsed = parseMinor(text, exponent);
  if (!parsed.ok) {
    return {
      ok: false,
      message:
        exponent === 0
          ? 'must be a whole number in this currency'
          : `has more than ${exponent} decimal places for this currency`,
    };
  }
  if (parsed.amountMinor <= 0n) return { ok: false, message: 'must be greater than zero' };
  return { ok: true, minor: parsed.amountMinor };
}
