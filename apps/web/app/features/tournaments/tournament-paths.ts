/** Where the tournament pages live (paths without locale prefix until `localizePath`) and what they read from the content. */
import type { CmsConfig } from '@croupier/contract/content/cms-config';
import { type Locale, localizePath } from '@croupier/contract/locales';

export const TOURNAMENTS_PATH = '/tournaments';

/** Spec §9: a tournament's game hall shows 12 games a page. */
export const TOURNAMENT_GAMES_PER_PAGE = 12;

/** The leaderboard reloads this often on a running tournament's page (a loader revalidation). */
export const TOURNAMENT_REFRESH_MS = 10_000;

export function tournamentPath(id: number, locale: Locale): string {
  return localizePath(`${TOURNAMENTS_PATH}/${id}`, locale);
}

export function tournamentGamesPath(id: number, locale: Locale): string {
  return localizePath(`${TOURNAMENTS_PATH}/${id}/gamehall`, locale);
}

/** A tournament id from the URL: a positive integer, else null (the page is then the 404). */
export function parseTournamentId(raw: string | undefined): number | null {
  if (raw === undefined || !/^[1-9]\d{0,14}$/.test(raw)) return null;
  return Number(raw);
}

export interface TournamentDisplay {
  showParticipants: boolean;
  durationType: 'countdown' | 'dates';
  leaderImages: string[];
}

/** The content's tournament display settings (spec §3), with the defaults when absent. */
export function tournamentDisplay(config: CmsConfig): TournamentDisplay {
  const display = config['games-config']?.tournamentDisplay;
  return {
    showParticipants: display?.showParticipants ?? true,
    durationType: display?.durationType ?? 'countdown',
    leaderImages: display?.leaderImages ?? [],
  };
}
