/**
 * CroupierPay Sandbox's own pages: the hosted checkout and the operator dashboard. Plain
 * server-rendered HTML with no script at all (the CSP forbids it), every value escaped, and a look
 * of its own — a clean white checkout, nothing of the casino's design — since it plays a third party.
 */
import { formatCardNumber, TEST_CARDS, THREE_DS_CODE } from './cards.ts';
import type { CardFormField, CheckoutView } from './checkout.ts';
import type { DashboardData } from './dashboard.ts';
import { formatIban } from './iban.ts';
import { returnLocation } from './return-url.ts';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;background:#f6f8fb;color:#1a2233;font:15px/1.5 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,Helvetica,Arial,sans-serif}
a{color:#3553d6}
.banner{background:#ffb020;color:#3b2500;text-align:center;font-weight:600;font-size:13px;padding:6px 12px;letter-spacing:.02em}
.wrap{max-width:460px;margin:32px auto;padding:0 16px}
.wide{max-width:1200px}
.brand{display:flex;align-items:center;gap:10px;margin-bottom:16px}
.logo{width:32px;height:32px;border-radius:8px;background:linear-gradient(135deg,#3553d6,#6d8bff);color:#fff;display:flex;align-items:center;justify-content:center;font-weight:700}
.brand strong{font-size:17px}
.badge{margin-left:auto;background:#fff4e0;color:#8a5300;border:1px solid #ffd28a;border-radius:999px;padding:2px 10px;font-size:12px;font-weight:700;letter-spacing:.06em}
.card{background:#fff;border:1px solid #e3e8f0;border-radius:12px;box-shadow:0 4px 18px rgba(26,34,51,.06);padding:24px;margin-bottom:16px}
.merchant{color:#5b6578;font-size:14px;margin:0}
.amount{font-size:32px;font-weight:700;margin:4px 0 16px}
label{display:block;font-size:13px;font-weight:600;color:#3a4356;margin:12px 0 4px}
input{width:100%;font:inherit;padding:10px 12px;border:1px solid #cfd6e2;border-radius:8px;background:#fff;color:inherit}
input:focus{outline:2px solid #3553d6;outline-offset:1px;border-color:#3553d6}
input[aria-invalid=true]{border-color:#d93f3f}
.row{display:flex;gap:12px}.row>div{flex:1}
.error{color:#c03030;font-size:13px;margin:4px 0 0}
.alert{background:#fdecec;color:#8c1d1d;border-radius:8px;padding:10px 12px;margin:0 0 12px}
.notice{background:#eef3ff;color:#22347a;border-radius:8px;padding:10px 12px;margin:0 0 12px}
button,.button{display:block;width:100%;font:inherit;font-weight:600;text-align:center;text-decoration:none;border-radius:8px;padding:12px;margin-top:16px;cursor:pointer;border:1px solid transparent}
.primary{background:#3553d6;color:#fff}
.primary:hover{background:#2a44b8}
.secondary{background:#fff;color:#3a4356;border-color:#cfd6e2}
.sandbox-action{background:#fff4e0;color:#6b4100;border-color:#ffd28a}
form.inline{margin:0}
table{width:100%;border-collapse:collapse;font-size:13px}
th,td{text-align:left;padding:6px 8px;border-bottom:1px solid #edf0f5;vertical-align:top}
th{color:#5b6578;font-weight:600}
code,.mono{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
dl{display:grid;grid-template-columns:auto 1fr;gap:6px 16px;margin:0}
dt{color:#5b6578}dd{margin:0;font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;overflow-wrap:anywhere}
.card-number{white-space:nowrap}
h1{font-size:20px;margin:0 0 8px}h2{font-size:16px;margin:0 0 12px}
.muted{color:#5b6578;font-size:13px}
.status{display:inline-block;border-radius:999px;padding:1px 8px;font-size:12px;font-weight:600;background:#edf0f5}
.status-succeeded,.status-paid,.status-delivered{background:#e3f6ea;color:#17623a}
.status-failed,.status-canceled{background:#fdecec;color:#8c1d1d}
.status-processing,.status-pending,.status-sending,.status-requires_action{background:#fff4e0;color:#8a5300}
footer{text-align:center;color:#8a93a6;font-size:12px;margin:24px 0}
`;

function layout(title: string, body: string, options: { wide?: boolean } = {}): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(title)} · CroupierPay Sandbox</title>
<style>${STYLE}</style>
</head>
<body>
<div class="banner" role="note">SANDBOX — test mode. No real money moves and no real card is charged.</div>
<main class="wrap${options.wide ? ' wide' : ''}">
<div class="brand"><span class="logo" aria-hidden="true">C</span><strong>CroupierPay</strong><span class="badge">SANDBOX</span></div>
${body}
<footer>CroupierPay Sandbox · a simulated payment provider for development and tests</footer>
</main>
</body>
</html>`;
}

function summary(view: CheckoutView): string {
  return `<p class="merchant">Pay ${escapeHtml(view.merchantName)}</p>
<p class="amount">${escapeHtml(view.amount)} ${escapeHtml(view.currency)}</p>`;
}

function cancelForm(basePath: string, view: CheckoutView, label = 'Cancel and return to merchant'): string {
  return `<form class="inline" method="post" action="${escapeHtml(`${basePath}/pay/${view.id}/cancel`)}">
<button class="secondary" type="submit">${escapeHtml(label)}</button>
</form>`;
}

function testCardTable(): string {
  const rows = TEST_CARDS.map(
    (card) =>
      `<tr><td class="mono card-number">${escapeHtml(formatCardNumber(card.number))}</td><td>${escapeHtml(card.description)}</td></tr>`,
  ).join('\n');
  return `<section class="card" aria-labelledby="test-cards">
<h2 id="test-cards">Test cards</h2>
<p class="muted">Any future expiry date (e.g. 12/34), any 3-digit CVC and any name. Other numbers are refused in the sandbox.</p>
<table><thead><tr><th scope="col">Card number</th><th scope="col">Outcome</th></tr></thead>
<tbody>
${rows}
</tbody></table>
</section>`;
}

function fieldError(errors: Partial<Record<CardFormField, string>>, field: CardFormField): string {
  const message = errors[field];
  return message ? `<p class="error" id="${field}-error">${escapeHtml(message)}</p>` : '';
}

function invalidAttributes(errors: Partial<Record<CardFormField, string>>, field: CardFormField): string {
  return errors[field] ? ` aria-invalid="true" aria-describedby="${field}-error"` : '';
}

export function cardFormPage(
  basePath: string,
  view: CheckoutView,
  state: { errors?: Partial<Record<CardFormField, string>>; holder?: string; expiry?: string } = {},
): string {
  const errors = state.errors ?? {};
  const hasErrors = Object.keys(errors).length > 0;
  // The card number is never echoed back, even after an error: it must not sit in a page or a cache.
  const body = `<section class="card">
${summary(view)}
${hasErrors ? '<p class="alert" role="alert">Please check the highlighted fields.</p>' : ''}
<form method="post" action="${escapeHtml(`${basePath}/pay/${view.id}/card`)}" novalidate>
<label for="number">Card number</label>
<input id="number" name="number" inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242" maxlength="23" required${invalidAttributes(errors, 'number')}>
${fieldError(errors, 'number')}
<div class="row">
<div><label for="expiry">Expiry (MM/YY)</label>
<input id="expiry" name="expiry" inputmode="numeric" autocomplete="cc-exp" placeholder="MM/YY" maxlength="7" required value="${escapeHtml(state.expiry ?? '')}"${invalidAttributes(errors, 'expiry')}>
${fieldError(errors, 'expiry')}</div>
<div><label for="cvc">CVC</label>
<input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123" maxlength="4" required${invalidAttributes(errors, 'cvc')}>
${fieldError(errors, 'cvc')}</div>
</div>
<label for="holder">Name on card</label>
<input id="holder" name="holder" autocomplete="cc-name" maxlength="100" required value="${escapeHtml(state.holder ?? '')}"${invalidAttributes(errors, 'holder')}>
${fieldError(errors, 'holder')}
<button class="primary" type="submit">Pay ${escapeHtml(view.amount)} ${escapeHtml(view.currency)}</button>
</form>
${cancelForm(basePath, view)}
</section>
${testCardTable()}`;
  return layout(`Pay ${view.merchantName}`, body);
}

export function challengePage(basePath: string, view: CheckoutView): string {
  const card = view.cardLast4 ? ` ending in ${escapeHtml(view.cardLast4)}` : '';
  const body = `<section class="card">
<h1>3-D Secure verification</h1>
<p class="muted">Your bank asks you to confirm this payment of <strong>${escapeHtml(view.amount)} ${escapeHtml(view.currency)}</strong> to ${escapeHtml(view.merchantName)} with the card${card}.</p>
<p class="notice">Sandbox: the code is <code>${THREE_DS_CODE}</code>. Any other code fails the payment.</p>
<form method="post" action="${escapeHtml(`${basePath}/pay/${view.id}/challenge`)}">
<label for="code">One-time code</label>
<input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" maxlength="12" required>
<button class="primary" type="submit">Confirm</button>
</form>
${cancelForm(basePath, view)}
</section>`;
  return layout('3-D Secure', body);
}

export function bankTransferPage(basePath: string, view: CheckoutView): string {
  const account = view.collectionAccount;
  const waiting = view.status === 'processing';
  const body = `<section class="card">
${summary(view)}
${
  waiting
    ? '<p class="notice">We are waiting for your transfer. The payment completes when the money arrives.</p>'
    : '<p class="muted">Transfer the exact amount to the account below, with the reference, from your bank.</p>'
}
<dl>
<dt>Beneficiary</dt><dd>${escapeHtml(account.holder)}</dd>
<dt>IBAN</dt><dd>${escapeHtml(formatIban(account.iban))}</dd>
<dt>BIC</dt><dd>${escapeHtml(account.bic)}</dd>
<dt>Bank</dt><dd>${escapeHtml(account.bank)}</dd>
<dt>Reference</dt><dd>${escapeHtml(view.bankReference ?? '')}</dd>
<dt>Amount</dt><dd>${escapeHtml(view.amount)} ${escapeHtml(view.currency)}</dd>
</dl>
<form class="inline" method="post" action="${escapeHtml(`${basePath}/pay/${view.id}/bank-transfer/simulate`)}">
<button class="sandbox-action" type="submit">Simulate transfer received (sandbox)</button>
</form>
${
  waiting
    ? `<a class="button secondary" href="${escapeHtml(returnLocation(view.returnUrl, 'pending'))}">Return to ${escapeHtml(view.merchantName)}</a>`
    : `<form class="inline" method="post" action="${escapeHtml(`${basePath}/pay/${view.id}/bank-transfer/sent`)}">
<button class="primary" type="submit">I have made the transfer</button>
</form>
${cancelForm(basePath, view)}`
}
</section>`;
  return layout(`Pay ${view.merchantName} by bank transfer`, body);
}

const STATUS_TEXT: Record<
  string,
  { title: string; text: string; returnStatus: 'success' | 'fail' | 'pending' | 'cancel' }
> = {
  succeeded: { title: 'Payment successful', text: 'Your payment was accepted.', returnStatus: 'success' },
  failed: { title: 'Payment failed', text: 'Your payment was not accepted.', returnStatus: 'fail' },
  canceled: { title: 'Payment canceled', text: 'This payment was canceled.', returnStatus: 'cancel' },
  processing: {
    title: 'Payment processing',
    text: 'Your bank is still confirming this payment. You will be told the result.',
    returnStatus: 'pending',
  },
};

/** A payment past its checkout: what happened, and the way back to the merchant. */
export function statusPage(view: CheckoutView): string {
  const text = STATUS_TEXT[view.status] ?? STATUS_TEXT.processing!;
  const reason = view.failureCode
    ? `<p class="muted">Reason: <code>${escapeHtml(view.failureCode)}</code></p>`
    : '';
  const body = `<section class="card">
${summary(view)}
<h1>${escapeHtml(text.title)}</h1>
<p>${escapeHtml(text.text)}</p>
${reason}
<a class="button primary" href="${escapeHtml(returnLocation(view.returnUrl, text.returnStatus))}">Return to ${escapeHtml(view.merchantName)}</a>
</section>`;
  return layout(text.title, body);
}

export function messagePage(title: string, text: string): string {
  return layout(
    title,
    `<section class="card"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p></section>`,
  );
}

function statusBadge(status: string): string {
  return `<span class="status status-${escapeHtml(status)}">${escapeHtml(status)}</span>`;
}

function cell(value: string | number | null | undefined, mono = false): string {
  const text = value === null || value === undefined || value === '' ? '—' : String(value);
  return `<td${mono ? ' class="mono"' : ''}>${escapeHtml(text)}</td>`;
}

export function dashboardPage(basePath: string, data: DashboardData): string {
  const payments = data.payments
    .map(
      (p) =>
        `<tr>${cell(p.created_at)}<td class="mono"><a href="${escapeHtml(`${basePath}/pay/${p.id}`)}">${escapeHtml(p.id)}</a></td>${cell(p.merchant_reference, true)}${cell(`${p.amount} ${p.currency}`)}${cell(p.method)}<td>${statusBadge(p.status)}</td>${cell(p.failure_code, true)}${cell(p.card)}</tr>`,
    )
    .join('\n');
  const payouts = data.payouts
    .map(
      (p) =>
        `<tr>${cell(p.created_at)}${cell(p.id, true)}${cell(p.merchant_reference, true)}${cell(`${p.amount} ${p.currency}`)}${cell(p.destination)}<td>${statusBadge(p.status)}</td>${cell(p.failure_code, true)}</tr>`,
    )
    .join('\n');
  const webhooks = data.webhooks
    .map((w) => {
      const log = w.attempt_log
        .slice(-10)
        .map(
          (a) =>
            `#${a.attempt} ${a.at} → ${a.status_code ?? a.error ?? '?'}${a.error && a.status_code ? ` (${a.error})` : ''} in ${a.duration_ms} ms`,
        )
        .join('\n');
      return `<tr>${cell(w.event_id, true)}${cell(w.type)}${cell(w.object_id, true)}${cell(w.url, true)}<td>${statusBadge(w.status)}</td>${cell(w.attempts)}${cell(w.next_attempt_at)}<td><pre class="mono">${escapeHtml(log || '—')}</pre></td></tr>`;
    })
    .join('\n');
  const body = `<section class="card">
<h1>Sandbox dashboard</h1>
<p class="muted">The ${data.payments.length} latest payments, payouts and webhook deliveries. <a href="${escapeHtml(`${basePath}/dashboard`)}">Refresh</a> · <a href="${escapeHtml(`${basePath}/dashboard.json`)}">JSON</a></p>
<p class="muted">Sandbox rules: card outcomes follow the test cards below; bank transfers succeed with “simulate transfer received”.
Payouts are paid about 3 seconds after they are created, except that a destination IBAN ending in <code>0000</code>
or an amount ending in <code>.13</code> (last two digits 13) fails with <code>payout_declined</code>.
Webhooks are retried after 1 s, 2 s, 4 s … (at most an hour apart) for 3 days until a 2xx answer.</p>
</section>
<section class="card"><h2>Payments</h2>
<table><thead><tr><th>Created</th><th>Id</th><th>Reference</th><th>Amount</th><th>Method</th><th>Status</th><th>Failure</th><th>Card</th></tr></thead>
<tbody>${payments || '<tr><td colspan="8">No payments yet.</td></tr>'}</tbody></table></section>
<section class="card"><h2>Payouts</h2>
<table><thead><tr><th>Created</th><th>Id</th><th>Reference</th><th>Amount</th><th>Destination</th><th>Status</th><th>Failure</th></tr></thead>
<tbody>${payouts || '<tr><td colspan="7">No payouts yet.</td></tr>'}</tbody></table></section>
<section class="card"><h2>Webhook deliveries</h2>
<table><thead><tr><th>Event</th><th>Type</th><th>Object</th><th>URL</th><th>Status</th><th>Attempts</th><th>Next attempt</th><th>Attempt log</th></tr></thead>
<tbody>${webhooks || '<tr><td colspan="8">No webhooks yet.</td></tr>'}</tbody></table></section>
${testCardTable()}`;
  return layout('Dashboard', body, { wide: true });
}
