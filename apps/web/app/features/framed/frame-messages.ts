/**
 * Framed mode (spec §4, §7; ADR 039), the pure part:
 * - a `checkIframe` window message with a url makes this page navigate, when it comes from the
 *   site's own origin or one the operator listed (FRAME_MESSAGE_ORIGINS); the url must be a path
 *   of this site (games/check-iframe.ts decides that, one rule for every frame);
 * - a page of ours framed by a page of ours posts its path to the parent (which then navigates
 *   there: the site never shows nested in itself);
 * - API calls made inside a frame carry `_non_strict` (lib/browser-api.ts).
 */
import { checkIframeMessage, checkIframeTarget, EMBEDDED_PARAM } from '../games/check-iframe.ts';

/** Where to go for a received message, or null to ignore it (foreign origin, bad type or url). */
export function frameMessageTarget(
  event: { origin: string; data: unknown },
  ownOrigin: string,
  allowedOrigins: readonly string[],
): string | null {
  if (event.origin !== ownOrigin && !allowedOrigins.includes(event.origin)) return null;
  // The origin is trusted: judge the message as the same-origin rule does.
  return checkIframeTarget({ origin: ownOrigin, data: event.data }, ownOrigin);
}

export interface FrameWindow {
  parent: unknown;
  location: { origin: string };
}

/** The parent is a page of this site (reading its origin throws across origins). */
export function parentIsSameOrigin(win: FrameWindow): boolean {
  try {
    if (win.parent === win) return false;
    const parent = win.parent as { location: { origin: string } };
    return parent.location.origin === win.location.origin;
  } catch {
    return false;
  }
}

/**
 * The message a framed page of ours posts, or null when it should not: the slot error page's
 * embedded launch posts its own (routes/slot-error.tsx).
 */
export function framedPathMessage(location: { pathname: string; search: string }) {
  if (new URLSearchParams(location.search).get(EMBEDDED_PARAM) === '1') return null;
  return checkIframeMessage(location);
}
