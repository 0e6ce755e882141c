/**
 * /jackpots/{id}: one jackpot (`Jackpots.get` by id) with its live amount, the rules UKGC RTS 9 asks
 * to state (contribution, seed, ceiling, how a win is decided, what happens at reset), the current
 * draw's commitment, its games, its winners (`Jackpots.getWinners`) with the revealed seeds, and how
 * to verify a win (ADR 032). An unknown id is the site's 404 page.
 */
import { localizePath } from '@croupier/contract/locales';
import { Link } from 'react-router';
import { GameArt } from '../features/games/game-art.tsx';
import { gamePagePath } from '../features/games/game-paths.ts';
import { useJackpotMoney } from '../features/jackpots/jackpot-money.ts';
import { JACKPOT_REFRESH_MS, JACKPOTS_PATH, parseJackpotId } from '../features/jackpots/jackpot-paths.ts';
import { useLiveRefresh } from '../features/jackpots/use-live-refresh.ts';
import { isNotFoundFailure } from '../features/promotions/not-found-failure.ts';
import { Breadcrumbs } from '../features/promotions/page-parts.tsx';
import { useTranslation } from '../i18n/use-translation.tsx';
import { errorPageResponse, orErrorPage } from '../lib/loader-errors.ts';
import { withPageTitle } from '../lib/page-meta.ts';
import { usePageLocale } from '../lib/use-root-data.ts';
import { getWebContext } from '../lib/web-context.ts';
import { useFormatDateTime } from '../ui/use-format-date-time.ts';
import type { Route } from './+types/jackpot';

const WINNERS_SHOWN = 10;

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  withPageTitle(matches, loaderData?.pageMeta.title);

export async function loader({ params, context, url }: Route.LoaderArgs) {
  const web = getWebContext(context);
  const id = parseJackpotId(params.id);
  const notFound = () => errorPageResponse({ page: 'notFound', path: url.pathname }, 404);
  if (id === null) throw notFound();
  const orNotFound = (error: unknown) => {
    if (isNotFoundFailure(error)) throw notFound();
    throw error;
  };
  const [list, winners] = await orErrorPage(
    Promise.all([
      web.api.call('Jackpots.get', { id }).catch(orNotFound),
      web.api.call('Jackpots.getWinners', { jackpot_id: id, count: WINNERS_SHOWN }).catch(orNotFound),
    ]),
  );
  const jackpot = list.items[0];
  if (!jackpot) throw notFound();
  return { jackpot, winners: winners.items, pageMeta: { title: jackpot.name } };
}

function Rule({ term, children }: { term: string; children: string }) {
  return (
    <div className="grid gap-1 border-b border-border py-3 last:border-b-0 tablet:grid-cols-[14rem_1fr] tablet:gap-4">
      <dt className="text-sm font-semibold text-text">{term}</dt>
      <dd className="text-sm leading-relaxed text-text/85">{children}</dd>
    </div>
  );
}

