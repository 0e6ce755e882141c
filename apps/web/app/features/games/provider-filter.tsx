/**
 * The hall's studio filter (spec §2 `?providers=a,b`, a multi-select): a button that opens a panel
 * of studios to tick, and the chosen studios as removable chips. Each tick changes the address at
 * once (the grid follows); Escape or a click outside closes the panel.
 */
import type { GameProvider } from '@croupier/contract/games/get-providers';
import { Check, SlidersHorizontal, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { cx } from '../../ui/class-names.ts';
import { type HallQuery, hallSearch, toggleProvider, withProviders } from './hall-query.ts';

export function ProviderFilter({
  base,
  query,
  providers,
}: {
  base: string;
  query: HallQuery;
  providers: readonly GameProvider[];
}) {
  const { t } = useTranslation('games');
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const toggleButton = useRef<HTMLButtonElement>(null);
  const selected = query.providers;

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggleButton.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const go = (next: HallQuery) =>
    void navigate(`${base}${hallSearch(next)}`, { preventScrollReset: true, replace: false });

  return (
    <div ref={root} className="relative shrink-0">
      <button
        ref={toggleButton}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        data-testid="provider-filter-button"
        className={cx(
          'inline-flex min-h-11 items-center gap-2 rounded-xl border px-4 text-sm font-semibold transition-colors',
          open || selected.length > 0
            ? 'border-accent/60 bg-accent/10 text-text'
            : 'border-border bg-surface text-muted hover:border-border-strong hover:text-text',
        )}
      >
        <SlidersHorizontal className="size-4" aria-hidden focusable={false} />
        {t('providers.filter')}
        {selected.length > 0 && (
          <span className="amount inline-flex min-w-5 items-center justify-center rounded-full bg-accent px-1.5 text-xs font-bold text-on-accent">
            {selected.length}
          </span>
        )}
      </button>
      {open && (
        <fieldset
          id={panelId}
          data-testid="provider-filter-panel"
          className="absolute end-0 top-full z-30 mt-2 w-[min(20rem,calc(100vw-1.5rem))] rounded-2xl border border-border bg-surface p-2 shadow-overlay motion-safe:animate-pop-in"
        >
          <legend className="sr-only">{t('providers.filter')}</legend>
          <ul className="grid gap-1">
            {providers.map((provider) => {
              const checked = selected.includes(provider.sysname);
              return (
                <li key={provider.sysname}>
                  <label
                    className={cx(
                      'flex min-h-11 w-full cursor-pointer items-center gap-3 rounded-xl px-3 text-sm font-medium transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent',
                      checked ? 'bg-raised text-text' : 'text-text/85 hover:bg-raised/70',
                    )}
                  >
                    <input
                      type="checkbox"
                      checked={checked}
                      onChange={() => go(toggleProvider(query, provider.sysname))}
                      data-testid={`provider-option-${provider.sysname}`}
                      className="sr-only"
                    />
                    <span
                      aria-hidden="true"
                      className={cx(
                        'inline-flex size-5 shrink-0 items-center justify-center rounded-md border',
                        checked ? 'border-accent bg-accent text-on-accent' : 'border-border-strong',
                      )}
                    >
                      {checked && <Check className="size-3.5" strokeWidth={3} />}
                    </span>
                    <span className="min-w-0 flex-1 truncate">{provider.name}</span>
                    <span className="amount text-xs text-muted">{provider.games_count}</span>
                  </label>
                </li>
              );
            })}
          </ul>
        </fieldset>
      )}
    </div>
  );
}

/** The chosen studios as removable chips, and a way to clear them all. */
export function SelectedProviders({
  base,
  query,
  providers,
}: {
  base: string;
  query: HallQuery;
  providers: readonly GameProvider[];
}) {
  const { t } = useTranslation('games');
  const selected = query.providers;
  if (selected.length === 0) return null;
  const nameOf = (sysname: string) => providers.find((entry) => entry.sysname === sysname)?.name ?? sysname;
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="selected-providers">
      {selected.map((sysname) => (
        <Link
          key={sysname}
          to={`${base}${hallSearch(toggleProvider(query, sysname))}`}
          preventScrollReset
          aria-label={t('providers.remove', { name: nameOf(sysname) })}
          data-testid={`provider-chip-${sysname}`}
          className="inline-flex min-h-9 items-center gap-1.5 rounded-full border border-border bg-raised ps-3 pe-2 text-xs font-semibold text-text hover:border-border-strong"
        >
          {nameOf(sysname)}
          <X className="size-3.5 text-muted" aria-hidden focusable={false} />
        </Link>
      ))}
      {selected.length > 1 && (
        <Link
          to={`${base}${hallSearch(withProviders(query, []))}`}
          preventScrollReset
          className="inline-flex min-h-9 items-center px-2 text-xs font-semibold text-muted underline-offset-4 hover:text-text hover:underline"
        >
          {t('providers.clear')}
        </Link>
      )}
    </div>
  );
}
