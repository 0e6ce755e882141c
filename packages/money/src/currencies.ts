/**
 * Minor-unit exponents of the currencies money can be held in: the one table the server, the web
 * app, the game server and the sandbox provider read (docs/decisions/016-money-package-and-ledger-rule.md).
 *
 * Source: ISO 4217 list one (current currency & funds codes, SIX Financial Information, the
 * maintenance agency), column "Minor unit". Codes whose minor unit is "N.A." (gold, SDR, the test
 * code XTS, XXX …) hold no money here and are left out. BGN stays although Bulgaria joined the euro:
 * old deposits in it remain on the books. The one non-ISO code is `FUN`, the play money of a
 * guest's demo round (apps/server/src/modules/rgs): two decimals, like the balance it imitates.
 *
 * Pure data and functions, no `node:` import: the browser bundle takes this file as it is.
 */

/** The play money of a guest's demo: not ISO 4217, not real money, two decimals. */
export const FUN_CURRENCY = 'FUN';

// biome-ignore format: a table reads best packed, like the ISO list it copies
const ZERO_DECIMALS = [
  'BIF', 'CLP', 'DJF', 'GNF', 'ISK', 'JPY', 'KMF', 'KRW', 'PYG', 'RWF', 'UGX', 'UYI', 'VND', 'VUV',
  'XAF', 'XOF', 'XPF',
] as const;

const THREE_DECIMALS = ['BHD', 'IQD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND'] as const;

const FOUR_DECIMALS = ['CLF', 'UYW'] as const;

// biome-ignore format: a table reads best packed, like the ISO list it copies
const TWO_DECIMALS = [
  'AED', 'AFN', 'ALL', 'AMD', 'AOA', 'ARS', 'AUD', 'AWG', 'AZN', 'BAM', 'BBD', 'BDT', 'BGN', 'BMD',
  'BND', 'BOB', 'BOV', 'BRL', 'BSD', 'BTN', 'BWP', 'BYN', 'BZD', 'CAD', 'CDF', 'CHE', 'CHF', 'CHW',
  'CNY', 'COP', 'COU', 'CRC', 'CUP', 'CVE', 'CZK', 'DKK', 'DOP', 'DZD', 'EGP', 'ERN', 'ETB', 'EUR',
  'FJD', 'FKP', 'GBP', 'GEL', 'GHS', 'GIP', 'GMD', 'GTQ', 'GYD', 'HKD', 'HNL', 'HTG', 'HUF', 'IDR',
  'ILS', 'INR', 'IRR', 'JMD', 'KES', 'KGS', 'KHR', 'KPW', 'KYD', 'KZT', 'LAK', 'LBP', 'LKR', 'LRD',
  'LSL', 'MAD', 'MDL', 'MGA', 'MKD', 'MMK', 'MNT', 'MOP', 'MRU', 'MUR', 'MVR', 'MWK', 'MXN', 'MXV',
  'MYR', 'MZN', 'NAD', 'NGN', 'NIO', 'NOK', 'NPR', 'NZD', 'PAB', 'PEN', 'PGK', 'PHP', 'PKR', 'PLN',
  'QAR', 'RON', 'RSD', 'RUB', 'SAR', 'SBD', 'SCR', 'SDG', 'SEK', 'SGD', 'SHP', 'SLE', 'SOS', 'SRD',
  'SSP', 'STN', 'SVC', 'SYP', 'SZL', 'THB', 'TJS', 'TMT', 'TOP', 'TRY', 'TTD', 'TWD', 'TZS', 'UAH',
  'USD', 'USN', 'UYU', 'UZS', 'VED', 'VES', 'WST', 'XCD', 'XCG', 'YER', 'ZAR', 'ZMW', 'ZWG',
  FUN_CURRENCY,
] as const;

function table(): ReadonlyMap<string, number> {
  const entries: [string, number][] = [];
  for (const code of ZERO_DECIMALS) entries.push([code, 0]);
  for (const code of TWO_DECIMALS) entries.push([code, 2]);
  for (const code of THREE_DECIMALS) entries.push([code, 3]);
  for (const code of FOUR_DECIMALS) entries.push([code, 4]);
  return new Map(entries);
}

/** Code → minor-unit exponent. A Map, so `constructor` or `__proto__` is never a currency. */
export const CURRENCY_EXPONENTS: ReadonlyMap<string, number> = table();

/** Thrown for a code the table does not know: a missing exponent is an error, never a default. */
export class UnknownCurrencyError extends Error {
  readonly code = 'unknown_currency';
  readonly currency: string;
  constructor(currency: string) {
    super(`Unknown currency "${currency.slice(0, 20)}": no ISO 4217 minor-unit exponent`);
    this.name = 'UnknownCurrencyError';
    this.currency = currency;
  }
}

export function isKnownCurrency(code: string): boolean {
  return CURRENCY_EXPONENTS.has(code);
}

/** `EUR` → 2, `JPY` → 0, `KWD` → 3; throws UnknownCurrencyError for anything else. */
export function currencyExponent(code: string): number {
  const exponent = CURRENCY_EXPONENTS.get(code);
  if (exponent === undefined) throw new UnknownCurrencyError(code);
  return exponent;
}
