/**
 * Durations of session time (ADR 028) in the page's language with the platform's Intl: "1 hour,
 * 5 minutes" / "1 heure et 5 minutes" — hours and minutes, or seconds under a minute.
 */
import type { Locale } from '@croupier/contract/locales';

function unit(locale: Locale, value: number, name: 'hour' | 'minute' | 'second'): string {
  return new Intl.NumberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'long' }).format(value);
}

/** A whole number of seconds as hours and minutes (seconds only under a minute). */
export function formatDuration(totalSeconds: number, locale: Locale): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  if (seconds < 60) return unit(locale, seconds, 'second');
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const parts: string[] = [];
  if (hours > 0) parts.push(unit(locale, hours, 'hour'));
  if (minutes > 0 || hours === 0) parts.push(unit(locale, minutes, 'minute'));
  return new Intl.ListFormat(locale, { style: 'long', type: 'unit' }).format(parts);
}

/** Minutes (a limit or an interval) as a duration. */
export function formatMinutes(minutes: number, locale: Locale): string {
  return formatDuration(minutes * 60, locale);
}
