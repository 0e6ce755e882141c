/** The validity line of a promotion or offer: "Ongoing", "Until 31.12.2026", "01.12 – 31.12". */
import type { TFunction } from '../../i18n/translator.ts';
import { formatDate } from '../../ui/format.ts';

export function validityText(
  t: TFunction,
  startsAt: string | null,
  endsAt: string | null,
  now: Date,
): string {
  // Dates in UTC: the server renders the page, so the same text on both sides.
  const date = (value: string) => formatDate(value, { timeZone: 'UTC' });
  const started = startsAt === null || new Date(startsAt).getTime() <= now.getTime();
  if (endsAt === null)
    return started
      ? t('promotions:validity.always')
      : t('promotions:validity.from', { date: date(startsAt ?? '') });
  if (started) return t('promotions:validity.until', { date: date(endsAt) });
  return t('promotions:validity.between', { from: date(startsAt ?? ''), to: date(endsAt) });
}
