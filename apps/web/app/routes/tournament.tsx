/**
 * /tournaments/{id}: one tournament (`tournaments.get` by id) with its rules (schedule, scoring,
 * entry, restrictions, reset on cashout), prize table, leaderboard (`leaderboard.get`, the player's
 * own row too; it reloads while the tournament runs), its games and the Join button (guests get the
 * login prompt). A finished tournament shows its published winners. Unknown id: the 404 page.
 */
import { localizePath } from '@croupier/contract/locales';
import type { TournamentOutput } from '@croupier/contract/tournaments/tournaments';
import { Link, useRevalidator } from 'react-router';
import { useJackpotMoney } from '../features/jackpots/jackpot-money.ts';
import { useLiveRefresh } from '../features/jackpots/use-live-refresh.ts';
import { isNotFoundFailure } from '../features/promotions/not-found-failure.ts';
import { Breadcrumbs } from '../features/promotions/page-parts.tsx';
import { usePushEvent } from '../features/push/push-provider.tsx';
import { TournamentTime } from '../features/tournaments/countdown.tsx';
import { JoinButton } from '../features/tournaments/join-button.tsx';
import { Leaderboard } from '../features/tournaments/leaderboard.tsx';
import {
  parseTournamentId,
  TOURNAMENT_REFRESH_MS,
  TOURNAMENTS_PATH,
  tournamentDisplay,
  tournamentGamesPath,
} from '../features/tournaments/tournament-paths.ts';
import { prizeOfRank, prizeText, tournamentCurrency } from '../features/tournaments/tournament-prizes.ts';
import { useTranslation } from '../i18n/use-translation.tsx';
import { errorPageResponse, orErrorPage } from '../lib/loader-errors.ts';
import { localeOfPath } from '../lib/locale-paths.ts';
import { withPageTitle } from '../lib/page-meta.ts';
import { usePageLocale, useRootData } from '../lib/use-root-data.ts';
import { getWebContext } from '../lib/web-context.ts';
import { buttonClassName } from '../ui/button.tsx';
import type { Route } from './+types/tournament';

const BOARD_SIZE = 10;

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  withPageTitle(matches, loaderData?.pageMeta.title);

export async function loader({ params, context, url }: Route.LoaderArgs) {
  const web = getWebContext(context);
  const id = parseTournamentId(params.id);
  const notFound = () => errorPageResponse({ page: 'notFound', path: url.pathname }, 404);
  if (id === null) throw notFound();
  const orNotFound = (error: unknown) => {
    if (isNotFoundFailure(error)) throw notFound();
    throw error;
  };
  const [config, list, board] = await Promise.all([
    web.content.getConfig(localeOfPath(url.pathname)),
    orErrorPage(web.api.call('tournaments.get', { ids: String(id) })),
    orErrorPage(web.api.call('leaderboard.get', { tournament_id: id, count: BOARD_SIZE }).catch(orNotFound)),
  ]);
  const tournament = list.items[0] as TournamentOutput | undefined;
  if (!tournament) throw notFound();
  return {
    tournament,
    board,
    display: tournamentDisplay(config),
    serverNow: new Date().toISOString(),
    pageMeta: { title: tournament.name },
  };
}

function Rule({ term, children }: { term: string; children: string }) {
  return (
    <div className="grid gap-1 border-b border-border py-3 last:border-b-0 tablet:grid-cols-[14rem_1fr] tablet:gap-4">
      <dt className="text-sm font-semibold text-text">{term}</dt>
      <dd className="text-sm leading-relaxed text-text/85">{children}</dd>
    </div>
  );
}

/** Refreshes the leaderboard while the tournament runs, and at once when the player's score moved. */
function LiveBoard({ id }: { id: number }) {
  useLiveRefresh(TOURNAMENT_REFRESH_MS);
  const revalidator = useRevalidator();
  usePushEvent('tournament', (data) => {
    const pushed = (data as { id?: unknown } | null)?.id;
    if (pushed === id && revalidator.state === 'idle') void revalidator.revalidate();
  });
  return null;
}

