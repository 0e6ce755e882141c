/** `/{slug}`: a content page from the content service (spec §2); an unknown slug is a 404 page. */
import { localizePath } from '@croupier/contract/locales';
import { Link } from 'react-router';
import { useTranslation } from '../i18n/use-translation.tsx';
import { errorPageResponse } from '../lib/loader-errors.ts';
import { localeOfPath } from '../lib/locale-paths.ts';
import { useRichTextLinks } from '../lib/use-rich-text-links.ts';
import { usePageLocale, useRootData } from '../lib/use-root-data.ts';
import { getWebContext } from '../lib/web-context.ts';
import { formatDate } from '../ui/format.ts';
import type { Route } from './+types/content-page';

export async function loader({ params, context, url }: Route.LoaderArgs) {
  const web = getWebContext(context);
  const locale = localeOfPath(url.pathname);
  const page = await web.content.findPage(params.slug, locale);
  if (!page) throw errorPageResponse({ page: 'notFound', path: url.pathname }, 404);
  return { page, pageMeta: { title: page.title } };
}

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  const { t } = useTranslation('pages');
  const locale = usePageLocale();
  const { seo } = useRootData();
  const onClick = useRichTextLinks(locale);
  return (
    <article>
      <header className="border-b border-border bg-[radial-gradient(80%_120%_at_50%_0%,color-mix(in_oklab,var(--color-accent)_10%,transparent),transparent_70%)]">
        <div className="mx-auto w-full max-w-3xl px-4 pt-8 pb-10 tablet:px-6 laptop:pt-12 laptop:pb-14">
          <nav aria-label={t('common:breadcrumb')} className="mb-6 text-sm text-muted">
            <Link to={localizePath('/', locale)} className="hover:text-text">
              {t('common:home')}
            </Link>
            <span aria-hidden="true" className="px-2">
              /
            </span>
            <span aria-current="page" className="text-text/80">
              {page.title}
            </span>
          </nav>
          <h1 className="text-3xl font-bold tracking-tight text-balance laptop:text-5xl">{page.title}</h1>
          <p className="mt-4 text-sm text-muted">
            {t('content.updated', { date: formatDate(page.updatedAt, { timeZone: 'UTC' }) })}
          </p>
        </div>
      </header>
      <div className="mx-auto w-full max-w-3xl px-4 py-10 tablet:px-6 laptop:py-14">
        {/* Sanitised by the content service (spec §3); links become client navigations. */}
        {/* biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: delegates clicks on the links inside; keyboard activation of a link fires click too. */}
        <div
          className="rich-text"
          onClick={onClick}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised HTML from the content service.
          dangerouslySetInnerHTML={{ __html: page.body }}
        />
        {seo.record?.text && (
          <section
            className="rich-text mt-12 rounded-2xl border border-border bg-surface p-6 text-sm"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised SEO text from the content service.
            dangerouslySetInnerHTML={{ __html: seo.record.text }}
          />
        )}
      </div>
    </article>
  );
}
