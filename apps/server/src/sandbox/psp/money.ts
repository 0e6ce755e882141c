/**
 * Amounts on CroupierPay's wire are decimal strings in major units ("12.50"); inside they are bigint
 * minor units with the currency's ISO 4217 exponent. Parsing is exact (no float ever sees an amount)
 * and strict: a fraction finer than the currency allows is refused, not rounded.
 */

/** ISO 4217 minor-unit exponents of the currencies this provider settles. */
export const CURRENCY_EXPONENTS: Readonly<Record<string, number>> = {
  EUR: 2,
  USD: 2,
  GBP: 2,
  CAD: 2,
  AUD: 2,
  NZD: 2,
  CHF: 2,
  SEK: 2,
  NOK: 2,
  DKK: 2,
  PLN: 2,
  CZK: 2,
  HUF: 2,
  RON: 2,
  BGN: 2,
  TRY: 2,
  BRL: 2,
  MXN: 2,
  INR: 2,
  ZAR: 2,
  JPY: 0,
  KRW: 0,
  CLP: 0,
  ISK: 0,
  KWD: 3,
  BHD: 3,
  JOD: 3,
  OMR: 3,
  TND: 3,
};

/** Largest integer part accepted: a single payment of a billion units is not a casino deposit. */
const MAX_INTEGER_DIGITS = 9;
const AMOUNT_PATTERN = /^(0|[1-9][0-9]*)(?:\.([0-9]+))?$/;

export function currencyExponent(currency: string): number | undefined {
  return Object.hasOwn(CURRENCY_EXPONENTS, currency) ? CURRENCY_EXPONENTS[currency] : undefined;
}

export type ParsedAmount = { ok: true; minor: bigint } | { ok: false; message: string };

/** Parses a positive decimal string in major units into minor units of a currency with `exponent`. */
export function parseAmount(text: string, exponent: number): ParsedAmount {
  const match = AMOUNT_PATTERN.exec(text);
  if (!match) return { ok: false, message: 'must be a positive decimal string such as "12.50"' };
  const integer = match[1] ?? '0';
  const fraction = match[2] ?? '';
  if (integer.length > MAX_INTEGER_DIGITS) return { ok: false, message: 'is too large' };
  if (fraction.length > exponent) {
    return {
      ok: false,
      message:
        exponent === 0
          ? 'must be a whole number in this currency'
          : `has more than ${exponent} decimal places for this currency`,
    };
  }
  const minor = BigInt(integer + fraction.padEnd(exponent, '0'));
  if (minor <= 0n) return { ok: false, message: 'must be greater than zero' };
  return { ok: true, minor };
}

/** Minor units back to the wire format, always with the currency's full number of decimals. */
export function formatAmount(minor: bigint, exponent: number): string {
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString().padStart(exponent + 1, '0');
  const integer = digits.slice(0, digits.length - exponent);
  const fraction = digits.slice(digits.length - exponent);
  return `${negative ? '-' : ''}${integer}${exponent > 0 ? `.${fraction}` : ''}`;
}
