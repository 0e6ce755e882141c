/**
 * IBANs (ISO 13616): the provider checks the country's length and the mod-97 check digits of every
 * IBAN it is given, and publishes its own collection account's IBAN for bank transfers.
 */

/** IBAN lengths of the SEPA countries and a few neighbours; other countries are refused. */
const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AD: 24,
  AT: 20,
  BE: 16,
  BG: 22,
  CH: 21,
  CY: 28,
  CZ: 24,
  DE: 22,
  DK: 18,
  EE: 20,
  ES: 24,
  FI: 18,
  FR: 27,
  GB: 22,
  GI: 23,
  GR: 27,
  HR: 21,
  HU: 28,
  IE: 22,
  IS: 26,
  IT: 27,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  MC: 27,
  MT: 31,
  NL: 18,
  NO: 15,
  PL: 28,
  PT: 25,
  RO: 24,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
};

/** Remainder of the IBAN's numeric form modulo 97, computed piecewise to stay within a double. */
function mod97(rearranged: string): number {
  let remainder = 0;
  for (const char of rearranged) {
    const code = char.charCodeAt(0);
    const value = code >= 65 ? String(code - 55) : char;
    for (const digit of value) remainder = (remainder * 10 + (digit.charCodeAt(0) - 48)) % 97;
  }
  return remainder;
}

export function normalizeIban(input: string): string {
  return input.replace(/[\s-]/g, '').toUpperCase();
}

export function ibanValid(input: string): boolean {
  const iban = normalizeIban(input);
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]{10,30}$/.test(iban)) return false;
  const length = IBAN_LENGTHS[iban.slice(0, 2)];
  if (length === undefined || iban.length !== length) return false;
  return mod97(iban.slice(4) + iban.slice(0, 4)) === 1;
}

/** Builds a valid IBAN from a country and BBAN by computing its check digits. */
export function ibanFromBban(country: string, bban: string): string {
  const check = 98 - mod97(`${bban}${country}00`);
  return `${country}${String(check).padStart(2, '0')}${bban}`;
}

export function formatIban(iban: string): string {
  return iban.replace(/(.{4})(?=.)/g, '$1 ');
}

/** Last four characters only: enough for an operator to tell accounts apart. */
export function maskIban(iban: string): string {
  return `${iban.slice(0, 4)} •••• ${iban.slice(-4)}`;
}

/** CroupierPay Sandbox's own collection account, which players "transfer" to. */
export const COLLECTION_ACCOUNT = {
  holder: 'CroupierPay Sandbox SAS',
  bank: 'Banque Bac-à-Sable',
  bic: 'SBXAFRPPXXX',
  iban: ibanFromBban('FR', '30001007941234567890185'),
} as const;

export interface Bank {
  id: string;
  name: string;
  bic: string;
  country: string;
}

/** Fictitious banks (sandbox names and BICs) for the cashier's bank pickers. */
export const BANKS: readonly Bank[] = [
  { id: 'bank_fr_bas', name: 'Banque Bac-à-Sable', bic: 'SBXAFRPPXXX', country: 'FR' },
  { id: 'bank_fr_cep', name: 'Caisse d’Épargne Sandbox', bic: 'SBXCFRPPXXX', country: 'FR' },
  { id: 'bank_fr_cmt', name: 'Crédit Mutuel de Test', bic: 'SBXMFRPPXXX', country: 'FR' },
  { id: 'bank_de_sdk', name: 'Sandkasten Bank', bic: 'SBXKDEFFXXX', country: 'DE' },
  { id: 'bank_de_prb', name: 'Probebank Berlin', bic: 'SBXPDEBBXXX', country: 'DE' },
  { id: 'bank_es_bpr', name: 'Banco de Pruebas', bic: 'SBXBESMMXXX', country: 'ES' },
  { id: 'bank_it_bpr', name: 'Banca di Prova', bic: 'SBXBITMMXXX', country: 'IT' },
  { id: 'bank_nl_zbk', name: 'Zandbak Bank', bic: 'SBXZNL2AXXX', country: 'NL' },
  { id: 'bank_be_bzb', name: 'Banque Zandbak Belgique', bic: 'SBXZBEBBXXX', country: 'BE' },
  { id: 'bank_gb_sbx', name: 'Sandbox Bank UK', bic: 'SBXUGB2LXXX', country: 'GB' },
];

export function banksOf(country: string | undefined): Bank[] {
  return BANKS.filter((bank) => country === undefined || bank.country === country);
}
