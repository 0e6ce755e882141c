/**
 * The game page's frame talks to the page around it (docs/decisions/013-game-balance-message.md).
 * The in-house game (`/rgs/play/…`, inside the iframe of `/game/{sysname}`) posts its balance after
 * every round, so the game bar — which never polls on game paths (spec §2) — shows the same amount
 * as the game. Both ends check the origin:
 * - the frame posts with its own origin as the target origin, so a page of another origin that
 *   frames the game never receives it;
 * - the parent accepts only messages from its own origin, from its own game frame, of this exact
 *   shape, in real mode and in the player's currency (a demo balance is play money).
 */

export const GAME_BALANCE_MESSAGE = 'croupier:game-balance';

export interface GameBalanceMessage {
  type: typeof GAME_BALANCE_MESSAGE;
  /** Demo balances are play money: the parent ignores them. */
  mode: 'real' | 'demo';
  /** Decimal string in major units, as on the wire: "48.60". */
  balance: string;
  /** ISO 4217 code of the session. */
  currency: string;
}

const DECIMAL = /^-?\d{1,20}(\.\d{1,8})?$/;
const CURRENCY = /^[A-Z][A-Z0-9]{2,7}$/;

export function gameBalanceMessage(session: {
  mode: string;
  currency: string;
  balance: string;
}): GameBalanceMessage {
  return {
    type: GAME_BALANCE_MESSAGE,
    mode: session.mode === 'real' ? 'real' : 'demo',
    balance: session.balance,
    currency: session.currency,
  };
}

/** The message of a received event, or null for anything else (another origin, sender or shape). */
export function readGameBalanceMessage(
  event: { origin: string; data: unknown; source: unknown },
  expected: { origin: string; source: unknown },
): GameBalanceMessage | null {
  if (event.origin !== expected.origin) return null;
  if (expected.source === null || expected.source === undefined || event.source !== expected.source) {
    return null;
  }
  const data = event.data;
  if (typeof data !== 'object' || data === null) return null;
  const { type, mode, balance, currency } = data as Record<string, unknown>;
  if (type !== GAME_BALANCE_MESSAGE) return null;
  if (mode !== 'real' && mode !== 'demo') return null;
  if (typeof balance !== 'string' || !DECIMAL.test(balance)) return null;
  if (typeof currency !== 'string' || !CURRENCY.test(currency)) return null;
  return { type, mode, balance, currency };
}

/**
 * Posts the message to the parent page when framed; the target origin is the frame's own, so only
 * a same-origin parent receives it. Returns whether it was posted.
 */
export function postToParent(
  message: GameBalanceMessage,
  win: Pick<Window, 'parent' | 'location'> = window,
): boolean {
  let parent: Window;
  try {
    parent = win.parent;
    if (!parent || parent === win) return false;
  } catch {
    return false;
  }
  try {
    parent.postMessage(message, win.location.origin);
    return true;
  } catch {
    return false;
  }
}
