/**
 * The advertising-tracking parameters of a landing address (spec §2) and the `/hit` query, one
 * reading for the browser and the server (ADR 039).
 *
 * - `track_id`, `publisher_id`, `goal_id`, `goal_entry_id`, `link_id`: ids an affiliate network
 *   puts in its links: 1–64 characters of `A–Z a–z 0–9 . _ ~ : -` (what a URL carries unescaped).
 * - A `track_id` starting `td_` names a traffic distributor: it is rewritten into its own `td`
 *   parameter (`track_id=td_abc` → `td=abc`), the reading ADR 039 gives spec §2's sentence.
 * - `show_popup_reg` only opens the registration popup (features/auth/popup-flags.ts): not stored.
 *
 * A value that breaks these rules makes the whole set invalid: a forged or absurd landing is not
 * recorded in part (nothing of it is stored).
 */

export const TRACKING_ID_PARAMS = [
  'track_id',
  'publisher_id',
  'goal_id',
  'goal_entry_id',
  'link_id',
] as const;
export type TrackingIdParam = (typeof TRACKING_ID_PARAMS)[number];

export const TRACK_ID_DISTRIBUTOR_PREFIX = 'td_';
export const TRACKING_VALUE_MAX_LENGTH = 64;
export const REFERER_MAX_LENGTH = 512;
/** The fraud-fingerprint script's session value (opaque to us, bounded). */
export const FRAUD_SESSION_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;

const VALUE_PATTERN = /^[A-Za-z0-9._~:-]{1,64}$/;

/** The stored form: `td` instead of a `td_` track_id; absent parameters are absent. */
export type TrackingParams = Partial<Record<TrackingIdParam | 'td', string>>;

export type TrackingParse =
  | { kind: 'none' }
  | { kind: 'invalid'; param: string }
  | { kind: 'params'; params: TrackingParams };

/**
 * Reads the advertising parameters of a query. Repeated parameters are absurd in a link we made:
 * they invalidate the set rather than pick one.
 */
export function parseTrackingParams(query: URLSearchParams): TrackingParse {
  const params: TrackingParams = {};
  for (const name of TRACKING_ID_PARAMS) {
    const values = query.getAll(name);
    if (values.length === 0) continue;
    const value = values[0] ?? '';
    if (values.length > 1 || !VALUE_PATTERN.test(value)) return { kind: 'invalid', param: name };
    if (name === 'track_id' && value.startsWith(TRACK_ID_DISTRIBUTOR_PREFIX)) {
      const distributor = value.slice(TRACK_ID_DISTRIBUTOR_PREFIX.length);
      if (distributor === '') return { kind: 'invalid', param: name };
      params.td = distributor;
    } else {
      params[name] = value;
    }
  }
  return Object.keys(params).length === 0 ? { kind: 'none' } : { kind: 'params', params };
}

/** A referring page worth keeping: an absolute http(s) address within bounds; otherwise null. */
export function cleanReferer(value: string | undefined): string | null {
  if (!value || value.length > REFERER_MAX_LENGTH) return null;
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (url.username || url.password) return null;
    return url.href.length > REFERER_MAX_LENGTH ? null : url.href;
  } catch {
    return null;
  }
}

/** The `/hit` query for a landing: the parameters as stored (td rewritten), referer, session. */
export function hitQuery(input: {
  params: TrackingParams;
  referer?: string | undefined;
  fraudSession?: string | undefined;
}): URLSearchParams {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(input.params)) {
    // On the wire the distributor travels as the original `td_` track_id (one rewrite, server-side too).
    if (name === 'td') query.set('track_id', `${TRACK_ID_DISTRIBUTOR_PREFIX}${value}`);
    else if (value !== undefined) query.set(name, value);
  }
  if (input.referer) query.set('referer', input.referer);
  if (input.fraudSession) query.set('session', input.fraudSession);
  return query;
}
