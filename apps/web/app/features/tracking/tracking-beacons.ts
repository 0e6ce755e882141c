/**
 * The browser's side of tracking and fraud scoring (spec §7, §9; ADR 039), without React:
 * - a landing with advertising parameters sends one image request to `/hit` with the parameters,
 *   the referring page and, when fraud scoring is on, the fingerprint session;
 * - when General info `is_seon_enabled`, the fingerprint script loads on demand from
 *   `/fraud/agent.js` (the server points it at the provider) and a fraud-check hit goes to
 *   `/fraud-check` 3 s after it loaded.
 */
import {
  cleanReferer,
  FRAUD_SESSION_PATTERN,
  hitQuery,
  parseTrackingParams,
} from '@croupier/contract/tracking/params';

/** Spec §9: the fraud-check hit goes this long after the script loaded. */
export const FRAUD_CHECK_DELAY_MS = 3000;
export const FRAUD_AGENT_PATH = '/fraud/agent.js';
export const FRAUD_CHECK_PATH = '/fraud-check';
/** How long the page waits for the script before sending the hit without a session. */
const AGENT_LOAD_TIMEOUT_MS = 5000;

export interface FraudAgentWindow {
  croupierFraudAgent?: { getSession(): string };
}

/** The `/hit` address for a landing's query, or null when it carries no valid advertising parameters. */
export function hitUrl(search: string, referrer: string, fraudSession: string | null): string | null {
  const parsed = parseTrackingParams(new URLSearchParams(search));
  if (parsed.kind !== 'params') return null;
  const query = hitQuery({
    params: parsed.params,
    referer: cleanReferer(referrer) ?? undefined,
    fraudSession: fraudSession && FRAUD_SESSION_PATTERN.test(fraudSession) ? fraudSession : undefined,
  });
  return `/hit?${query}`;
}

/** The agent's session value, or null when it is missing or not one (a broken or hostile script). */
export function agentSession(win: FraudAgentWindow): string | null {
  try {
    const session = win.croupierFraudAgent?.getSession();
    return typeof session === 'string' && FRAUD_SESSION_PATTERN.test(session) ? session : null;
  } catch {
    return null;
  }
}

let agentLoad: Promise<string | null> | null = null;

/** Loads the fingerprint script once per page life; resolves with its session (null on failure). */
export function loadFraudAgent(): Promise<string | null> {
  const win = window as Window & FraudAgentWindow;
  if (agentLoad) return agentLoad;
  agentLoad = new Promise((resolve) => {
    if (win.croupierFraudAgent) {
      resolve(agentSession(win));
      return;
    }
    const script = document.createElement('script');
    script.src = FRAUD_AGENT_PATH;
    script.async = true;
    const timer = window.setTimeout(() => resolve(null), AGENT_LOAD_TIMEOUT_MS);
    script.addEventListener(
      'load',
      () => {
        window.clearTimeout(timer);
        resolve(agentSession(win));
      },
      { once: true },
    );
    script.addEventListener(
      'error',
      () => {
        window.clearTimeout(timer);
        resolve(null);
      },
      { once: true },
    );
    document.head.append(script);
  });
  return agentLoad;
}

/** The fraud-check hit (fire and forget: the page has nothing to show for it). */
export async function sendFraudCheck(session: string): Promise<void> {
  try {
    await fetch(FRAUD_CHECK_PATH, {
      method: 'POST',
      credentials: 'same-origin',
      keepalive: true,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ session }),
    });
  } catch {
    // Offline or blocked: no score this time; nothing depends on the answer.
  }
}

/** Sends the image request (an <img> load: no CORS, no script, answered by a 1×1 GIF). */
export function sendHit(url: string): void {
  const image = new Image(1, 1);
  image.src = url;
}
