/**
 * Countries whose phone numbers the site accepts, with their ITU dial codes: the markets the
 * operator serves (the footer's area served) and their neighbours. Adding a country is one line.
 */
export interface PhoneCountry {
  countryCode: string;
  dialCode: string;
  name: { en: string; fr: string };
}

export const PHONE_COUNTRIES: readonly PhoneCountry[] = [
  { countryCode: 'GB', dialCode: '44', name: { en: 'United Kingdom', fr: 'Royaume-Uni' } },
  { countryCode: 'IE', dialCode: '353', name: { en: 'Ireland', fr: 'Irlande' } },
  { countryCode: 'FR', dialCode: '33', name: { en: 'France', fr: 'France' } },
  { countryCode: 'BE', dialCode: '32', name: { en: 'Belgium', fr: 'Belgique' } },
  { countryCode: 'CH', dialCode: '41', name: { en: 'Switzerland', fr: 'Suisse' } },
  { countryCode: 'LU', dialCode: '352', name: { en: 'Luxembourg', fr: 'Luxembourg' } },
  { countryCode: 'MC', dialCode: '377', name: { en: 'Monaco', fr: 'Monaco' } },
  { countryCode: 'CA', dialCode: '1', name: { en: 'Canada', fr: 'Canada' } },
  { countryCode: 'DE', dialCode: '49', name: { en: 'Germany', fr: 'Allemagne' } },
  { countryCode: 'ES', dialCode: '34', name: { en: 'Spain', fr: 'Espagne' } },
  { countryCode: 'IT', dialCode: '39', name: { en: 'Italy', fr: 'Italie' } },
  { countryCode: 'PT', dialCode: '351', name: { en: 'Portugal', fr: 'Portugal' } },
  { countryCode: 'NL', dialCode: '31', name: { en: 'Netherlands', fr: 'Pays-Bas' } },
  { countryCode: 'BR', dialCode: '55', name: { en: 'Brazil', fr: 'Brésil' } },
];

export function phoneCountry(countryCode: string): PhoneCountry | undefined {
  return PHONE_COUNTRIES.find((country) => country.countryCode === countryCode);
}

/** The country of an international number, by its longest matching dial code (`1` is ambiguous). */
export function countryOfNumber(digits: string): string | null {
  let best: PhoneCountry | undefined;
  for (const country of PHONE_COUNTRIES) {
    if (digits.startsWith(country.dialCode) && (!best || country.dialCode.length > best.dialCode.length)) {
      best = country;
    }
  }
  return best?.countryCode ?? null;
}

/**
 * The international digits of a number typed for `country`: `+33 6…` must start with its dial
 * code; a national `06…` gets the dial code in front and loses its trunk `0`. `null` if it cannot
 * be that country's number.
 */
export function internationalDigits(typed: string, country: PhoneCountry): string | null {
  const digits = typed.replace(/\D/g, '');
  if (typed.trim().startsWith('+')) return digits.startsWith(country.dialCode) ? digits : null;
  if (digits.startsWith('00')) {
    const rest = digits.slice(2);
    return rest.startsWith(country.dialCode) ? rest : null;
  }
  return `${country.dialCode}${digits.replace(/^0/, '')}`;
}
