/** How the back office writes dates, secrets, codes and localized names. */
import { LOCALE_TAGS, type Locale } from '@croupier/contract/locales';

/** A name or title in the page's language, the English one where it has none. */
export function inLocale(value: { en: string } & Partial<Record<Locale, string>>, locale: Locale): string {
  return value[locale] || value.en;
}

/** A TOTP code as typed: six digits. */
export const MFA_CODE_PATTERN = '[0-9]{6}';

/** `JBSWY3DPEHPK3PXP` → `JBSW Y3DP EHPK 3PXP`: easier to type from the screen. */
export function groupSecret(secret: string): string {
  return (secret.replace(/\s/g, '').match(/.{1,4}/g) ?? []).join(' ');
}

/** Date and time to the second, in the page's language (staff compare events closely). */
export function formatStaffDateTime(value: string, locale: Locale): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(LOCALE_TAGS[locale], { dateStyle: 'short', timeStyle: 'medium' }).format(
    date,
  );
}

/**
 * An amount as staff read it, in the page's language (`€1,234.50`, `1 234,50 €`). The decimal
 * string is formatted as it is (Intl takes it exactly), never through a float.
 */
export function formatStaffMoney(money: { amount: string; currency: string }, locale: Locale): string {
  try {
    return new Intl.NumberFormat(LOCALE_TAGS[locale], { style: 'currency', currency: money.currency }).format(
      money.amount as Intl.StringNumericLiteral,
    );
  } catch {
    // Not an ISO 4217 code Intl knows: the number and the code.
    return `${money.amount} ${money.currency}`;
  }
}
