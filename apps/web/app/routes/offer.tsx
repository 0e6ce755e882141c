/**
 * /offers/{id}: one offer the visitor can see (from `campaigns.getoffers`): trigger, bonuses and
 * action. An offer that does not exist or is not shown to this visitor is the site's 404 page.
 */
import { localizePath } from '@croupier/contract/locales';
import { OfferAction, OfferBody } from '../features/promotions/offer-card.tsx';
import { Breadcrumbs } from '../features/promotions/page-parts.tsx';
import { withPromotionMeta } from '../features/promotions/promotion-meta.ts';
import { OFFERS_PATH, OFFERS_SHOWN, parseOfferId } from '../features/promotions/promotion-paths.ts';
import { useTranslation } from '../i18n/use-translation.tsx';
import { errorPageResponse, orErrorPage } from '../lib/loader-errors.ts';
import { usePageLocale } from '../lib/use-root-data.ts';
import { getWebContext } from '../lib/web-context.ts';
import { formatDate } from '../ui/format.ts';
import type { Route } from './+types/offer';

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  withPromotionMeta(matches, loaderData?.pageMeta);

export async function loader({ params, context, url }: Route.LoaderArgs) {
  const web = getWebContext(context);
  const id = parseOfferId(params.id);
  const notFound = () => errorPageResponse({ page: 'notFound', path: url.pathname }, 404);
  if (id === null) throw notFound();
  const list = await orErrorPage(web.api.call('campaigns.getoffers', { count: OFFERS_SHOWN }));
  const offer = list.items.find((item) => item.id === id);
  if (!offer) throw notFound();
  return { offer, pageMeta: { title: offer.title, description: offer.description || null } };
}

export default function Offer({ loaderData }: Route.ComponentProps) {
  const { offer } = loaderData;
  const { t } = useTranslation('promotions');
  const locale = usePageLocale();
  return (
    <article
      className="mx-auto w-full max-w-3xl px-3 pt-5 pb-14 tablet:px-6 tablet:pt-8"
      data-testid="offer-detail"
    >
      <Breadcrumbs
        parent={{ href: localizePath(OFFERS_PATH, locale), label: t('offers.breadcrumb') }}
        current={offer.title}
      />
      <div className="mt-4 rounded-3xl border border-border bg-surface p-5 tablet:p-8">
        <div className="flex flex-wrap items-center gap-2 text-xs font-medium">
          <span className="rounded-full bg-gold/10 px-2.5 py-1 text-gold ring-1 ring-gold/25">
            {t(`offers.triggerLabel.${offer.trigger}`)}
          </span>
          <span className="text-muted">
            {offer.ends_at
              ? t('offers.endsAt', { date: formatDate(offer.ends_at, { timeZone: 'UTC' }) })
              : t('offers.noEnd')}
          </span>
        </div>
        <h1 className="mt-3 text-2xl font-bold tracking-tight text-balance laptop:text-3xl">{offer.title}</h1>
        <OfferBody offer={offer} />
        <div className="mt-6">
          <OfferAction offer={offer} />
        </div>
      </div>
    </article>
  );
}
