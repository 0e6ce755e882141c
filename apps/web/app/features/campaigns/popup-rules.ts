/**
 * The rules of the post-login popup queue (spec §4), kept apart from React so they are tested as
 * tables.
 */
import type { CashbackOutput } from '@croupier/contract/cashbacks/common';

/** Spec §7: the storage key holding the last cashback id the player saw. */
export const SEEN_CASHBACK_KEY = 'already_seen_cashback_id';

/** The statuses the latest cashback is looked up among (spec §4). */
export const UNSEEN_CASHBACK_STATUSES = ['paid_out', 'active'] as const;

/** The `popup` query value popups.get accepts. */
const POPUP_KEY = /^[a-z0-9-]{1,64}$/;

/** The hash that opens the `popup` query's popup in preview mode (spec §2). */
export const POPUP_PREVIEW_HASH = '#popup-preview';

/**
 * Spec §4, verbatim: "Unseen cashback: the latest cashback (end date descending, status paid_out
 * or active) is shown if its id differs from stored already_seen_cashback_id and it is active, or
 * paid_out with no receiving_expired_at. Stored id updated on close."
 *
 * Read as: shown iff id != stored already_seen_cashback_id AND (active OR (paid_out AND no
 * receiving_expired_at)). `latest` is the first of `cashbacks.get` sorted by end_date desc over
 * statuses paid_out and active; `storedId` is the storage value (undefined when never set).
 */
export function isUnseenCashback(
  latest: Pick<CashbackOutput, 'id' | 'status' | 'receiving_expired_at'> | undefined,
  storedId: string | undefined,
): boolean {
  if (!latest) return false;
  if (storedId !== undefined && storedId.trim() === String(latest.id)) return false;
  if (latest.status === 'active') return true;
  return latest.status === 'paid_out' && latest.receiving_expired_at === null;
}

/**
 * Spec §2: "Campaign popups are not opened on navigation to the game index item or cashier deposit
 * pages" — any path with a /game/ segment (the game page, the platform game paths) and
 * /cashier/deposit with or without a method. `path` is without the locale prefix.
 */
export function blocksCampaignPopups(path: string): boolean {
  const clean = path.replace(/\/+$/, '') || '/';
  if (clean === '/game' || clean.includes('/game/')) return true;
  return clean === '/cashier/deposit' || clean.startsWith('/cashier/deposit/');
}

/** The `popup` query to open (last value when repeated), or null when missing or not a popup key. */
export function popupFromQuery(search: string): string | null {
  const value = new URLSearchParams(search).getAll('popup').at(-1)?.trim().toLowerCase();
  return value !== undefined && POPUP_KEY.test(value) ? value : null;
}