export default function Jackpot({ loaderData }: Route.ComponentProps) {
  const { jackpot, winners } = loaderData;
  const { t } = useTranslation('jackpots');
  const locale = usePageLocale();
  const money = useJackpotMoney();
  const formatDateTime = useFormatDateTime();
  useLiveRefresh(JACKPOT_REFRESH_MS);
  const amount = (value: string) => money(value, jackpot.currency);
  return (
    <article className="mx-auto w-full max-w-4xl px-3 pt-5 pb-14 tablet:px-6 tablet:pt-8">
      <Breadcrumbs
        parent={{ href: localizePath(JACKPOTS_PATH, locale), label: t('detail.breadcrumb') }}
        current={jackpot.name}
      />
      <header className="mt-4 rounded-3xl border border-gold/25 bg-[radial-gradient(120%_140%_at_0%_0%,rgb(245_184_46/0.2),transparent_55%),linear-gradient(135deg,#1c2440,#141a2e)] p-6 tablet:p-8">
        <h1 className="text-2xl font-bold tracking-tight text-balance laptop:text-4xl">{jackpot.name}</h1>
        <p className="mt-4 text-sm font-medium text-muted">{t('detail.now')}</p>
        {/* Not a live region: the amount changes every few seconds while people play, and a screen
            reader would read each one out. A div: a paragraph this large reads as a heading. */}
        <div
          className="amount text-3xl font-bold break-words text-gold tabular-nums tablet:text-4xl laptop:text-5xl"
          data-testid="jackpot-amount"
        >
          {amount(jackpot.amount)}
        </div>
        <p className="mt-2 text-sm text-text/85">
          {t('list.mustDropBy', { amount: amount(jackpot.ceiling) })} · {t('detail.live')}
        </p>
      </header>

      <section className="mt-8" aria-labelledby="jackpot-rules">
        <h2 id="jackpot-rules" className="text-xl font-semibold tracking-tight">
          {t('detail.rulesTitle')}
        </h2>
        <dl className="mt-3 rounded-2xl border border-border bg-surface px-5" data-testid="jackpot-rules">
          <Rule term={t('detail.contribution')}>
            {t('detail.contributionValue', { percent: jackpot.rules.contribution_percent })}
          </Rule>
          <Rule term={t('detail.split')}>
            {t('detail.splitValue', {
              pool: jackpot.rules.pool_share_percent,
              reserve: jackpot.rules.reserve_share_percent,
            })}
          </Rule>
          <Rule term={t('detail.seed')}>{t('detail.seedValue', { amount: amount(jackpot.seed) })}</Rule>
          <Rule term={t('detail.ceiling')}>
            {t('detail.ceilingValue', { amount: amount(jackpot.ceiling) })}
          </Rule>
          <Rule term={t('detail.howTitle')}>{t('detail.how')}</Rule>
          <Rule term={t('detail.resetTitle')}>{t('detail.reset')}</Rule>
        </dl>
        <p className="mt-4 text-sm text-muted">
          {t('detail.commitment')} · {t('detail.cycle', { cycle: jackpot.cycle })}
        </p>
        <code
          className="mt-1 block rounded-lg bg-raised px-3 py-2 font-mono text-xs break-all text-text/85"
          data-testid="jackpot-commitment"
        >
          {jackpot.commitment}
        </code>
      </section>

      <section className="mt-8" aria-labelledby="jackpot-games">
        <h2 id="jackpot-games" className="text-xl font-semibold tracking-tight">
          {t('detail.gamesTitle')}
        </h2>
        <ul className="mt-3 grid grid-cols-2 gap-3 tablet:grid-cols-4" data-testid="jackpot-games">
          {jackpot.games.map((game) => (
            <li key={game.sysname}>
              <Link to={gamePagePath(game.sysname, locale)} className="group block">
                <span className="block overflow-hidden rounded-xl">
                  <GameArt src={game.image_url} name={game.name} decorative />
                </span>
                <span className="mt-1.5 block truncate text-sm font-medium group-hover:text-accent">
                  {game.name}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section className="mt-8" aria-labelledby="jackpot-winners">
        <h2 id="jackpot-winners" className="text-xl font-semibold tracking-tight">
          {t('detail.winnersTitle')}
        </h2>
        {winners.length === 0 ? (
          <p className="mt-3 rounded-2xl border border-dashed border-border bg-surface/40 p-5 text-sm text-muted">
            {t('detail.noWinners', { amount: amount(jackpot.ceiling) })}
          </p>
        ) : (
          <ol className="mt-3 grid gap-2.5" data-testid="jackpot-winners">
            {winners.map((win) => (
              <li
                key={win.cycle}
                className="rounded-2xl border border-border bg-surface p-4"
                data-testid="jackpot-winner"
              >
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <p className="text-sm">
                    <span className="font-semibold">{win.player}</span>
                    {win.game && <span className="text-muted"> · {win.game.name}</span>}
                    <span className="text-muted"> · </span>
                    <time dateTime={win.at} className="text-muted">
                      {formatDateTime(win.at)}
                    </time>
                  </p>
                  <span className="amount text-lg font-bold text-gold">{amount(win.amount)}</span>
                </div>
                <details className="mt-2 text-xs">
                  <summary className="cursor-pointer text-muted hover:text-text">
                    {t('detail.showProof')}
                  </summary>
                  <dl className="mt-2 grid gap-1 font-mono break-all">
                    <dt className="font-sans text-muted">{t('detail.seedLabel')}</dt>
                    <dd>{win.verification.server_seed}</dd>
                    <dt className="font-sans text-muted">{t('detail.commitmentLabel')}</dt>
                    <dd>{win.verification.commitment}</dd>
                    <dt className="font-sans text-muted">{t('detail.rangeLabel')}</dt>
                    <dd>
                      {win.verification.start} – {win.verification.ceiling}
                    </dd>
                  </dl>
                </details>
              </li>
            ))}
          </ol>
        )}
      </section>

      <section
        className="mt-8 rounded-2xl border border-border bg-surface p-5"
        aria-labelledby="jackpot-verify"
      >
        <h2 id="jackpot-verify" className="text-lg font-semibold tracking-tight">
          {t('detail.verifyTitle')}
        </h2>
        <p className="mt-2 text-sm leading-relaxed text-text/85">{t('detail.verify', { id: jackpot.id })}</p>
      </section>
    </article>
  );
}
