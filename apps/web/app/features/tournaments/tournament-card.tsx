/** A tournament on /tournaments: image, name, prize pool, time left or dates, participants, and a link to its page. */
import type { TournamentOutput } from '@croupier/contract/tournaments/tournaments';
import { Trophy, Users } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { usePageLocale } from '../../lib/use-root-data.ts';
import { buttonClassName } from '../../ui/button.tsx';
import { TournamentTime } from './countdown.tsx';
import { useTournamentMoney } from './tournament-money.ts';
import { type TournamentDisplay, tournamentPath } from './tournament-paths.ts';
import { tournamentCurrency } from './tournament-prizes.ts';

export type TournamentItem = Partial<TournamentOutput> & { id: number };

export function TournamentCard({
  tournament,
  display,
  serverNow,
}: {
  tournament: TournamentOutput;
  display: TournamentDisplay;
  serverNow: string;
}) {
  const { t } = useTranslation('tournaments');
  const locale = usePageLocale();
  const money = useTournamentMoney();
  const currency = tournamentCurrency(tournament);
  return (
    <article
      className="flex w-full flex-col overflow-hidden rounded-2xl border border-border bg-surface"
      data-testid="tournament-card"
    >
      {tournament.image_url ? (
        <img
          src={tournament.image_url}
          alt=""
          width={600}
          height={240}
          loading="lazy"
          className="aspect-[5/2] w-full object-cover"
        />
      ) : (
        <div className="flex aspect-[5/2] w-full items-center justify-center bg-raised">
          <Trophy className="size-10 text-gold/60" aria-hidden focusable={false} />
        </div>
      )}
      <div className="flex flex-1 flex-col p-4">
        <h3 className="text-lg font-semibold tracking-tight">{tournament.name}</h3>
        <p className="amount mt-1 text-2xl font-bold text-gold tabular-nums" data-testid="tournament-prize">
          {money(tournament.total_prize, currency)}
        </p>
        <p className="text-xs text-muted">{t('card.prizePool')}</p>
        <div className="mt-3">
          <TournamentTime
            status={tournament.status}
            startAt={tournament.start_at}
            endAt={tournament.end_at}
            serverNow={serverNow}
            durationType={display.durationType}
          />
        </div>
        <ul className="mt-2 flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted">
          {display.showParticipants && (
            <li className="inline-flex items-center gap-1" data-testid="tournament-participants">
              <Users className="size-3.5" aria-hidden focusable={false} />
              {t('card.participants', { count: tournament.total_participants })}
            </li>
          )}
          <li>{t(`scoring.${tournament.scoring}`)}</li>
          {tournament.user_info?.participates && (
            <li className="font-semibold text-gold">{t('card.joined')}</li>
          )}
        </ul>
        <div className="mt-auto pt-4">
          <Link
            to={tournamentPath(tournament.id, locale)}
            className={buttonClassName({ variant: 'secondary', size: 'sm' })}
            aria-label={t('card.moreAbout', { name: tournament.name })}
          >
            {t('card.more')}
          </Link>
        </div>
      </div>
    </article>
  );
}
