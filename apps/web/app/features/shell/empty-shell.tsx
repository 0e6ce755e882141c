/**
 * The empty layout (spec §2): sign-in pages, maintenance and forbidden. Just the brand and the
 * page, centred, on a quiet backdrop — no menus that could lead into a broken or closed site.
 */
import { type Locale, localizePath } from '@croupier/contract/locales';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { Logo } from '../../ui/logo.tsx';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link.tsx';

export function EmptyShell({ locale, children }: { locale: Locale; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="relative flex min-h-dvh flex-col items-center overflow-hidden px-4">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 h-96 bg-[radial-gradient(60%_100%_at_50%_0%,color-mix(in_oklab,var(--color-accent)_14%,transparent),transparent)]"
      />
      <SkipLink />
      <header className="relative flex w-full max-w-xl justify-center pt-10 pb-4">
        <Link to={localizePath('/', locale)} aria-label={`Croupier — ${t('home')}`} className="rounded-lg">
          <Logo />
        </Link>
      </header>
      <main
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        className="relative my-auto w-full max-w-xl rounded-3xl border border-border bg-surface/80 shadow-card outline-none backdrop-blur"
      >
        {children}
      </main>
      <footer className="relative py-8 text-xs text-muted">{t('footer.adultsOnly')}</footer>
    </div>
  );
}
