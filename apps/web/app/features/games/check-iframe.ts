/**
 * Spec §4 "Window message type checkIframe": a same-origin page framed inside the game page (the
 * slot error page the launcher lands on when a launch fails) posts `{ type: 'checkIframe', url }`
 * to its parent, and the parent navigates there, so the error shows as a whole page instead of
 * inside the game frame. Only same-origin senders and same-site paths are obeyed.
 */
import { isExternalHref, toSafeHref } from '../../lib/navigation.ts';

export const CHECK_IFRAME = 'checkIframe';

/** The query flag the launcher adds when it sends a framed launch to the slot error page. */
export const EMBEDDED_PARAM = 'embedded';

export interface CheckIframeMessage {
  type: typeof CHECK_IFRAME;
  url: string;
}

/** The message a framed page posts: its own path and query, without the `embedded` flag. */
export function checkIframeMessage(location: { pathname: string; search: string }): CheckIframeMessage {
  const query = new URLSearchParams(location.search);
  query.delete(EMBEDDED_PARAM);
  const rest = query.toString();
  return { type: CHECK_IFRAME, url: `${location.pathname}${rest ? `?${rest}` : ''}` };
}

/**
 * Where the parent should go for a received message, or null to ignore it: another origin, another
 * message type, a missing url, an external or dangerous address.
 */
export function checkIframeTarget(
  event: { origin: string; data: unknown },
  ownOrigin: string,
): string | null {
  if (event.origin !== ownOrigin) return null;
  const data = event.data;
  if (typeof data !== 'object' || data === null) return null;
  const { type, url } = data as { type?: unknown; url?: unknown };
  if (type !== CHECK_IFRAME || typeof url !== 'string' || url.length > 2048) return null;
  try {
    const href = toSafeHref(url, { origin: ownOrigin });
    if (isExternalHref(href) || !href.startsWith('/')) return null;
    return href;
  } catch {
    return null;
  }
}

/** Whether the page runs inside a frame (false on the server). */
export function isFramed(): boolean {
  if (typeof window === 'undefined') return false;
  try {
    return window.parent !== window;
  } catch {
    return true;
  }
}
