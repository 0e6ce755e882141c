/**
 * The header's notifications menu (spec §4): the player's notices are fetched once after the
 * first interaction (click, dblclick, touchstart, touchmove, touchend) and again on every route
 * path change; a failed load is logged and the page goes on. Opening the menu marks what it shows
 * read.
 */
import type { ApiClient } from '@croupier/contract/client';
import type { Notice } from '@croupier/contract/support/notices';
import { Bell } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useDialogs } from '../../ui/dialogs.tsx';
import { useFormatDateTime } from '../../ui/use-format-date-time.ts';

export const FIRST_INTERACTION_EVENTS = ['click', 'dblclick', 'touchstart', 'touchmove', 'touchend'] as const;

export interface NoticesState {
  items: Notice[];
  unread: number;
}

/** Notices after the first interaction, then again on each path change; null until loaded. */
export function useNotices(api: ApiClient): [NoticesState | null, (next: NoticesState) => void] {
  const { pathname } = useLocation();
  const [interacted, setInteracted] = useState(false);
  const [state, setState] = useState<NoticesState | null>(null);

  useEffect(() => {
    if (interacted) return;
    const onFirst = () => setInteracted(true);
    for (const name of FIRST_INTERACTION_EVENTS)
      window.addEventListener(name, onFirst, { once: true, passive: true });
    return () => {
      for (const name of FIRST_INTERACTION_EVENTS) window.removeEventListener(name, onFirst);
    };
  }, [interacted]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `pathname` re-runs it: spec §4 reloads notices on every route path change.
  useEffect(() => {
    if (!interacted) return;
    let active = true;
    api
      .call('notices.get', {})
      .then((value) => {
        if (active) setState(value);
      })
      .catch((error: unknown) => console.error('notices failed to load', error));
    return () => {
      active = false;
    };
  }, [interacted, pathname, api]);

  return [state, setState];
}

function NoticeList({ items }: { items: Notice[] }) {
  const { t } = useTranslation('support');
  const formatDateTime = useFormatDateTime();
  if (items.length === 0) return <p className="text-muted">{t('notices.empty')}</p>;
  return (
    <ul className="grid gap-3">
      {items.map((notice) => (
        <li key={notice.id} className="rounded-xl border border-border bg-raised/60 p-4">
          <p className={notice.is_read ? 'text-text' : 'font-semibold text-text'}>
            {t(`notices.kinds.${notice.kind}`)}
          </p>
          <p className="mt-1 text-xs text-muted">{formatDateTime(notice.created_at)}</p>
        </li>
      ))}
    </ul>
  );
}

export function NoticesMenu({ api }: { api: ApiClient }) {
  const { t } = useTranslation('support');
  const dialogs = useDialogs();
  const [state, setState] = useNotices(api);
  const unread = state?.unread ?? 0;

  const open = () => {
    const items = state?.items ?? [];
    dialogs.open({
      type: 'curtain',
      side: 'end',
      size: 'sm',
      title: t('notices.title'),
      content: <NoticeList items={items} />,
    });
    const ids = items.filter((notice) => !notice.is_read).map((notice) => notice.id);
    if (ids.length === 0 || !state) return;
    api
      .call('notices.markRead', { ids: ids.join(',') })
      .then(() =>
        setState({
          items: state.items.map((notice) => ({ ...notice, is_read: true })),
          unread: Math.max(0, state.unread - ids.length),
        }),
      )
      .catch((error: unknown) => console.error('notices not marked read', error));
  };

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
      {unread > 0 && (
        <span
          aria-hidden="true"
          className="absolute -top-1 -end-1 inline-flex min-w-5 items-center justify-center rounded-full bg-accent px-1 text-xs font-semibold text-on-accent"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </button>
  );
}
