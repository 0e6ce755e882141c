/** /promotions: the running promotions (`promotions.get`, ADR 023) as a grid of cards. */
import { localizePath } from '@croupier/contract/locales';
import { Megaphone } from 'lucide-react';
import { Link, useNavigation, useRevalidator } from 'react-router';
import { EmptyState } from '../features/games/game-grid.tsx';
import { CardsSkeleton, PageHeader } from '../features/promotions/page-parts.tsx';
import { PromotionCard } from '../features/promotions/promotion-card.tsx';
import { withPromotionMeta } from '../features/promotions/promotion-meta.ts';
import { OFFERS_PATH, PROMOTIONS_PATH } from '../features/promotions/promotion-paths.ts';
import { i18nFor } from '../i18n/i18n.ts';
import { useTranslation } from '../i18n/use-translation.tsx';
import { orErrorPage } from '../lib/loader-errors.ts';
import { localeOfPath, pathWithoutLocale } from '../lib/locale-paths.ts';
import { usePageLocale } from '../lib/use-root-data.ts';
import { getWebContext } from '../lib/web-context.ts';
import { buttonClassName } from '../ui/button.tsx';
import type { Route } from './+types/promotions';

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  withPromotionMeta(matches, loaderData?.pageMeta);

/** Far above what an operator runs at once; the page shows them all. */
const PROMOTIONS_SHOWN = 60;

export async function loader({ context, url }: Route.LoaderArgs) {
  const web = getWebContext(context);
  const locale = localeOfPath(url.pathname);
  const list = await orErrorPage(web.api.call('promotions.get', { count: PROMOTIONS_SHOWN }));
  const t = i18nFor(locale).t;
  return {
    promotions: list.items,
    now: new Date().toISOString(),
    pageMeta: { title: t('promotions:list.title'), description: t('promotions:list.intro') },
  };
}

export default function Promotions({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('promotions');
  const locale = usePageLocale();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const now = new Date(loaderData.now);
  // Reloading this page's data (a navigation to it, or a revalidation after an action).
  const busy =
    (navigation.state === 'loading' && pathWithoutLocale(navigation.location.pathname) === PROMOTIONS_PATH) ||
    revalidator.state === 'loading';
  const reloading = busy && loaderData.promotions.length === 0;
  return (
    <div className="mx-auto w-full max-w-screen-laptopLg px-3 pt-5 pb-14 tablet:px-6 tablet:pt-8 laptop:px-8">
      <PageHeader
        eyebrow={t('list.eyebrow')}
        title={t('list.title')}
        intro={t('list.intro')}
        aside={
          <Link
            to={localizePath(OFFERS_PATH, locale)}
            className={buttonClassName({ variant: 'secondary', size: 'sm' })}
          >
            {t('list.offersLink')}
          </Link>
        }
      />
      {reloading ? (
        <CardsSkeleton count={3} label={t('list.loading')} />
      ) : loaderData.promotions.length === 0 ? (
        <div className="mt-8">
          <EmptyState
            icon={<Megaphone className="size-7" aria-hidden focusable={false} />}
            title={t('list.empty')}
            text={t('list.emptyText')}
            action={
              <Link to={localizePath(OFFERS_PATH, locale)} className={buttonClassName({})}>
                {t('list.toOffers')}
              </Link>
            }
          />
        </div>
      ) : (
        <ul
          className="mt-8 grid gap-4 transition-opacity tablet:grid-cols-2 laptop:grid-cols-3 aria-busy:opacity-60"
          data-testid="promotions-grid"
          aria-busy={busy || undefined}
        >
          {loaderData.promotions.map((promotion) => (
            <li key={promotion.id} className="flex">
              <PromotionCard promotion={promotion} now={now} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
