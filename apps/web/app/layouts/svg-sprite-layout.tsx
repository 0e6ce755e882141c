/** The `/_icons` layout (spec §2 "svg-sprite"): a plain reference page with a slim bar, no site menus. */
import { localizePath } from '@croupier/contract/locales';
import { ArrowLeft } from 'lucide-react';
import { Link, Outlet } from 'react-router';
import { MAIN_CONTENT_ID, SkipLink } from '../features/shell/skip-link.tsx';
import { useTranslation } from '../i18n/use-translation.tsx';
import { usePageLocale } from '../lib/use-root-data.ts';
import { Logo } from '../ui/logo.tsx';

export default function SvgSpriteLayout() {
  const { t } = useTranslation('pages');
  const locale = usePageLocale();
  return (
    <div className="min-h-dvh">
      <SkipLink />
      <header className="border-b border-border bg-surface/70">
        <div className="mx-auto flex h-14 w-full max-w-screen-desktop items-center justify-between gap-4 px-4 tablet:px-6">
          <Link to={localizePath('/', locale)} className="rounded-lg" aria-label={t('icons.backHome')}>
            <Logo className="[&>span:last-child]:text-lg" />
          </Link>
          <Link
            to={localizePath('/', locale)}
            className="inline-flex min-h-11 items-center gap-2 rounded-xl px-3 text-sm font-medium text-muted hover:bg-raised hover:text-text"
          >
            <ArrowLeft className="size-4" aria-hidden focusable={false} />
            {t('icons.backHome')}
          </Link>
        </div>
      </header>
      <main
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        className="mx-auto w-full max-w-screen-desktop px-4 py-8 outline-none tablet:px-6"
      >
        <Outlet />
      </main>
    </div>
  );
}
