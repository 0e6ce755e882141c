/**
 * /tournaments: running, upcoming and finished tournaments (`tournaments.get` by status, ADR 036) as
 * cards with the time left (or the dates) and the participants, as the content's tournament display
 * settings say. Empty sections say so; a navigation here shows skeleton cards.
 */

import { localizePath } from '@croupier/contract/locales';
import type { TournamentOutput } from '@croupier/contract/tournaments/tournaments';
import { Trophy } from 'lucide-react';
import { Link, useNavigation } from 'react-router';
import { EmptyState } from '../features/games/game-grid.tsx';
import { CardsSkeleton, PageHeader } from '../features/promotions/page-parts.tsx';
import { TournamentCard } from '../features/tournaments/tournament-card.tsx';
import { TOURNAMENTS_PATH, tournamentDisplay } from '../features/tournaments/tournament-paths.ts';
import { i18nFor } from '../i18n/i18n.ts';
import { useTranslation } from '../i18n/use-translation.tsx';
import { orErrorPage } from '../lib/loader-errors.ts';
import { localeOfPath, pathWithoutLocale } from '../lib/locale-paths.ts';
import { withPageTitle } from '../lib/page-meta.ts';
import { usePageLocale } from '../lib/use-root-data.ts';
import { getWebContext } from '../lib/web-context.ts';
import { buttonClassName } from '../ui/button.tsx';
import type { Route } from './+types/tournaments';

const FINISHED_SHOWN = 6;

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  withPageTitle(matches, loaderData?.pageMeta.title);

export async function loader({ context, url }: Route.LoaderArgs) {
  const web = getWebContext(context);
  const locale = localeOfPath(url.pathname);
  const [config, active, future, finished] = await Promise.all([
    web.content.getConfig(locale),
    orErrorPage(web.api.call('tournaments.get', { status: 'active' })),
    orErrorPage(web.api.call('tournaments.get', { status: 'future' })),
    orErrorPage(web.api.call('tournaments.get', { status: 'finished', count: FINISHED_SHOWN })),
  ]);
  return {
    active: active.items as TournamentOutput[],
    future: future.items as TournamentOutput[],
    finished: finished.items as TournamentOutput[],
    display: tournamentDisplay(config),
    serverNow: new Date().toISOString(),
    pageMeta: { title: i18nFor(locale).t('tournaments:list.title') },
  };
}

function Section({
  id,
  title,
  empty,
  items,
  display,
  serverNow,
}: {
  id: string;
  title: string;
  empty: string;
  items: TournamentOutput[];
  display: Route.ComponentProps['loaderData']['display'];
  serverNow: string;
}) {
  return (
    <section className="mt-10" aria-labelledby={id} data-testid={id}>
      <h2 id={id} className="text-xl font-semibold tracking-tight">
        {title}
      </h2>
      {items.length === 0 ? (
        <p className="mt-3 rounded-2xl border border-border bg-surface p-5 text-sm text-muted">{empty}</p>
      ) : (
        <ul className="mt-4 grid gap-4 tablet:grid-cols-2 laptop:grid-cols-3">
          {items.map((tournament) => (
            <li key={tournament.id} className="flex">
              <TournamentCard tournament={tournament} display={display} serverNow={serverNow} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default function Tournaments({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('tournaments');
  const locale = usePageLocale();
  const navigation = useNavigation();
  const { active, future, finished, display, serverNow } = loaderData;
  const arriving =
    navigation.state === 'loading' && pathWithoutLocale(navigation.location.pathname) === TOURNAMENTS_PATH;
  const none = active.length + future.length + finished.length === 0;
  return (
    <div className="mx-auto w-full max-w-screen-laptopLg px-3 pt-5 pb-14 tablet:px-6 tablet:pt-8 laptop:px-8">
      <PageHeader eyebrow={t('list.eyebrow')} title={t('list.title')} intro={t('list.intro')} />
      {arriving && none ? (
        <CardsSkeleton count={3} label={t('list.loading')} />
      ) : none ? (
        <div className="mt-8">
          <EmptyState
            icon={<Trophy className="size-7" aria-hidden focusable={false} />}
            title={t('list.empty')}
            text={t('list.emptyText')}
            action={
              <Link to={localizePath('/gamehall', locale)} className={buttonClassName({})}>
                {t('list.toHall')}
              </Link>
            }
          />
        </div>
      ) : (
        <>
          <Section
            id="tournaments-active"
            title={t('list.active')}
            empty={t('list.noActive')}
            items={active}
            display={display}
            serverNow={serverNow}
          />
          <Section
            id="tournaments-future"
            title={t('list.future')}
            empty={t('list.noFuture')}
            items={future}
            display={display}
            serverNow={serverNow}
          />
          <Section
            id="tournaments-finished"
            title={t('list.finished')}
            empty={t('list.noFinished')}
            items={finished}
            display={display}
            serverNow={serverNow}
          />
        </>
      )}
    </div>
  );
}
