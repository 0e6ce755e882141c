/**
 * A date and time in a server message (spec §9: `dd.mm.yyyy`, `H:mm` joined by a word), in UTC and
 * saying so: the server does not know the reader's time zone. `07.03.2025 at 9:05 UTC`,
 * fr `07.03.2025 à 9:05 UTC`.
 */
import type { Locale } from '@croupier/contract/locales';

const JOINER: Record<Locale, string> = { en: 'at', fr: 'à' };

export function formatDateTimeUtc(date: Date, locale: Locale): string {
  const dd = String(date.getUTCDate()).padStart(2, '0');
  const mm = String(date.getUTCMonth() + 1).padStart(2, '0');
  const yyyy = String(date.getUTCFullYear()).padStart(4, '0');
  const minutes = String(date.getUTCMinutes()).padStart(2, '0');
  return `${dd}.${mm}.${yyyy} ${JOINER[locale]} ${date.getUTCHours()}:${minutes} UTC`;
}
