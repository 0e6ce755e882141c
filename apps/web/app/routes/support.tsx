/**
 * `/support` (spec §2): the FAQ from the content service (the `faq` content page, sanitised HTML),
 * the ways to reach support (live chat when the operator has one, the feedback form) and the form.
 */
import { localizePath } from '@croupier/contract/locales';
import { Link } from 'react-router';
import { FeedbackForm } from '../features/support/feedback-form.tsx';
import { i18nFor } from '../i18n/i18n.ts';
import { useTranslation } from '../i18n/use-translation.tsx';
import { orErrorPage } from '../lib/loader-errors.ts';
import { localeOfPath } from '../lib/locale-paths.ts';
import { withPageTitle } from '../lib/page-meta.ts';
import { useRichTextLinks } from '../lib/use-rich-text-links.ts';
import { usePageLocale, useRootData } from '../lib/use-root-data.ts';
import { getWebContext } from '../lib/web-context.ts';
import type { Route } from './+types/support';

export async function loader({ context, url }: Route.LoaderArgs) {
  const web = getWebContext(context);
  const locale = localeOfPath(url.pathname);
  const [faq, chat] = await Promise.all([
    web.content.findPage('faq', locale),
    orErrorPage(web.api.call('support.getsettings')),
  ]);
  const hasChat = chat.chat !== null && chat.chat !== 'comm100';
  return { faq, hasChat, pageMeta: { title: i18nFor(locale).t('support:title') } };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  withPageTitle(matches, loaderData?.pageMeta.title);

export default function SupportPage({ loaderData }: Route.ComponentProps) {
  const { faq, hasChat } = loaderData;
  const { t } = useTranslation('support');
  const locale = usePageLocale();
  const { isAuthenticated } = useRootData();
  const onClick = useRichTextLinks(locale);
  return (
    <article>
      <header className="border-b border-border bg-[radial-gradient(80%_120%_at_50%_0%,color-mix(in_oklab,var(--color-accent)_10%,transparent),transparent_70%)]">
        <div className="mx-auto w-full max-w-5xl px-4 pt-8 pb-10 tablet:px-6 laptop:pt-12 laptop:pb-14">
          <nav aria-label={t('common:breadcrumb')} className="mb-6 text-sm text-muted">
            <Link to={localizePath('/', locale)} className="hover:text-text">
              {t('common:home')}
            </Link>
            <span aria-hidden="true" className="px-2">
              /
            </span>
            <span aria-current="page" className="text-text/80">
              {t('title')}
            </span>
          </nav>
          <h1 className="text-3xl font-bold tracking-tight text-balance laptop:text-5xl">{t('title')}</h1>
          <p className="mt-4 max-w-2xl text-muted">{t('intro')}</p>
        </div>
      </header>
      <div className="mx-auto grid w-full max-w-5xl gap-10 px-4 py-10 tablet:px-6 laptop:grid-cols-[minmax(0,1fr)_24rem] laptop:py-14">
        <section aria-labelledby="support-faq">
          <h2 id="support-faq" className="mb-6 text-2xl font-semibold">
            {t('faq.title')}
          </h2>
          {faq ? (
            // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: delegates clicks on the links inside; keyboard activation of a link fires click too.
            <div
              className="rich-text"
              onClick={onClick}
              // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised HTML from the content service.
              dangerouslySetInnerHTML={{ __html: faq.body }}
            />
          ) : (
            <p className="text-muted">{t('faq.empty')}</p>
          )}
        </section>
        <aside className="flex flex-col gap-8">
          <section
            aria-labelledby="support-contact"
            className="rounded-2xl border border-border bg-surface p-6"
          >
            <h2 id="support-contact" className="text-xl font-semibold">
              {t('contact.title')}
            </h2>
            <ul className="mt-4 flex flex-col gap-3 text-sm">
              {hasChat && (
                <li>
                  <strong className="block text-text">{t('contact.chat')}</strong>
                  <span className="text-muted">{t('contact.chatText')}</span>
                </li>
              )}
              <li>
                <strong className="block text-text">{t('contact.form')}</strong>
                <span className="text-muted">{t('contact.formText')}</span>
              </li>
            </ul>
          </section>
          <section aria-labelledby="support-form">
            <h2 id="support-form" className="mb-4 text-xl font-semibold">
              {t('form.title')}
            </h2>
            <FeedbackForm isGuest={!isAuthenticated} />
          </section>
        </aside>
      </div>
    </article>
  );
}
