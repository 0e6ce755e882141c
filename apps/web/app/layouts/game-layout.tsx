/**
 * Game layout (spec §2, DESIGN.md "Game page"): the game fills the viewport under a slim bar.
 * Used by /game/{sysname} once the game page exists; the bar's balance and real/demo switch come
 * with it.
 */
import { localizePath } from '@croupier/contract/locales';
import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { MAIN_CONTENT_ID, SkipLink } from '../features/shell/skip-link.tsx';
import { usePageLocale } from '../lib/use-root-data.ts';
import { ChipMark } from '../ui/logo.tsx';

export default function GameLayout() {
  const { t } = useTranslation();
  const locale = usePageLocale();
  return (
    <div className="flex h-dvh flex-col">
      <SkipLink />
      <header className="flex h-12 shrink-0 items-center gap-2 border-b border-border bg-surface px-2">
        <Link
          to={localizePath('/gamehall', locale)}
          className="inline-flex min-h-11 items-center gap-2 rounded-xl px-3 text-sm font-medium text-muted hover:bg-raised hover:text-text"
        >
          <ArrowLeft className="size-4" aria-hidden focusable={false} />
          {t('gameBar.back')}
        </Link>
        <ChipMark className="ml-auto size-7" title="Croupier" />
      </header>
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="min-h-0 flex-1 outline-none">
        <Outlet />
      </main>
    </div>
  );
}
