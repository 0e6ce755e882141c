/** A tournament prize as the player reads it: cash in the site's money format, other prizes by their label. */
import type { TournamentOutput, TournamentPrize } from '@croupier/contract/tournaments/tournaments';

export type Money = (amount: string, currency: string) => string;

/** The currency a tournament's amounts are in (its first; EUR when it names none). */
export function tournamentCurrency(tournament: Pick<TournamentOutput, 'currencies'>): string {
  return tournament.currencies[0] ?? 'EUR';
}

export function prizeText(prize: TournamentPrize, currency: string, money: Money): string {
  return prize.kind === 'cash' && prize.amount ? money(prize.amount, currency) : prize.label;
}

/** The prize of a rank in a tournament's prize table, or null when the rank wins nothing. */
export function prizeOfRank(
  tournament: Pick<TournamentOutput, 'prizes' | 'currencies'>,
  rank: number,
  money: Money,
): string | null {
  const prize = tournament.prizes.find((line) => line.from <= rank && rank <= line.to);
  return prize ? prizeText(prize, tournamentCurrency(tournament), money) : null;
}
