/**
 * The buttons that open the game search popup (the header's icon, the hall's field look-alike).
 * The popup itself (games-search.tsx) loads when it first opens, so the header on every page does
 * not carry it (issue #17).
 */
import { Search } from 'lucide-react';
import { lazy, useCallback } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { createBrowserApi } from '../../lib/browser-api.ts';
import { usePageLocale } from '../../lib/use-root-data.ts';
import { cx } from '../../ui/class-names.ts';
import { DialogSuspense } from '../../ui/dialog-suspense.tsx';
import { useDialogs } from '../../ui/dialogs.tsx';
import type { HallGame } from './game-types.ts';
import type { SearchSettings } from './games-search.tsx';

const GamesSearch = lazy(() =>
  import('./games-search.tsx').then((module) => ({ default: module.GamesSearch })),
);

/** Opens the search popup. */
export function useGamesSearchPopup(settings?: SearchSettings) {
  const dialogs = useDialogs();
  const { t } = useTranslation('games');
  const locale = usePageLocale();
  return useCallback(() => {
    // The popular games are asked for as the popup opens, once per opening.
    const api = createBrowserApi(locale);
    const popular: Promise<HallGame[]> = import('./games-search.tsx').then((module) =>
      module.loadPopularGames(api),
    );
    return dialogs.open({
      title: t('search.title'),
      size: 'lg',
      content: () => (
        <DialogSuspense>
          <GamesSearch settings={settings} popular={popular} />
        </DialogSuspense>
      ),
    });
  }, [dialogs, t, settings, locale]);
}

/** The header's search button (an icon on every width). */
export function GamesSearchButton({ className }: { className?: string }) {
  const { t } = useTranslation('games');
  const open = useGamesSearchPopup();
  return (
    <button
      type="button"
      onClick={open}
      aria-label={t('search.open')}
      title={t('search.open')}
      aria-haspopup="dialog"
      data-testid="header-search-button"
      className={cx(
        'inline-flex size-11 items-center justify-center rounded-xl text-muted transition-colors hover:bg-raised hover:text-text',
        className,
      )}
    >
      <Search className="size-5" aria-hidden focusable={false} />
    </button>
  );
}

/** The hall's search field look-alike that opens the popup. */
export function HallSearchButton({ settings }: { settings?: SearchSettings }) {
  const { t } = useTranslation('games');
  const open = useGamesSearchPopup(settings);
  return (
    <button
      type="button"
      onClick={open}
      aria-haspopup="dialog"
      data-testid="hall-search-button"
      className="flex min-h-11 min-w-0 flex-1 items-center gap-3 rounded-xl border border-border bg-background px-4 text-start text-sm text-muted transition-colors hover:border-border-strong hover:text-text tablet:w-72 tablet:flex-none"
    >
      <Search className="size-4.5 shrink-0" aria-hidden focusable={false} />
      <span className="truncate">{t('search.placeholder')}</span>
      <kbd className="ms-auto hidden rounded-md border border-border px-1.5 font-sans text-[0.6875rem] text-muted laptop:inline">
        /
      </kbd>
    </button>
  );
}
