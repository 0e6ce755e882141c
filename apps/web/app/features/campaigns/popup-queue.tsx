/**
 * The post-login popup queue (spec §4): "After login a queue shows the unseen cashback popup, then
 * campaign popups." Mounted by the default layout, inside the dialog provider; each popup is a
 * queued dialog (ui/dialogs.tsx), so they show one after the other, after whatever is open.
 *
 * The queue's calls start from an effect: like the messenger sign-in (auth-runtime.tsx), it is an
 * action the session change starts (the player just signed in), not page data, which stays in
 * loaders; putting it in the root loader would ask three more calls on every navigation.
 *
 * - Runs once after each login (the sign-in forms leave a sessionStorage marker, `markLoggedIn`),
 *   not on every page load of a session, nor after a registration.
 * - Spec §2: campaign popups are never opened on navigation to a game page or the cashier deposit
 *   pages: on those the queue waits until the player goes elsewhere.
 * - Spec §2: `#popup-preview` with the `popup` query opens that popup in preview mode; a changing
 *   `popup` query opens the named one (`popups.get` with `popup`: the player's live popup of that key).
 */

import type { CashbackOutput } from '@croupier/contract/cashbacks/common';
import type { ApiClient } from '@croupier/contract/client';
import { localizePath } from '@croupier/contract/locales';
import type { PopupOutput } from '@croupier/contract/popups/get';
import { useEffect, useMemo, useRef } from 'react';
import { useLocation, useRevalidator } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { createBrowserApi } from '../../lib/browser-api.ts';
import { pathWithoutLocale } from '../../lib/locale-paths.ts';
import { usePageLocale } from '../../lib/use-root-data.ts';
import { Button } from '../../ui/button.tsx';
import { type DialogsApi, useCurrentDialog, useDialogs } from '../../ui/dialogs.tsx';
import { formatMoney } from '../../ui/format.ts';
import { useToasts } from '../../ui/toasts.tsx';
import { useFormatDateTime } from '../../ui/use-format-date-time.ts';
import { currencyInfoOf, useAuthRoot } from '../auth/auth-root-data.ts';
import { CampaignPopupBody } from './campaign-popup.tsx';
import { takeLoggedIn } from './login-marker.ts';
import {
  blocksCampaignPopups,
  isUnseenCashback,
  POPUP_PREVIEW_HASH,
  popupFromQuery,
  SEEN_CASHBACK_KEY,
  UNSEEN_CASHBACK_STATUSES,
} from './popup-rules.ts';

type Api = Pick<ApiClient, 'call'>;

function CashbackPopup({ cashback, api }: { cashback: CashbackOutput; api: Api }) {
  const { t } = useTranslation('campaigns');
  const dialog = useCurrentDialog();
  const toasts = useToasts();
  const revalidator = useRevalidator();
  const root = useAuthRoot();
  const formatDateTime = useFormatDateTime();
  const currency = currencyInfoOf(root?.auth.currencies ?? [], cashback.amount.currency);
  const amount = formatMoney(cashback.amount, { symbol: currency.symbol, exponent: currency.exponent });
  const claim = async () => {
    try {
      await api.call('cashbacks.payout', { cashback_id: cashback.id });
    } catch (error) {
      const message = error instanceof Error && error.name === 'ApiError' ? error.message : '';
      toasts.show({ kind: 'error', title: message || t('cashback.claimFailed') });
      return;
    }
    toasts.show({ kind: 'success', title: t('cashback.claimed') });
    dialog.close();
    void revalidator.revalidate();
  };
  const active = cashback.status === 'active';
  return (
    <div className="flex flex-col gap-4" data-testid="cashback-popup">
      {cashback.name && <p className="font-semibold">{cashback.name}</p>}
      <div className="amount text-3xl font-bold text-gold">{amount}</div>
      <p className="text-sm leading-relaxed text-muted">
        {active
          ? t('cashback.active', { amount, percent: cashback.percent })
          : t('cashback.paidOut', { amount })}
        {active && cashback.receiving_expired_at && (
          <span className="block">
            {t('cashback.claimUntil', { date: formatDateTime(cashback.receiving_expired_at) })}
          </span>
        )}
      </p>
      <div className="flex flex-col gap-2 tablet:flex-row-reverse">
        {active && (
          <Button onClick={() => void claim()} data-autofocus fullWidth data-testid="cashback-claim">
            {t('cashback.claim')}
          </Button>
        )}
        <Button variant={active ? 'secondary' : 'primary'} onClick={() => dialog.close()} fullWidth>
          {t('cashback.close')}
        </Button>
      </div>
    </div>
  );
}

function CampaignPopup({ popup, preview }: { popup: PopupOutput; preview: boolean }) {
  const locale = usePageLocale();
  const dialog = useCurrentDialog();
  return (
    <CampaignPopupBody
      popup={popup}
      preview={preview}
      offerHref={localizePath(`/offers/${popup.offer_id ?? ''}`, locale)}
      onClose={() => dialog.close()}
    />
  );
}

