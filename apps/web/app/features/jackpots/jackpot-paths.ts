/** Where the jackpot pages live (paths without locale prefix until `localizePath`), and how often they refresh. */
import { type Locale, localizePath } from '@croupier/contract/locales';

export const JACKPOTS_PATH = '/jackpots';

/** The pages reload their data this often so the amounts grow live (a loader revalidation). */
export const JACKPOT_REFRESH_MS = 5_000;

export function jackpotPath(id: number, locale: Locale): string {
  return localizePath(`${JACKPOTS_PATH}/${id}`, locale);
}

/** A jackpot id from the URL: a positive integer, else null (the page is then the 404). */
export function parseJackpotId(raw: string | undefined): number | null {
  if (raw === undefined || !/^[1-9]\d{0,14}$/.test(raw)) return null;
  return Number(raw);
}
