/** The default layout (spec §2): header, page, footer, and the bottom menu on mobile. */
import type { Locale } from '@croupier/contract/locales';
import type { ReactNode } from 'react';
import type { ShellData } from '../../lib/shell.ts';
import { servedLazily } from '../../ui/deferred.tsx';
import { SiteHeader } from './site-header.tsx';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link.tsx';

// Served with the page, hydrated once their modules are there (ui/deferred.tsx): the footer is
// below the fold, the phone's bottom menu is plain links until then, the account hints are for
// players only.
const AccountHints = servedLazily('account-hints', () =>
  import('../auth/account-hints.tsx').then((module) => module.AccountHints),
);
const MobileBottomMenu = servedLazily('bottom-menu', () =>
  import('./mobile-bottom-menu.tsx').then((module) => module.MobileBottomMenu),
);
const SiteFooter = servedLazily('footer', () =>
  import('./site-footer.tsx').then((module) => module.SiteFooter),
);

export interface DefaultShellProps {
  shell: ShellData;
  locale: Locale;
  isAuthenticated: boolean;
  children: ReactNode;
}

export function DefaultShell({ shell, locale, isAuthenticated, children }: DefaultShellProps) {
  return (
    <div className="flex min-h-dvh flex-col pb-[calc(4rem+env(safe-area-inset-bottom))] tablet:pb-0">
      <SkipLink />
      <SiteHeader shell={shell} locale={locale} isAuthenticated={isAuthenticated} />
      {isAuthenticated && <AccountHints locale={locale} />}
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      <SiteFooter shell={shell} locale={locale} isAuthenticated={isAuthenticated} />
      <MobileBottomMenu shell={shell} locale={locale} isAuthenticated={isAuthenticated} />
    </div>
  );
}