function openCampaignPopup(dialogs: Pick<DialogsApi, 'open'>, popup: PopupOutput, preview: boolean): void {
  dialogs.open({
    title: popup.title,
    queue: true,
    content: <CampaignPopup popup={popup} preview={preview} />,
  });
}

/** The latest cashback (end date desc, paid_out or active) and the stored seen id; failures skip it. */
async function loadCashback(
  api: Api,
): Promise<{ latest: CashbackOutput | undefined; seen: string | undefined }> {
  try {
    const [list, stored] = await Promise.all([
      api.call('cashbacks.get', {
        count: 1,
        offset: 0,
        sort: 'end_date',
        order: 'desc',
        statuses: UNSEEN_CASHBACK_STATUSES.join(','),
      }),
      api.call('storage.get', { keys: SEEN_CASHBACK_KEY }),
    ]);
    return { latest: list.items[0], seen: stored[SEEN_CASHBACK_KEY] };
  } catch {
    return { latest: undefined, seen: undefined };
  }
}

async function loadPopups(api: Api, key?: string): Promise<PopupOutput[]> {
  try {
    return (await api.call('popups.get', key ? { popup: key } : {})).items;
  } catch {
    return [];
  }
}

/**
 * The queue itself: the unseen-cashback popup first (its id stored on close), then the campaign
 * popups, each queued. `stillAllowed` is asked once the answers are in (the player may have gone
 * to a game meanwhile): campaign popups are then dropped.
 */
export async function runPopupQueue(input: {
  api: Api;
  dialogs: Pick<DialogsApi, 'open'>;
  t: (key: string) => string;
  stillAllowed: () => boolean;
}): Promise<void> {
  const { api, dialogs, t, stillAllowed } = input;
  const [cashback, popups] = await Promise.all([loadCashback(api), loadPopups(api)]);
  if (isUnseenCashback(cashback.latest, cashback.seen) && cashback.latest) {
    const latest = cashback.latest;
    dialogs.open({
      title: t('cashback.title'),
      size: 'sm',
      queue: true,
      content: <CashbackPopup cashback={latest} api={api} />,
      onClosed: () => {
        api.call('storage.set', { key: SEEN_CASHBACK_KEY, value: String(latest.id) }).catch(() => undefined);
      },
    });
  }
  if (!stillAllowed()) return;
  for (const popup of popups) openCampaignPopup(dialogs, popup, false);
}

/** What the queue reacts to; split from the hooks so tests drive it directly. */
export function PopupQueueRunner({
  uid,
  path,
  search,
  hash,
  api,
}: {
  /** 0: a guest. */
  uid: number;
  /** Without the locale prefix. */
  path: string;
  search: string;
  hash: string;
  api: Api;
}) {
  const { t } = useTranslation('campaigns');
  const dialogs = useDialogs();
  const blocked = blocksCampaignPopups(path);
  const latest = useRef({ dialogs, t, api, blocked });
  latest.current = { dialogs, t, api, blocked };
  const named = popupFromQuery(search);
  const preview = hash === POPUP_PREVIEW_HASH;
  const lastNamed = useRef<string | null>(null);

  // After login: once, never while on a game or deposit page (the marker waits for another page).
  useEffect(() => {
    if (uid === 0 || blocked || !takeLoggedIn(window.sessionStorage)) return;
    const current = latest.current;
    void runPopupQueue({
      api: current.api,
      dialogs: current.dialogs,
      t: current.t,
      stillAllowed: () => !latest.current.blocked,
    });
  }, [uid, blocked]);

  // `?popup=key` (changing) and `#popup-preview`: the named popup, in preview mode with the hash.
  useEffect(() => {
    if (uid === 0 || named === null) {
      lastNamed.current = null;
      return;
    }
    const token = `${named}${preview ? POPUP_PREVIEW_HASH : ''}`;
    if (lastNamed.current === token) return;
    lastNamed.current = token;
    void loadPopups(latest.current.api, named).then((items) => {
      const popup = items[0];
      if (popup && lastNamed.current === token) openCampaignPopup(latest.current.dialogs, popup, preview);
    });
  }, [uid, named, preview]);

  return null;
}

/** Mounted by the default layout (game pages have their own layout and never show these). */
export function CampaignPopupQueue() {
  const root = useAuthRoot();
  const location = useLocation();
  const locale = usePageLocale();
  const api = useMemo(() => createBrowserApi(locale), [locale]);
  const uid = root?.isAuthenticated ? root.account.uid : 0;
  return (
    <PopupQueueRunner
      uid={uid}
      path={pathWithoutLocale(location.pathname)}
      search={location.search}
      hash={location.hash}
      api={api}
    />
  );
}
