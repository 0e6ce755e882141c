/** The latest finished tournaments' winners on /winners: the tournament, its top places, each prize. */
import type { TournamentOutput } from '@croupier/contract/tournaments/tournaments';
import { Medal } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { usePageLocale } from '../../lib/use-root-data.ts';
import { useTournamentMoney } from './tournament-money.ts';
import { tournamentPath } from './tournament-paths.ts';
import { prizeOfRank } from './tournament-prizes.ts';

/** Places shown per tournament (the full table is on the tournament's page). */
export const TOURNAMENT_WINNERS_SHOWN = 3;

export function TournamentWinsStrip({ tournaments }: { tournaments: readonly TournamentOutput[] }) {
  const { t } = useTranslation('tournaments');
  const locale = usePageLocale();
  const money = useTournamentMoney();
  const withWinners = tournaments.filter((tournament) => tournament.winners.length > 0);
  if (withWinners.length === 0) return null;
  return (
    <section className="mt-8" aria-labelledby="tournament-wins">
      <h2 id="tournament-wins" className="flex items-center gap-2 text-lg font-semibold tracking-tight">
        <Medal className="size-5 text-gold" aria-hidden focusable={false} />
        {t('wins.title')}
      </h2>
      <ul className="mt-3 grid gap-2.5 tablet:grid-cols-2" data-testid="tournament-wins">
        {withWinners.map((tournament) => (
          <li key={tournament.id} className="rounded-2xl border border-border bg-surface p-3 ps-4">
            <Link
              to={tournamentPath(tournament.id, locale)}
              className="text-sm font-semibold hover:text-accent"
            >
              {tournament.name}
            </Link>
            <ol className="mt-2 grid gap-1 text-sm">
              {tournament.winners.slice(0, TOURNAMENT_WINNERS_SHOWN).map((winner) => (
                <li key={winner.rank} className="flex items-center justify-between gap-3">
                  <span className="min-w-0 truncate">
                    <span className="me-2 text-muted tabular-nums">
                      {t('wins.rank', { rank: winner.rank })}
                    </span>
                    <span className="font-medium">{winner.player}</span>
                  </span>
                  <span className="amount shrink-0 font-semibold text-gold">
                    {prizeOfRank(tournament, winner.rank, money) ?? winner.prize}
                  </span>
                </li>
              ))}
            </ol>
          </li>
        ))}
      </ul>
    </section>
  );
}
