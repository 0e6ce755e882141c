/**
 * The page that ends the social-login popup (spec §7, 640×480): it tells the page that opened it how
 * sign-in went and closes itself. The message goes to `window.opener` with our own origin as the
 * target, so no other site can read it; when the opener is gone (a Cross-Origin-Opener-Policy
 * switch, or a browser that opened the popup as a tab) it goes out on a same-origin
 * BroadcastChannel instead, and the page falls back to a same-origin redirect to the return path.
 */
import type { Locale } from '@croupier/contract/locales';
import { type SocialMessageKey, socialText } from './social.messages.ts';

/** The message posted to the opener (and on the `croupier-oauth` BroadcastChannel). */
export interface OAuthPopupMessage {
  type: 'oauth';
  status: 'success' | 'error';
  /** A player created by this sign-in (registration not completed yet: the web shows the completion popup). */
  isNew: boolean;
  /** Same-origin path to continue at. */
  redirectUrl: string;
  typeAuth: 'login' | 'register';
  /** Machine code of the failure (status error only). */
  error?: string;
  /** The failure in the page's language (status error only). */
  message?: string;
}

export const OAUTH_BROADCAST_CHANNEL = 'croupier-oauth';

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** JSON that cannot end the surrounding `<script>` element or break it with line separators. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

// Static, so the CSP nonce is the only thing that varies; the data travels as inert JSON.
const SCRIPT = `(function () {
  var result = JSON.parse(document.getElementById('oauth-result').textContent);
  var delivered = false;
  try {
    if (window.opener && !window.opener.closed) {
      window.opener.postMessage(result, window.location.origin);
      delivered = true;
    }
  } catch (error) {}
  if (!delivered && typeof BroadcastChannel === 'function') {
    try {
      var channel = new BroadcastChannel('${OAUTH_BROADCAST_CHANNEL}');
      channel.postMessage(result);
      channel.close();
    } catch (error) {}
  }
  window.close();
  setTimeout(function () { window.location.replace(result.redirectUrl); }, 300);
})();`;

export function renderPopupPage(input: {
  locale: Locale;
  scriptNonce: string;
  message: OAuthPopupMessage;
  /** Message key and values of the failure (status error only). */
  errorKey?: SocialMessageKey;
  errorValues?: Record<string, string | number>;
  /** A failure text from elsewhere (an account error), already in the page's language. */
  errorText?: string;
}): string {
  const { locale, message } = input;
  const success = message.status === 'success';
  const title = socialText(locale, success ? 'success.title' : 'error.title');
  const text = success
    ? socialText(locale, 'success.text')
    : (input.errorText ?? socialText(locale, input.errorKey ?? 'internal_error', input.errorValues));
  const payload: OAuthPopupMessage = success ? message : { ...message, message: text };
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>body{margin:0;min-height:100vh;display:grid;place-items:center;background:#0f1020;color:#f4f4f8;font:16px/1.5 system-ui,sans-serif;text-align:center}main{padding:24px;max-width:420px}a{color:#f5c451}</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<p role="${success ? 'status' : 'alert'}">${escapeHtml(text)}</p>
<p><a href="${escapeHtml(message.redirectUrl)}">${escapeHtml(socialText(locale, 'continue'))}</a></p>
</main>
<script type="application/json" id="oauth-result">${scriptSafeJson(payload)}</script>
<script nonce="${escapeHtml(input.scriptNonce)}">${SCRIPT}</script>
</body>
</html>
`;
}
