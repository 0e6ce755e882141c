/**
 * Query parameters kept in the browser on any page (spec §2, §9):
 *
 * - `promo_code`: stored in localStorage under `promo_code`; the query wins over what is stored,
 *   and of a repeated parameter the last value counts. The registration form prefills it.
 * - Advertising parameters (`track_id`, `show_popup_reg`, `publisher_id`, `goal_id`,
 *   `goal_entry_id`, `link_id`): stored together under `croupier_tracking` as
 *   `{ params, savedAt }` for the tracking issue to send. An address carrying any of them replaces
 *   the previous set whole (last click counts; mixing two campaigns' ids would credit neither).
 *   A `track_id` starting `td_` is rewritten into a parameter of its own: our reading of the spec's
 *   "a track_id starting td_ is rewritten into a parameter" is that `td_` names a traffic
 *   distributor, so `track_id=td_abc` is stored as `{ td: 'abc' }` instead of a `track_id`.
 *
 * Blank values are not stored, and neither are overlong ones (not something a link of ours makes).
 */
import { PROMO_CODE_MAX_LENGTH } from '@croupier/contract/auth/promo-code';

export const PROMO_CODE_STORAGE_KEY = 'promo_code';
export const TRACKING_STORAGE_KEY = 'croupier_tracking';
export const TRACKING_PARAMS = [
  'track_id',
  'show_popup_reg',
  'publisher_id',
  'goal_id',
  'goal_entry_id',
  'link_id',
] as const;
const TRACK_ID_DISTRIBUTOR_PREFIX = 'td_';
const TRACKING_VALUE_MAX_LENGTH = 256;

export type StorageLike = Pick<Storage, 'getItem' | 'setItem'>;

export interface TrackingRecord {
  params: Record<string, string>;
  /** ISO time the parameters arrived. */
  savedAt: string;
}

/** The last value of a parameter, trimmed; undefined when missing, blank or longer than `max`. */
function lastValue(params: URLSearchParams, name: string, max: number): string | undefined {
  const value = params.getAll(name).at(-1)?.trim();
  if (!value || value.length > max) return undefined;
  return value;
}

export function promoCodeFromQuery(search: string): string | undefined {
  return lastValue(new URLSearchParams(search), 'promo_code', PROMO_CODE_MAX_LENGTH);
}

export function trackingFromQuery(search: string): Record<string, string> | undefined {
  const params = new URLSearchParams(search);
  const found: Record<string, string> = {};
  for (const name of TRACKING_PARAMS) {
    const value = lastValue(params, name, TRACKING_VALUE_MAX_LENGTH);
    if (value === undefined) continue;
    if (name === 'track_id' && value.startsWith(TRACK_ID_DISTRIBUTOR_PREFIX)) {
      const distributor = value.slice(TRACK_ID_DISTRIBUTOR_PREFIX.length);
      if (distributor !== '') found.td = distributor;
    } else {
      found[name] = value;
    }
  }
  return Object.keys(found).length > 0 ? found : undefined;
}

/** Keeps the address's promo code and advertising parameters; storage failures are ignored. */
export function captureAttribution(search: string, storage: StorageLike, now: Date = new Date()): void {
  const promoCode = promoCodeFromQuery(search);
  const tracking = trackingFromQuery(search);
  try {
    if (promoCode !== undefined) storage.setItem(PROMO_CODE_STORAGE_KEY, promoCode);
    if (tracking !== undefined) {
      const record: TrackingRecord = { params: tracking, savedAt: now.toISOString() };
      storage.setItem(TRACKING_STORAGE_KEY, JSON.stringify(record));
    }
  } catch {
    // Private browsing or a full quota: the visit works without attribution.
  }
}

/** The kept promo code, or '' (storage unavailable counts as none). */
export function storedPromoCode(storage: StorageLike): string {
  try {
    const value = storage.getItem(PROMO_CODE_STORAGE_KEY)?.trim() ?? '';
    return value.length > PROMO_CODE_MAX_LENGTH ? '' : value;
  } catch {
    return '';
  }
}

/** The kept advertising parameters, or undefined when none or unreadable. */
export function storedTracking(storage: StorageLike): TrackingRecord | undefined {
  try {
    const raw = storage.getItem(TRACKING_STORAGE_KEY);
    if (!raw) return undefined;
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const { params, savedAt } = parsed as Partial<TrackingRecord>;
    if (typeof savedAt !== 'string' || typeof params !== 'object' || params === null) return undefined;
    const clean = Object.fromEntries(
      Object.entries(params).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
    return { params: clean, savedAt };
  } catch {
    return undefined;
  }
}
