/**
 * The pages a back-office link opens: the password-reset form (a plain HTML form posting to
 * `POST /nfx/auth/reset-password`), the same form for a new staff member's setup link (posting to
 * `POST /nfx/auth/setup`) and the email-confirmation result.
 */
import type { Locale } from '@croupier/contract/locales';
import { backofficeText } from './backoffice.messages.ts';
import { BACKOFFICE_PASSWORD_MAX_CHARS, BACKOFFICE_PASSWORD_MIN_CHARS } from './backoffice.schemas.ts';

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function layout(locale: Locale, title: string, body: string, styleNonce?: string): string {
  // With a nonce in the CSP, browsers ignore 'unsafe-inline': the style needs the response's nonce.
  const nonce = styleNonce ? ` nonce="${escapeHtml(styleNonce)}"` : '';
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style${nonce}>body{margin:0;min-height:100vh;display:grid;place-items:center;background:#0f1020;color:#f4f4f8;font:16px/1.5 system-ui,sans-serif}main{padding:24px;width:min(420px,100%)}label{display:block;margin:12px 0 4px}input{width:100%;box-sizing:border-box;padding:10px;border-radius:8px;border:1px solid #44465e;background:#1a1b30;color:inherit}button{margin-top:16px;padding:10px 16px;border:0;border-radius:8px;background:#f5c451;color:#0f1020;font-weight:600}.alert{color:#ff8a8a}</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>
`;
}

/**
 * Reset links carry the code in the URL fragment (`#code=…`), which browsers never send, so the code
 * stays out of access logs and proxies until the form posts it. This script (with the response's CSP
 * nonce) moves it into the form and drops it from the address bar.
 */
const FRAGMENT_SCRIPT = `(function () {
  var match = /(?:^#|&)code=([A-Za-z0-9_-]+)/.exec(window.location.hash);
  if (!match) return;
  document.getElementById('code').value = match[1];
  history.replaceState(null, '', window.location.pathname);
})();`;

export type PasswordFormKind = 'reset' | 'setup';

const FORM_ACTION: Record<PasswordFormKind, string> = {
  reset: '/nfx/auth/reset-password',
  setup: '/nfx/auth/setup',
};

export function resetFormPage(
  locale: Locale,
  options: {
    code?: string;
    error?: string;
    scriptNonce?: string;
    styleNonce?: string;
    kind?: PasswordFormKind;
  } = {},
): string {
  const kind = options.kind ?? 'reset';
  const t = (key: 'title' | 'password' | 'confirmation' | 'submit') =>
    escapeHtml(backofficeText(locale, `page.${kind}.${key}`));
  const alert = options.error ? `<p class="alert" role="alert">${escapeHtml(options.error)}</p>\n` : '';
  const script =
    !options.code && options.scriptNonce
      ? `\n<script nonce="${escapeHtml(options.scriptNonce)}">${FRAGMENT_SCRIPT}</script>`
      : '';
  return layout(
    locale,
    backofficeText(locale, `page.${kind}.title`),
    `${alert}<form method="post" action="${FORM_ACTION[kind]}">
<input type="hidden" id="code" name="code" value="${escapeHtml(options.code ?? '')}">
<label for="password">${t('password')}</label>
<input id="password" name="password" type="password" autocomplete="new-password" required minlength="${BACKOFFICE_PASSWORD_MIN_CHARS}" maxlength="${BACKOFFICE_PASSWORD_MAX_CHARS}">
<label for="passwordConfirmation">${t('confirmation')}</label>
<input id="passwordConfirmation" name="passwordConfirmation" type="password" autocomplete="new-password" required minlength="${BACKOFFICE_PASSWORD_MIN_CHARS}" maxlength="${BACKOFFICE_PASSWORD_MAX_CHARS}">
<button type="submit">${t('submit')}</button>
</form>${script}`,
    options.styleNonce,
  );
}

export function messagePage(
  locale: Locale,
  title: string,
  text: string,
  failed: boolean,
  styleNonce?: string,
): string {
  return layout(
    locale,
    title,
    `<p role="${failed ? 'alert' : 'status'}"${failed ? ' class="alert"' : ''}>${escapeHtml(text)}</p>`,
    styleNonce,
  );
}
