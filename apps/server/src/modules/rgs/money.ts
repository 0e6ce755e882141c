/**
 * Money as the game server handles it: bigint minor units inside, decimal strings with the
 * currency's ISO 4217 exponent on the wire (docs/game-wallet-protocol.md "Money"). The RGS is a
 * provider like any other, so it keeps its own table of exponents instead of asking the platform;
 * `FUN` is the play money of a guest's demo (two decimals, like the fun balance it imitates).
 */

export const FUN_CURRENCY = 'FUN';

const CURRENCY_EXPONENTS: Readonly<Record<string, number>> = {
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
  [FUN_CURRENCY]: 2,
};

export function currencyExponent(currency: string): number | undefined {
  return Object.hasOwn(CURRENCY_EXPONENTS, currency) ? CURRENCY_EXPONENTS[currency] : undefined;
}

/** `1234n, 2` → `"12.34"`; `5n, 2` → `"0.05"`; `1234n, 0` → `"1234"`; `-5n, 2` → `"-0.05"`. */
export function formatMinor(amountMinor: bigint, exponent: number): string {
  const negative = amountMinor < 0n;
  const digits = (negative ? -amountMinor : amountMinor).toString().padStart(exponent + 1, '0');
  const whole = digits.slice(0, digits.length - exponent);
  const fraction = digits.slice(digits.length - exponent);
  return `${negative ? '-' : ''}${whole}${exponent > 0 ? `.${fraction}` : ''}`;
}

const DECIMAL = /^(0|[1-9][0-9]{0,17})(?:\.([0-9]{1,8}))?$/;

/**
 * A non-negative decimal string from the wallet (a balance, an amount) → minor units, exactly.
 * Undefined when it is not a plain decimal or carries more significant decimals than the currency
 * has: the game server never rounds an amount it was told.
 */
export function parseDecimal(text: unknown, exponent: number): bigint | undefined {
  if (typeof text !== 'string') return undefined;
  const match = DECIMAL.exec(text);
  if (!match) return undefined;
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > exponent) return undefined;
  return BigInt(match[1] ?? '0') * 10n ** BigInt(exponent) + BigInt(fraction.padEnd(exponent, '0') || '0');
}
