/**
 * /promotions/{id}: one promotion (`promotions.getOne`, by id or slug): its body, the terms behind
 * a disclosure, and the call to action. Title, description and image feed the page's SEO tags;
 * an unknown, ended or not yet started promotion is the site's 404 page.
 */
import { localizePath } from '@croupier/contract/locales';
import { ChevronDown } from 'lucide-react';
import { isNotFoundFailure } from '../features/promotions/not-found-failure.ts';
import { Breadcrumbs } from '../features/promotions/page-parts.tsx';
import { PromotionCta } from '../features/promotions/promotion-cta.tsx';
import { withPromotionMeta } from '../features/promotions/promotion-meta.ts';
import { PROMOTIONS_PATH, parsePromotionKey } from '../features/promotions/promotion-paths.ts';
import { validityText } from '../features/promotions/validity.ts';
import { useTranslation } from '../i18n/use-translation.tsx';
import { errorPageResponse, orErrorPage } from '../lib/loader-errors.ts';
import { useRichTextLinks } from '../lib/use-rich-text-links.ts';
import { usePageLocale } from '../lib/use-root-data.ts';
import { getWebContext } from '../lib/web-context.ts';
import type { Route } from './+types/promotion';

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  withPromotionMeta(matches, loaderData?.pageMeta);

export async function loader({ params, context, url }: Route.LoaderArgs) {
  const web = getWebContext(context);
  const key = parsePromotionKey(params.id);
  const notFound = () => errorPageResponse({ page: 'notFound', path: url.pathname }, 404);
  if (!key) throw notFound();
  const promotion = await orErrorPage(
    web.api.call('promotions.getOne', key).catch((error: unknown) => {
      if (isNotFoundFailure(error)) throw notFound();
      throw error;
    }),
  );
  // Open Graph wants an absolute image URL.
  const image = new URL(promotion.image, url.origin).toString();
  return {
    promotion,
    now: new Date().toISOString(),
    pageMeta: { title: promotion.title, description: promotion.summary, image },
  };
}

export default function Promotion({ loaderData }: Route.ComponentProps) {
  const { promotion } = loaderData;
  const { t } = useTranslation('promotions');
  const locale = usePageLocale();
  const onClick = useRichTextLinks(locale);
  return (
    <article className="mx-auto w-full max-w-4xl px-3 pt-5 pb-14 tablet:px-6 tablet:pt-8">
      <Breadcrumbs
        parent={{ href: localizePath(PROMOTIONS_PATH, locale), label: t('detail.breadcrumb') }}
        current={promotion.title}
      />
      <div className="mt-4 overflow-hidden rounded-3xl border border-border bg-surface">
        <img src={promotion.image} alt="" className="aspect-[5/2] w-full object-cover" />
        <div className="p-5 tablet:p-8">
          <p className="text-sm font-medium text-muted">
            {validityText(t, promotion.starts_at, promotion.ends_at, new Date(loaderData.now))}
          </p>
          <h1 className="mt-2 text-2xl font-bold tracking-tight text-balance laptop:text-4xl">
            {promotion.title}
          </h1>
          <p className="mt-3 text-base leading-relaxed text-text/85">{promotion.summary}</p>
          {promotion.cta?.promo_code && (
            <p className="mt-4 text-sm text-muted">
              {t('detail.codeLabel')}:{' '}
              <code className="rounded-md bg-raised px-2 py-1 font-mono text-base font-semibold text-gold ring-1 ring-gold/25">
                {promotion.cta.promo_code}
              </code>
            </p>
          )}
          <div className="mt-6 [&>a]:w-full tablet:[&>a]:w-auto [&>button]:w-full tablet:[&>button]:w-auto">
            <PromotionCta promotion={promotion} />
          </div>
        </div>
      </div>
      {/* Sanitised by the content service (ADR 023); links become client navigations. */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: delegates clicks on the links inside; keyboard activation of a link fires click too. */}
      <div
        className="rich-text mt-8 px-1"
        onClick={onClick}
        data-testid="promotion-body"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised HTML from the content service.
        dangerouslySetInnerHTML={{ __html: promotion.body }}
      />
      {promotion.terms && (
        <details
          className="group mt-8 rounded-2xl border border-border bg-surface"
          data-testid="promotion-terms"
        >
          <summary className="flex cursor-pointer list-none items-center justify-between gap-3 rounded-2xl p-4 font-semibold focus-visible:outline-2 focus-visible:outline-accent tablet:p-5 [&::-webkit-details-marker]:hidden">
            {t('detail.terms')}
            <ChevronDown
              className="size-5 shrink-0 text-muted transition-transform group-open:rotate-180"
              aria-hidden
              focusable={false}
            />
          </summary>
          {/* biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: delegates clicks on the links inside; keyboard activation of a link fires click too. */}
          <div
            className="rich-text border-t border-border p-4 text-sm tablet:p-5"
            onClick={onClick}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised HTML from the content service.
            dangerouslySetInnerHTML={{ __html: promotion.terms }}
          />
        </details>
      )}
    </article>
  );
}
