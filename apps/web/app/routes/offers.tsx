/**
 * /offers: what the visitor can get now (`campaigns.getoffers`; guests see offers too, spec §6),
 * each with its trigger in words, its bonuses and its action, and the promo-code form.
 */
import { localizePath } from '@croupier/contract/locales';
import { Gift } from 'lucide-react';
import { Link, useNavigation, useRevalidator } from 'react-router';
import { EmptyState } from '../features/games/game-grid.tsx';
import { OfferCard } from '../features/promotions/offer-card.tsx';
import { CardsSkeleton, PageHeader } from '../features/promotions/page-parts.tsx';
import { PromoCodeSection } from '../features/promotions/promo-code-section.tsx';
import { withPromotionMeta } from '../features/promotions/promotion-meta.ts';
import { OFFERS_PATH, OFFERS_SHOWN, PROMOTIONS_PATH } from '../features/promotions/promotion-paths.ts';
import { i18nFor } from '../i18n/i18n.ts';
import { useTranslation } from '../i18n/use-translation.tsx';
import { orErrorPage } from '../lib/loader-errors.ts';
import { localeOfPath, pathWithoutLocale } from '../lib/locale-paths.ts';
import { usePageLocale } from '../lib/use-root-data.ts';
import { getWebContext } from '../lib/web-context.ts';
import { buttonClassName } from '../ui/button.tsx';
import type { Route } from './+types/offers';

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  withPromotionMeta(matches, loaderData?.pageMeta);

export async function loader({ context, url }: Route.LoaderArgs) {
  const web = getWebContext(context);
  const locale = localeOfPath(url.pathname);
  const list = await orErrorPage(web.api.call('campaigns.getoffers', { count: OFFERS_SHOWN }));
  const t = i18nFor(locale).t;
  return {
    offers: list.items,
    pageMeta: { title: t('promotions:offers.title'), description: t('promotions:offers.intro') },
  };
}

export default function Offers({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('promotions');
  const locale = usePageLocale();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  // Reloading this page's data (a navigation to it, or a revalidation after an action).
  const busy =
    (navigation.state === 'loading' && pathWithoutLocale(navigation.location.pathname) === OFFERS_PATH) ||
    revalidator.state === 'loading';
  const reloading = busy && loaderData.offers.length === 0;
  return (
    <div className="mx-auto w-full max-w-screen-laptopLg px-3 pt-5 pb-14 tablet:px-6 tablet:pt-8 laptop:px-8">
      <PageHeader
        eyebrow={t('offers.eyebrow')}
        title={t('offers.title')}
        intro={t('offers.intro')}
        aside={
          <Link
            to={localizePath(PROMOTIONS_PATH, locale)}
            className={buttonClassName({ variant: 'secondary', size: 'sm' })}
          >
            {t('offers.toPromotions')}
          </Link>
        }
      />
      {reloading ? (
        <CardsSkeleton count={2} label={t('list.loading')} />
      ) : loaderData.offers.length === 0 ? (
        <div className="mt-8">
          <EmptyState
            icon={<Gift className="size-7" aria-hidden focusable={false} />}
            title={t('offers.empty')}
            text={t('offers.emptyText')}
            action={
              <Link to={localizePath(PROMOTIONS_PATH, locale)} className={buttonClassName({})}>
                {t('offers.toPromotions')}
              </Link>
            }
          />
        </div>
      ) : (
        <ul
          className="mt-8 grid gap-4 transition-opacity laptop:grid-cols-2 aria-busy:opacity-60"
          data-testid="offers-list"
          aria-busy={busy || undefined}
        >
          {loaderData.offers.map((offer) => (
            <li key={offer.id} className="flex [&>article]:flex-1">
              <OfferCard offer={offer} />
            </li>
          ))}
        </ul>
      )}
      <div className="mt-8">
        <PromoCodeSection />
      </div>
    </div>
  );
}