export default function Tournament({ loaderData }: Route.ComponentProps) {
  const { tournament, board, display, serverNow } = loaderData;
  const { t } = useTranslation('tournaments');
  const locale = usePageLocale();
  const { isAuthenticated } = useRootData();
  const money = useJackpotMoney();
  const currency = tournamentCurrency(tournament);
  const amount = (value: string) => money(value, currency);
  const prizeOf = (rank: number) => prizeOfRank(tournament, rank, money);
  const joined = tournament.user_info?.participates === true;
  const canJoin = tournament.status !== 'finished' && !joined;
  const joinLabel =
    tournament.entry === 'buy_in' && tournament.buy_in
      ? t('join.buyIn', { amount: amount(tournament.buy_in) })
      : t('join.action');
  return (
    <article className="mx-auto w-full max-w-4xl px-3 pt-5 pb-14 tablet:px-6 tablet:pt-8">
      {tournament.status === 'active' && <LiveBoard id={tournament.id} />}
      <Breadcrumbs
        parent={{ href: localizePath(TOURNAMENTS_PATH, locale), label: t('detail.breadcrumb') }}
        current={tournament.name}
      />
      <header className="mt-4 rounded-3xl border border-gold/25 bg-[radial-gradient(120%_140%_at_0%_0%,rgb(245_184_46/0.2),transparent_55%),linear-gradient(135deg,#1c2440,#141a2e)] p-6 tablet:p-8">
        <p className="text-sm font-semibold text-gold">{t(`status.${tournament.status}`)}</p>
        <h1 className="mt-1 text-2xl font-bold tracking-tight text-balance laptop:text-4xl">
          {tournament.name}
        </h1>
        <p className="mt-3 max-w-2xl text-sm leading-relaxed text-text/85">{tournament.description}</p>
        <p className="amount mt-4 text-3xl font-bold text-gold tabular-nums" data-testid="tournament-prize">
          {amount(tournament.total_prize)}
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
        <div className="mt-5 flex flex-wrap items-center gap-3">
          {canJoin && (
            <JoinButton tournamentId={tournament.id} isAuthenticated={isAuthenticated} label={joinLabel} />
          )}
          {joined && (
            <p className="text-sm font-semibold text-gold" data-testid="tournament-joined">
              {tournament.user_info?.rank
                ? t('detail.joinedRank', {
                    rank: tournament.user_info.rank,
                    score: tournament.user_info.score,
                  })
                : t('card.joined')}
            </p>
          )}
          {tournament.games_count > 0 && (
            <Link
              to={tournamentGamesPath(tournament.id, locale)}
              className={buttonClassName({ variant: 'secondary' })}
              data-testid="tournament-games-link"
            >
              {t('detail.playGames', { count: tournament.games_count })}
            </Link>
          )}
        </div>
        {display.showParticipants && (
          <p className="mt-3 text-xs text-muted">
            {t('card.participants', { count: tournament.total_participants })}
          </p>
        )}
      </header>

      <section className="mt-8" aria-labelledby="tournament-board">
        <h2 id="tournament-board" className="text-xl font-semibold tracking-tight">
          {board.final ? t('detail.winnersTitle') : t('detail.boardTitle')}
        </h2>
        <div className="mt-3">
          <Leaderboard
            items={board.items}
            me={board.me}
            leaderImages={display.leaderImages}
            title={board.final ? t('detail.winnersTitle') : t('detail.boardTitle')}
            prizeOf={prizeOf}
          />
        </div>
        <p className="mt-2 text-xs text-muted">{t('detail.ties')}</p>
      </section>

      <section className="mt-8" aria-labelledby="tournament-prizes">
        <h2 id="tournament-prizes" className="text-xl font-semibold tracking-tight">
          {t('detail.prizesTitle')}
        </h2>
        <ul
          className="mt-3 divide-y divide-border rounded-2xl border border-border bg-surface"
          data-testid="tournament-prizes"
        >
          {tournament.prizes.map((prize) => (
            <li key={prize.from} className="flex items-center justify-between gap-4 px-5 py-3 text-sm">
              <span className="text-muted">
                {prize.from === prize.to
                  ? t('detail.place', { place: prize.from })
                  : t('detail.places', { from: prize.from, to: prize.to })}
              </span>
              <span className="font-semibold">{prizeText(prize, currency, money)}</span>
            </li>
          ))}
        </ul>
      </section>

      <section className="mt-8" aria-labelledby="tournament-rules">
        <h2 id="tournament-rules" className="text-xl font-semibold tracking-tight">
          {t('detail.rulesTitle')}
        </h2>
        <dl className="mt-3 rounded-2xl border border-border bg-surface px-5" data-testid="tournament-rules">
          <Rule term={t('detail.scoring')}>
            {t(`scoringRule.${tournament.scoring}`, { points: tournament.points_per_bet ?? 0 })}
          </Rule>
          {tournament.min_stake && <Rule term={t('detail.minStake')}>{amount(tournament.min_stake)}</Rule>}
          <Rule term={t('detail.entry')}>
            {tournament.entry === 'buy_in' && tournament.buy_in
              ? t('entry.buy_in', { amount: amount(tournament.buy_in) })
              : t(`entry.${tournament.entry}`)}
          </Rule>
          <Rule term={t('detail.currencies')}>{tournament.currencies.join(', ')}</Rule>
          {tournament.restrictions.max_participants !== null && (
            <Rule term={t('detail.maxParticipants')}>{String(tournament.restrictions.max_participants)}</Rule>
          )}
          {tournament.reset_on_cashout && <Rule term={t('detail.cashoutTitle')}>{t('detail.cashout')}</Rule>}
          {tournament.recurring_days !== null && (
            <Rule term={t('detail.recurringTitle')}>
              {t('detail.recurring', { count: tournament.recurring_days })}
            </Rule>
          )}
          <Rule term={t('detail.afterTitle')}>{t('detail.after')}</Rule>
        </dl>
      </section>
    </article>
  );
}
