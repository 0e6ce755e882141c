/**
 * The header's notifications menu (spec §4): the player's notices are fetched once after the
 * first interaction (click, dblclick, touchstart, touchmove, touchend) and again on every route
 * path change; a failed load is logged and the page goes on. Opening the menu marks what it shows
 * read.
 */
import type { ApiClient } from '@croupier/contract/client';
import { localizePath } from '@croupier/contract/locales';
import type { Notice } from '@croupier/contract/support/notices';
import { Bell } from 'lucide-react';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { usePageLocale } from '../../lib/use-root-data.ts';
import { useDialogs } from '../../ui/dialogs.tsx';
import { useFormatDateTime } from '../../ui/use-format-date-time.ts';
import { toApiFailure } from '../profile/api-failure.ts';
import { usePushEvent } from '../push/push-provider.tsx';
import { useFirstInteraction } from './first-interaction.ts';

/**
 * A failed notices load is logged, unless the session ended meanwhile (a time-out or a logout
 * elsewhere: the page is on its way to the guest view, which has no notices).
 */
function logLoadFailure(error: unknown): void {
  if (toApiFailure(error)?.type === 'AuthorizationException') return;
  console.error('notices failed to load', error);
}

export interface NoticesState {
  items: Notice[];
  unread: number;
}

/**
 * The player's notices, held outside React so that every reader stays current: the header's bell,
 * and the phone user menu's row, which lives in a dialog opened before the notices may have loaded.
 */
export interface NoticesStore {
  api: ApiClient;
  get(): NoticesState | null;
  set(next: NoticesState): void;
  subscribe(listener: () => void): () => void;
}

export function createNoticesStore(api: ApiClient): NoticesStore {
  let state: NoticesState | null = null;
  const listeners = new Set<() => void>();
  return {
    api,
    get: () => state,
    set(next) {
      state = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The store's notices, re-rendering on each change. */
export function useNoticesState(store: NoticesStore): NoticesState | null {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}

/**
 * Notices after the first interaction, then again on each path change, into a store made once per
 * `api`. `enabled` false (a guest) asks for nothing.
 */
export function useNoticesStore(api: ApiClient, enabled = true): NoticesStore {
  const { pathname } = useLocation();
  const interacted = useFirstInteraction(enabled);
  const store = useMemo(() => createNoticesStore(api), [api]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `pathname` re-runs it: spec §4 reloads notices on every route path change.
  useEffect(() => {
    if (!interacted || !enabled) return;
    let active = true;
    store.api
      .call('notices.get', {})
      .then((value) => {
        if (active) store.set(value);
      })
      .catch(logLoadFailure);
    return () => {
      active = false;
    };
  }, [interacted, enabled, pathname, store]);

  // A notice posted now (push stream, ADR 037) updates the badge at once.
  usePushEvent('notice', () => {
    if (!enabled) return;
    store.api
      .call('notices.get', {})
      .then((value) => store.set(value))
      .catch(logLoadFailure);
  });

  return store;
}

function NoticeList({ items, onNavigate }: { items: Notice[]; onNavigate: () => void }) {
  const { t } = useTranslation('support');
  const locale = usePageLocale();
  const formatDateTime = useFormatDateTime();
  if (items.length === 0) return <p className="text-muted">{t('notices.empty')}</p>;
  return (
    <ul className="grid gap-3">
      {items.map((notice) => (
        <li key={notice.id} className="rounded-xl border border-border bg-raised/60 p-4">
          <p className={notice.is_read ? 'text-text' : 'font-semibold text-text'}>
            {/* A notice about a page leads there (site paths only). */}
            {notice.link?.startsWith('/') && !notice.link.startsWith('//') ? (
              <Link
                to={localizePath(notice.link, locale)}
                onClick={onNavigate}
                className="underline-offset-4 hover:underline"
              >
                {t(`notices.kinds.${notice.kind}`)}
              </Link>
            ) : (
              t(`notices.kinds.${notice.kind}`)
            )}
          </p>
          <p className="mt-1 text-xs text-muted">{formatDateTime(notice.created_at)}</p>
        </li>
      ))}
    </ul>
  );
}

/** Opens the list in a curtain and marks what it shows read. */
export function useOpenNotices(store: NoticesStore): () => void {
  const { t } = useTranslation('support');
  const dialogs = useDialogs();
  return () => {
    const state = store.get();
    const items = state?.items ?? [];
    dialogs.open({
      type: 'curtain',
      side: 'end',
      size: 'sm',
      title: t('notices.title'),
      content: ({ close }) => <NoticeList items={items} onNavigate={() => close()} />,
    });
    const ids = items.filter((notice) => !notice.is_read).map((notice) => notice.id);
    if (ids.length === 0 || !state) return;
    store.api
      .call('notices.markRead', { ids: ids.join(',') })
      .then(() =>
        store.set({
          items: state.items.map((notice) => ({ ...notice, is_read: true })),
          unread: Math.max(0, state.unread - ids.length),
        }),
      )
      .catch((error: unknown) => console.error('notices not marked read', error));
  };
}

function UnreadBadge({ unread, className }: { unread: number; className: string }) {
  if (unread <= 0) return null;
  return (
    <span
      aria-hidden="true"
      className={`inline-flex min-w-5 items-center justify-center rounded-full bg-accent px-1 text-xs font-semibold text-on-accent ${className}`}
    >
      {unread > 99 ? '99+' : unread}
    </span>
  );
}

/** The header's bell (from tablets up). */
export function NoticesButton({ store }: { store: NoticesStore }) {
  const { t } = useTranslation('support');
  const unread = useNoticesState(store)?.unread ?? 0;
  const open = useOpenNotices(store);
  return (
    <button
      type="button"
      onClick={open}
      aria-label={unread > 0 ? t('notices.openUnread', { count: unread }) : t('notices.open')}
      aria-haspopup="dialog"
      data-testid="notices-button"
      className="relative inline-flex size-11 items-center justify-center rounded-xl border border-border bg-raised text-text hover:border-accent"
    >
      <Bell className="size-5" aria-hidden focusable={false} />
      <UnreadBadge unread={unread} className="absolute -top-1 -end-1" />
    </button>
  );
}

/**
 * "Notifications" with the unread count as a row of the phone user menu (the phone header has no
 * room for the bell): `onOpen` closes the user menu, then the same list opens. It reads the store,
 * so notices loaded after the menu opened still show.
 */
export function NoticesMenuItem({ store, onOpen }: { store: NoticesStore; onOpen: () => void }) {
  const { t } = useTranslation('support');
  const unread = useNoticesState(store)?.unread ?? 0;
  const open = useOpenNotices(store);
  return (
    <button
      type="button"
      onClick={() => {
        onOpen();
        open();
      }}
      aria-label={unread > 0 ? t('notices.openUnread', { count: unread }) : t('notices.open')}
      aria-haspopup="dialog"
      data-testid="notices-menu-item"
      className="flex min-h-12 w-full items-center gap-3 rounded-xl px-3 text-base font-medium text-text/85 transition-colors hover:bg-raised hover:text-text"
    >
      <Bell className="size-5 text-muted" aria-hidden focusable={false} />
      <span className="flex-1 text-start">{t('notices.title')}</span>
      <UnreadBadge unread={unread} className="" />
    </button>
  );
}

/** The bell with its own notices (to share them, make one store with `useNoticesStore`). */
export function NoticesMenu({ api }: { api: ApiClient }) {
  return <NoticesButton store={useNoticesStore(api)} />;
}
