/**
 * /winners (spec §2): the latest big wins of real-money rounds (`games.getWinners`): the game, the
 * winner's masked name (never who they are), the amount and the multiple of the bet, and when;
 * above them the latest jackpot wins (`Jackpots.getWinners`, ADR 032) and the winners of the latest
 * finished tournaments (`tournaments.get`, ADR 036) when the tournaments section is on. A big win
 * arriving on the push stream (`big_win`, ADR 037) joins the top of the list while the page is open.
 */

import { type GameWinner, gameWinner } from '@croupier/contract/games/get-winners';
import { localizePath } from '@croupier/contract/locales';
import type { TournamentOutput } from '@croupier/contract/tournaments/tournaments';
import { Trophy } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { currencyInfoOf, useAuthRoot } from '../features/auth/auth-root-data.ts';
import { GameArt } from '../features/games/game-art.tsx';
import { EmptyState } from '../features/games/game-grid.tsx';
import { gamePagePath } from '../features/games/game-paths.ts';
import { JackpotWinsStrip } from '../features/jackpots/jackpot-wins-strip.tsx';
import { usePublicPushEvent } from '../features/push/push-provider.tsx';
import { TournamentWinsStrip } from '../features/tournaments/tournament-wins-strip.tsx';
import { i18nFor } from '../i18n/i18n.ts';
import { useTranslation } from '../i18n/use-translation.tsx';
import { orErrorPage } from '../lib/loader-errors.ts';
import { localeOfPath } from '../lib/locale-paths.ts';
import { withPageTitle } from '../lib/page-meta.ts';
import { usePageLocale } from '../lib/use-root-data.ts';
import { getWebContext } from '../lib/web-context.ts';
import { buttonClassName } from '../ui/button.tsx';
import { cx } from '../ui/class-names.ts';
import { formatMoney } from '../ui/format.ts';
import { useFormatDateTime } from '../ui/use-format-date-time.ts';
import type { Route } from './+types/winners';

const WINNERS_SHOWN = 30;
const JACKPOT_WINS_SHOWN = 4;
const TOURNAMENTS_SHOWN = 2;

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  withPageTitle(matches, loaderData?.pageMeta.title);

export async function loader({ context, url }: Route.LoaderArgs) {
  const web = getWebContext(context);
  const locale = localeOfPath(url.pathname);
  const [winners, jackpotWins, tournaments] = await orErrorPage(
    Promise.all([
      web.api.call('games.getWinners', { count: WINNERS_SHOWN }),
      web.api.call('Jackpots.getWinners', { count: JACKPOT_WINS_SHOWN }),
      web.sections.tournaments
        ? web.api.call('tournaments.get', { status: 'finished', count: TOURNAMENTS_SHOWN })
        : Promise.resolve({ items: [] }),
    ]),
  );
  return {
    winners: winners.items,
    jackpotWins: jackpotWins.items,
    tournaments: tournaments.items as TournamentOutput[],
    pageMeta: { title: i18nFor(locale).t('games:winners.title') },
  };
}

export default function Winners({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('games');
  const [live, setLive] = useState<GameWinner[]>([]);
  usePublicPushEvent('big_win', (data) => {
    const win = gameWinner.safeParse(data);
    if (win.success) setLive((shown) => [win.data, ...shown].slice(0, WINNERS_SHOWN));
  });
  const winners = [...live, ...loaderData.winners].slice(0, WINNERS_SHOWN);
  const locale = usePageLocale();
  const currencies = useAuthRoot()?.auth.currencies ?? [];
  const formatDateTime = useFormatDateTime();
  const money = (amount: { amount: string; currency: string }) => {
    const currency = currencyInfoOf(currencies, amount.currency);
    return formatMoney(amount, { symbol: currency.symbol, exponent: currency.exponent });
  };
  return (
    <div className="mx-auto w-full max-w-screen-laptopLg px-3 pt-5 pb-14 tablet:px-6 tablet:pt-8 laptop:px-8">
      <header className="relative overflow-hidden rounded-3xl border border-gold/25 bg-[radial-gradient(120%_140%_at_0%_0%,rgb(245_184_46/0.22),transparent_55%),linear-gradient(135deg,#1c2440,#141a2e)] p-6 tablet:p-8">
        <Trophy
          className="absolute end-6 top-1/2 hidden size-28 -translate-y-1/2 rotate-12 text-gold/20 tablet:block laptop:size-32"
          aria-hidden
          focusable={false}
        />
        <p className="text-sm font-semibold text-gold">{t('winners.eyebrow')}</p>
        <h1 className="mt-1 text-2xl font-bold tracking-tight laptop:text-3xl">{t('winners.title')}</h1>
        <p className="mt-2 max-w-xl text-sm leading-relaxed text-muted">{t('winners.intro')}</p>
      </header>
      <JackpotWinsStrip wins={loaderData.jackpotWins ?? []} />
      <TournamentWinsStrip tournaments={loaderData.tournaments ?? []} />
      {winners.length === 0 ? (
        <div className="mt-8">
          <EmptyState
            icon={<Trophy className="size-7" aria-hidden focusable={false} />}
            title={t('winners.empty')}
            text={t('winners.emptyText')}
            action={
              <Link to={localizePath('/gamehall', locale)} className={buttonClassName({})}>
                {t('winners.toHall')}
              </Link>
            }
          />
        </div>
      ) : (
        <ol className="mt-8 grid gap-2.5" data-testid="winners-list">
          {winners.map((win, index) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: wins have no id of their own; the list is read-only.
              key={`${win.at}-${index}`}
              className={cx(
                'flex items-center gap-3 rounded-2xl border bg-surface p-2.5 pe-4 tablet:gap-4',
                index === 0 ? 'border-gold/40 shadow-[0_0_0_1px_rgb(245_184_46/0.15)]' : 'border-border',
              )}
              data-testid="winner-row"
              data-live={index < live.length ? 'true' : undefined}
            >
              <Link
                to={gamePagePath(win.game.sysname, locale)}
                tabIndex={-1}
                aria-hidden="true"
                className="w-20 shrink-0 overflow-hidden rounded-xl tablet:w-24"
              >
                <GameArt src={win.game.image_url} name={win.game.name} decorative />
              </Link>
              <div className="min-w-0 flex-1">
                <Link
                  to={gamePagePath(win.game.sysname, locale)}
                  className="block truncate text-sm font-semibold hover:text-accent tablet:text-base"
                >
                  {win.game.name}
                </Link>
                <p className="mt-0.5 truncate text-xs text-muted tablet:text-sm">
                  <span className="font-medium text-text/85" data-testid="winner-player">
                    {win.player}
                  </span>
                  <span aria-hidden="true"> · </span>
                  <time dateTime={win.at}>{formatDateTime(win.at)}</time>
                </p>
              </div>
              <div className="flex shrink-0 flex-col items-end gap-1">
                <span className="amount text-base font-bold text-gold tablet:text-lg">
                  {money(win.amount)}
                </span>
                <span className="amount rounded-md bg-gold/10 px-1.5 py-0.5 text-xs font-semibold text-gold ring-1 ring-gold/25">
                  {win.multiplier}
                </span>
              </div>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
