/**
 * Times on the betting pages in the player's time zone (ADR 035). The server renders before it knows
 * the zone, so the pages carry the UTC offset they were loaded for (`?tz=` minutes east of UTC,
 * default 0) and format with it on both sides: the same text, no hydration mismatch. Once in the
 * browser a page whose offset is not the player's reloads itself with the right one.
 */
import { formatTime } from '../../ui/format.ts';

export const DAY_TABS = 7;

/** The browser's offset, minutes east of UTC (Date's is west). */
export function browserUtcOffset(now: Date = new Date()): number {
  return -now.getTimezoneOffset();
}

export function parseUtcOffset(value: string | null): number {
  const offset = Number(value);
  return value !== null && Number.isInteger(offset) && offset >= -840 && offset <= 840 ? offset : 0;
}

function shifted(value: string | Date, offset: number): Date {
  return new Date(new Date(value).getTime() + offset * 60_000);
}

/** `YYYY-MM-DD` of `now` + `days` in the zone. */
export function zonedDate(now: Date, offset: number, days = 0): string {
  return shifted(now, offset + days * 1440)
    .toISOString()
    .slice(0, 10);
}

/** `H:mm` in the zone. */
export function zonedTime(value: string, offset: number): string {
  return formatTime(shifted(value, offset), { timeZone: 'UTC' });
}

/** A day tab's label after today and tomorrow: `Sat 28.11` / `sam. 28.11`. */
export function dayLabel(date: string, locale: string): string {
  const day = new Date(`${date}T12:00:00Z`);
  const weekday = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' }).format(day);
  return `${weekday} ${date.slice(8, 10)}.${date.slice(5, 7)}`;
}

/** `m:ss` of a match clock. */
export function formatClock(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
