/**
 * The reality check in the game frame (ADR 028): when a reality check falls while a game is open,
 * the site posts its text (already in the page's language) to the game frame, which shows it over
 * the game with a Continue button. Like the balance message (`parent-messages.ts`), both ends check
 * the origin: the site posts with its own origin as the target (a frame of another origin — a
 * third-party game — never receives it) and the frame accepts only its same-origin parent.
 */

export const REALITY_CHECK_MESSAGE = 'croupier:reality-check';

export interface RealityCheckMessage {
  type: typeof REALITY_CHECK_MESSAGE;
  title: string;
  /** Lines of text: time played, net position. */
  lines: string[];
  continueLabel: string;
}

const MAX_TEXT = 300;
const MAX_LINES = 6;

function isText(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0 && value.length <= MAX_TEXT;
}

/** The message of a received event, or null for anything else (another origin, sender or shape). */
export function readRealityCheckMessage(
  event: { origin: string; data: unknown; source: unknown },
  expected: { origin: string; source: unknown },
): RealityCheckMessage | null {
  if (event.origin !== expected.origin) return null;
  if (expected.source === null || expected.source === undefined || event.source !== expected.source) {
    return null;
  }
  const data = event.data;
  if (typeof data !== 'object' || data === null) return null;
  const { type, title, lines, continueLabel } = data as Record<string, unknown>;
  if (type !== REALITY_CHECK_MESSAGE || !isText(title) || !isText(continueLabel)) return null;
  if (!Array.isArray(lines) || lines.length > MAX_LINES || !lines.every(isText)) return null;
  return { type, title, lines: [...lines], continueLabel };
}

/** Posts the message to the game frame's window, same origin only. Returns whether it was posted. */
export function postToGameFrame(
  message: Omit<RealityCheckMessage, 'type'>,
  frame: Pick<Window, 'postMessage'> | null,
  origin: string,
): boolean {
  if (!frame) return false;
  try {
    frame.postMessage({ type: REALITY_CHECK_MESSAGE, ...message }, origin);
    return true;
  } catch {
    return false;
  }
}
