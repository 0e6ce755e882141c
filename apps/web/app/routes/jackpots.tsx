/**
 * /jackpots: the running progressive jackpots (`Jackpots.get`, ADR 032) as cards whose amounts grow
 * live: the loader runs again every few seconds (a revalidation, no fetch in an effect).
 */
import { localizePath } from '@croupier/contract/locales';
import { Crown } from 'lucide-react';
import { Link, useNavigation } from 'react-router';
import { EmptyState } from '../features/games/game-grid.tsx';
import { JackpotCard } from '../features/jackpots/jackpot-card.tsx';
import { JACKPOT_REFRESH_MS, JACKPOTS_PATH } from '../features/jackpots/jackpot-paths.ts';
import { useLiveRefresh } from '../features/jackpots/use-live-refresh.ts';
import { CardsSkeleton, PageHeader } from '../features/promotions/page-parts.tsx';
import { i18nFor } from '../i18n/i18n.ts';
import { useTranslation } from '../i18n/use-translation.tsx';
import { orErrorPage } from '../lib/loader-errors.ts';
import { localeOfPath, pathWithoutLocale } from '../lib/locale-paths.ts';
import { withPageTitle } from '../lib/page-meta.ts';
import { usePageLocale } from '../lib/use-root-data.ts';
import { getWebContext } from '../lib/web-context.ts';
import { buttonClassName } from '../ui/button.tsx';
import type { Route } from './+types/jackpots';

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  withPageTitle(matches, loaderData?.pageMeta.title);

export async function loader({ context, url }: Route.LoaderArgs) {
  const web = getWebContext(context);
  const locale = localeOfPath(url.pathname);
  const list = await orErrorPage(web.api.call('Jackpots.get', {}));
  return { jackpots: list.items, pageMeta: { title: i18nFor(locale).t('jackpots:list.title') } };
}

export default function Jackpots({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('jackpots');
  const locale = usePageLocale();
  const navigation = useNavigation();
  useLiveRefresh(JACKPOT_REFRESH_MS);
  // A navigation to this page with nothing shown yet: the skeleton (a live refresh keeps the cards).
  const arriving =
    navigation.state === 'loading' && pathWithoutLocale(navigation.location.pathname) === JACKPOTS_PATH;
  return (
    <div className="mx-auto w-full max-w-screen-laptopLg px-3 pt-5 pb-14 tablet:px-6 tablet:pt-8 laptop:px-8">
      <PageHeader
        eyebrow={t('list.eyebrow')}
        title={t('list.title')}
        intro={t('list.intro')}
        aside={
          <Link
            to={localizePath('/winners', locale)}
            className={buttonClassName({ variant: 'secondary', size: 'sm' })}
          >
            {t('list.winnersLink')}
          </Link>
        }
      />
      {arriving && loaderData.jackpots.length === 0 ? (
        <CardsSkeleton count={2} label={t('list.loading')} />
      ) : loaderData.jackpots.length === 0 ? (
        <div className="mt-8">
          <EmptyState
            icon={<Crown className="size-7" aria-hidden focusable={false} />}
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
        <ul className="mt-8 grid gap-4 tablet:grid-cols-2 laptop:grid-cols-3" data-testid="jackpots-grid">
          {loaderData.jackpots.map((jackpot) => (
            <li key={jackpot.id} className="flex">
              <JackpotCard jackpot={jackpot} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
