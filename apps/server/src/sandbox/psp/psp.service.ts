/**
 * CroupierPay Sandbox: a payment provider that runs in this process but behaves like a third party.
 * Merchants call its API (payments, payouts, banks) with a bearer key and idempotency keys; players
 * pay on its hosted page; state changes become signed webhooks delivered by a loop that any node may
 * run (rows claimed with FOR UPDATE SKIP LOCKED), retried with exponential back-off.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Deps } from '../../deps.ts';
import { type BackgroundLoop, createBackgroundLoop } from '../../lib/background-loop.ts';
import { SIGNATURE_HEADER, signatureHeader } from '../../lib/signature.ts';
import { sandboxPspCredentials } from '../../provider-credentials.ts';
import {
  cardBrand,
  cvcValid,
  expiryValid,
  findTestCard,
  luhnValid,
  normalizeCardNumber,
  THREE_DS_CODE,
} from './cards.ts';
import { banksOf, COLLECTION_ACCOUNT, ibanValid, normalizeIban } from './iban.ts';
import { currencyExponent, formatAmount, parseAmount } from './money.ts';
import { invalidRequest, PspError } from './psp.errors.ts';
import {
  type ClaimedDelivery,
  createPspRepository,
  type MerchantRecord,
  type PaymentInsert,
  type PaymentRecord,
  type PayoutRecord,
  type Tx,
} from './psp.repository.ts';
import {
  banksQuery,
  createPaymentBody,
  createPayoutBody,
  idempotencyKey as idempotencyKeySchema,
  parseBody,
} from './psp.schemas.ts';
import type { ReturnStatus } from './return-url.ts';

/** The merchant the platform is at this provider. */
export const MERCHANT_NAME = 'Croupier';

/** "Pending, then …" test cards settle this long after the card is submitted. */
export const PENDING_RESOLUTION_MS = 5_000;
/** Payouts settle "a moment later". */
export const PAYOUT_RESOLUTION_MS = 3_000;
/** A checkout nobody completes is canceled (failure_code `expired`) after a day. */
export const CHECKOUT_EXPIRY_MS = 24 * 3_600_000;
/** A bank transfer that never arrives: canceled, or failed once the player said it was sent. */
export const BANK_TRANSFER_EXPIRY_MS = 7 * 24 * 3_600_000;

/** Protocol doc: each delivery attempt times out after 10 s. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** Protocol doc: back-off 1 s, 2 s, 4 s … capped at an hour, for up to 3 days. */
const WEBHOOK_BASE_RETRY_MS = 1_000;
const WEBHOOK_MAX_RETRY_MS = 3_600_000;
export const WEBHOOK_RETRY_WINDOW_MS = 3 * 24 * 3_600_000;
/** A claim lapses after this long (well past the timeout), so a dead node's deliveries are retried. */
const WEBHOOK_LEASE_MS = 60_000;
const DELIVERY_BATCH = 20;
const RESOLVE_BATCH = 50;
/** Batches a pass may run while full ones keep coming: bounded work per tick. */
const MAX_BATCHES_PER_PASS = 10;
const RESPONSE_EXCERPT_BYTES = 500;
const DEFAULT_POLL_MS = 1_000;
const DASHBOARD_LIMIT = 50;
const USER_AGENT = 'CroupierPay-Sandbox/1.0 (+webhooks)';

export type PaymentStatus = 'requires_action' | 'processing' | 'succeeded' | 'failed' | 'canceled';
export type PaymentEventType =
  | 'payment.succeeded'
  | 'payment.failed'
  | 'payment.processing'
  | 'payment.canceled';
export type PayoutEventType = 'payout.paid' | 'payout.failed';

export interface ApiResponse {
  statusCode: number;
  body: unknown;
  /** True when an Idempotency-Key replay returned the stored first response. */
  replayed: boolean;
}

/** What the hosted page shows; no card data beyond brand and last four digits. */
export interface CheckoutView {
  id: string;
  merchantName: string;
  amount: string;
  currency: string;
  method: 'card' | 'bank_transfer';
  status: PaymentStatus;
  step: string | null;
  failureCode: string | null;
  cardBrand: string | null;
  cardLast4: string | null;
  bankReference: string | null;
  returnUrl: string;
  collectionAccount: typeof COLLECTION_ACCOUNT;
}

export type CardFormField = 'number' | 'expiry' | 'cvc' | 'holder';

/** The result of a form posted on the hosted page. */
export type PageOutcome =
  | { kind: 'not_found' }
  /** Back to the merchant with the outcome. */
  | { kind: 'return'; status: ReturnStatus; returnUrl: string }
  /** Show the page again in its new (or unchanged) state. */
  | { kind: 'page' }
  | { kind: 'card_errors'; errors: Partial<Record<CardFormField, string>>; holder: string; expiry: string };

export interface CardForm {
  number: string;
  expiry: string;
  cvc: string;
  holder: string;
}

export interface PassSummary {
  payments: number;
  payouts: number;
  webhooks: number;
}

export interface DashboardData {
  payments: Array<{
    id: string;
    merchant_reference: string;
    amount: string;
    currency: string;
    method: string;
    status: string;
    failure_code: string | null;
    card: string | null;
    created_at: string;
  }>;
  payouts: Array<{
    id: string;
    merchant_reference: string;
    amount: string;
    currency: string;
    destination: string;
    status: string;
    failure_code: string | null;
    created_at: string;
  }>;
  webhooks: Array<{
    id: string;
    event_id: string;
    type: string;
    object_id: string;
    url: string;
    status: string;
    attempts: number;
    next_attempt_at: string | null;
    last_status_code: number | null;
    last_error: string | null;
    delivered_at: string | null;
    attempt_log: Array<{
      attempt: number;
      at: string;
      duration_ms: number;
      status_code: number | null;
      error: string | null;
    }>;
  }>;
}

export function webhookRetryDelayMs(attempts: number): number {
  return Math.min(WEBHOOK_MAX_RETRY_MS, WEBHOOK_BASE_RETRY_MS * 2 ** Math.min(32, Math.max(0, attempts - 1)));
}

/** Sandbox payout rule: an IBAN ending in 0000 or an amount ending in .13 is declined by the bank. */
export function payoutDeclined(amountMinor: bigint, iban: string | null): boolean {
  return amountMinor % 100n === 13n || iban?.endsWith('0000') === true;
}

/** A payment that reached a final state: no step left, nothing scheduled. */
const SETTLED = { step: null, scheduledStatus: null, scheduledFailureCode: null, scheduledAt: null } as const;

function randomId(prefix: string): string {
  return `${prefix}_${randomBytes(16).toString('hex')}`;
}

function bankReference(): string {
  // Unambiguous characters only: players copy this into their bank's form by hand.
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(10);
  let out = '';
  for (const byte of bytes) out += alphabet[byte % alphabet.length];
  return `CPS-${out}`;
}

function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** JSON with object keys sorted, so two bodies that mean the same fingerprint the same. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function exponentOf(currency: string): number {
  const exponent = currencyExponent(currency);
  if (exponent === undefined) throw invalidRequest(`Unsupported currency: ${currency}`, 'currency');
  return exponent;
}

function amountMinorOf(amount: string, exponent: number): bigint {
  const parsed = parseAmount(amount, exponent);
  if (!parsed.ok) throw invalidRequest(`amount ${parsed.message}`, 'amount');
  return parsed.minor;
}

function paymentStatus(status: string): PaymentStatus {
  switch (status) {
    case 'processing':
    case 'succeeded':
    case 'failed':
    case 'canceled':
      return status;
    default:
      return 'requires_action';
  }
}

function paymentDto(payment: PaymentRecord) {
  return {
    id: payment.id,
    merchant_reference: payment.merchantReference,
    amount: formatAmount(payment.amountMinor, exponentOf(payment.currency)),
    currency: payment.currency,
    method: payment.method,
    status: payment.status,
    ...(payment.failureCode ? { failure_code: payment.failureCode } : {}),
  };
}

function payoutDto(payout: PayoutRecord) {
  return {
    id: payout.id,
    merchant_reference: payout.merchantReference,
    amount: formatAmount(payout.amountMinor, exponentOf(payout.currency)),
    currency: payout.currency,
    status: payout.status,
    ...(payout.failureCode ? { failure_code: payout.failureCode } : {}),
  };
}

function errorText(error: unknown): string {
  if (error instanceof Error) {
    // undici hides the reason (ECONNREFUSED, timeout) in `cause`.
    const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
    return `${error.name === 'TimeoutError' ? 'timeout' : error.message}${cause}`.slice(0, 500);
  }
  return String(error).slice(0, 500);
}

/** Reads at most `maxBytes` of a response body, then lets the rest go. */
async function readExcerpt(response: Response, maxBytes: number): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < maxBytes) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return Buffer.concat(chunks).toString('utf8').slice(0, maxBytes);
}

export function createSandboxPsp(deps: Pick<Deps, 'db' | 'config' | 'log' | 'now'>) {
  const repository = createPspRepository(deps.db);
  const credentials = sandboxPspCredentials(deps.config);

  let loop: BackgroundLoop | undefined;

  async function emit(
    tx: Tx,
    merchantId: bigint,
    type: PaymentEventType | PayoutEventType,
    data: Record<string, unknown>,
    url: string,
  ): Promise<void> {
    const now = deps.now();
    const id = randomId('evt');
    const body = JSON.stringify({ id, type, created: Math.floor(now.getTime() / 1000), data });
    await repository.insertEvent(tx, { id, merchantId, type, objectId: String(data.id), body, url, now });
  }

  function paymentEventData(payment: PaymentRecord) {
    return { object: 'payment', ...paymentDto(payment) };
  }

  function paymentEventType(status: string): PaymentEventType | undefined {
    switch (status) {
      case 'succeeded':
        return 'payment.succeeded';
      case 'failed':
        return 'payment.failed';
      case 'processing':
        return 'payment.processing';
      case 'canceled':
        return 'payment.canceled';
      default:
        return undefined;
    }
  }

  /**
   * Moves a payment from one of `from` (and step) to a new state and records the event, in one
   * transaction. Undefined when the payment had already moved on (double submit, race with the loop).
   */
  async function transition(
    id: string,
    from: { statuses: readonly PaymentStatus[]; step?: string },
    set: Partial<PaymentInsert>,
  ): Promise<PaymentRecord | undefined> {
    return repository.transaction(async (tx) => {
      const updated = await repository.updatePaymentFrom(tx, id, from, { ...set, updatedAt: deps.now() });
      if (!updated) return undefined;
      const type = set.status ? paymentEventType(set.status) : undefined;
      if (type) await emit(tx, updated.merchantId, type, paymentEventData(updated), updated.webhookUrl);
      return updated;
    });
  }

  /**
   * Runs `create` once per Idempotency-Key: a replay with the same request gets the stored first
   * response, the same key with another request a 409. Requests refused by validation keep no key
   * (the merchant may fix the body and reuse it), as at Stripe.
   */
  async function idempotent(
    merchant: MerchantRecord,
    key: string,
    fingerprint: string,
    create: (tx: Tx) => Promise<{ statusCode: number; body: unknown }>,
  ): Promise<ApiResponse> {
    return repository.transaction(async (tx) => {
      const claimed = await repository.claimIdempotencyKey(tx, merchant.id, key, fingerprint, deps.now());
      if (!claimed) {
        const stored = await repository.findIdempotencyKey(tx, merchant.id, key);
        if (!stored || stored.fingerprint !== fingerprint || stored.statusCode === null) {
          throw new PspError(
            409,
            'idempotency_conflict',
            'This Idempotency-Key was already used with a different request',
            'Idempotency-Key',
          );
        }
        return { statusCode: stored.statusCode, body: stored.response, replayed: true };
      }
      const result = await create(tx);
      await repository.saveIdempotentResponse(tx, merchant.id, key, result.statusCode, result.body);
      return { ...result, replayed: false };
    });
  }

  function requireIdempotencyKey(value: unknown): string {
    const parsed = idempotencyKeySchema.safeParse(value);
    if (!parsed.success) {
      throw invalidRequest(
        'An Idempotency-Key header (1 to 255 printable characters) is required',
        'Idempotency-Key',
      );
    }
    return parsed.data;
  }

  async function resolveDuePayments(): Promise<number> {
    return repository.transaction(async (tx) => {
      const now = deps.now();
      const due = await repository.lockDuePayments(tx, now, RESOLVE_BATCH);
      for (const payment of due) {
        const live = payment.status === 'requires_action' || payment.status === 'processing';
        const status = payment.scheduledStatus;
        const clear = {
          scheduledStatus: null,
          scheduledFailureCode: null,
          scheduledAt: null,
          updatedAt: now,
        };
        if (!live || !status) {
          await repository.updatePaymentFrom(tx, payment.id, { statuses: [payment.status] }, clear);
          continue;
        }
        const updated = await repository.updatePaymentFrom(
          tx,
          payment.id,
          { statuses: [payment.status] },
          { ...clear, status, step: null, failureCode: payment.scheduledFailureCode },
        );
        const type = paymentEventType(status);
        if (updated && type)
          await emit(tx, updated.merchantId, type, paymentEventData(updated), updated.webhookUrl);
      }
      return due.length;
    });
  }

  async function resolveDuePayouts(): Promise<number> {
    return repository.transaction(async (tx) => {
      const now = deps.now();
      const due = await repository.lockDuePayouts(tx, now, RESOLVE_BATCH);
      for (const payout of due) {
        const clear = {
          scheduledStatus: null,
          scheduledFailureCode: null,
          scheduledAt: null,
          updatedAt: now,
        };
        if (payout.status !== 'pending' || !payout.scheduledStatus) {
          await repository.updatePayout(tx, payout.id, clear);
          continue;
        }
        const updated = await repository.updatePayout(tx, payout.id, {
          ...clear,
          status: payout.scheduledStatus,
          failureCode: payout.scheduledFailureCode,
        });
        if (!updated) continue;
        const type: PayoutEventType = updated.status === 'paid' ? 'payout.paid' : 'payout.failed';
        await emit(
          tx,
          updated.merchantId,
          type,
          { object: 'payout', ...payoutDto(updated) },
          updated.webhookUrl,
        );
      }
      return due.length;
    });
  }

  async function deliver(delivery: ClaimedDelivery): Promise<void> {
    const startedAt = deps.now();
    const timestamp = Math.floor(startedAt.getTime() / 1000);
    // Wall time for the duration: the injectable clock may stand still in tests.
    const startedMs = performance.now();
    let statusCode: number | null = null;
    let failure: string | null = null;
    let excerpt: string | null = null;
    try {
      const response = await fetch(delivery.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': USER_AGENT,
          [SIGNATURE_HEADER]: signatureHeader(delivery.webhookSecret, timestamp, delivery.body),
        },
        body: delivery.body,
        // A redirect is not an acknowledgement; following it could also re-post elsewhere.
        redirect: 'manual',
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      });
      statusCode = response.status;
      excerpt = await readExcerpt(response, RESPONSE_EXCERPT_BYTES).catch(() => null);
      if (statusCode < 200 || statusCode >= 300) failure = `HTTP ${statusCode}`;
    } catch (error) {
      failure = errorText(error);
    }
    await repository.recordAttempt({
      deliveryId: delivery.id,
      attempt: delivery.attempts,
      startedAt,
      durationMs: Math.round(performance.now() - startedMs),
      statusCode,
      error: failure,
      responseExcerpt: excerpt,
    });
    const now = deps.now();
    if (failure === null && statusCode !== null) {
      await repository.markDelivered(delivery.id, statusCode, now);
      return;
    }
    const next = new Date(now.getTime() + webhookRetryDelayMs(delivery.attempts));
    const giveUp = next.getTime() - delivery.eventCreatedAt.getTime() > WEBHOOK_RETRY_WINDOW_MS;
    const log = { deliveryId: String(delivery.id), eventId: delivery.eventId, attempt: delivery.attempts };
    if (giveUp) deps.log.error({ ...log, reason: failure }, 'sandbox PSP webhook given up');
    else deps.log.warn({ ...log, reason: failure }, 'sandbox PSP webhook will be retried');
    await repository.markUndelivered(
      delivery.id,
      next,
      statusCode,
      failure ?? 'no response',
      giveUp ? 'give_up' : 'retry',
    );
  }

  async function deliverWebhooks(): Promise<number> {
    let handled = 0;
    for (let batch = 0; batch < MAX_BATCHES_PER_PASS; batch += 1) {
      const now = deps.now();
      const claimed = await repository.claimDueDeliveries(
        now,
        new Date(now.getTime() + WEBHOOK_LEASE_MS),
        DELIVERY_BATCH,
      );
      // Side by side: one slow receiver must not hold up the rest of the batch for its 10 s.
      await Promise.all(claimed.map((delivery) => deliver(delivery)));
      handled += claimed.length;
      if (claimed.length < DELIVERY_BATCH) break;
    }
    return handled;
  }

  async function drain(step: () => Promise<number>): Promise<number> {
    let total = 0;
    for (let batch = 0; batch < MAX_BATCHES_PER_PASS; batch += 1) {
      const count = await step();
      total += count;
      if (count < RESOLVE_BATCH) break;
    }
    return total;
  }

  const service = {
    credentials,
    /** The site's public origin, for the hosted page's address (unset: the address the merchant called). */
    publicUrl: deps.config.PUBLIC_URL,

    /** Installs the platform's merchant account with the configured credentials (boot, every node). */
    async ensureMerchant(): Promise<void> {
      await repository.upsertMerchant(
        MERCHANT_NAME,
        sha256Hex(credentials.apiKey),
        credentials.webhookSecret,
        deps.now(),
      );
    },

    /** `Authorization: Bearer <key>` → the merchant, or 401. */
    async authenticate(authorization: string | undefined): Promise<MerchantRecord> {
      const match = /^Bearer[ ]+([\x21-\x7e]{1,512})[ ]*$/i.exec(authorization ?? '');
      const merchant = match?.[1] ? await repository.findMerchantByKeyHash(sha256Hex(match[1])) : undefined;
      if (!merchant) throw new PspError(401, 'unauthorized', 'Missing or unknown API key');
      return merchant;
    },

    async createPayment(
      merchant: MerchantRecord,
      request: { idempotencyKey: unknown; body: unknown; hostedBaseUrl: string },
    ): Promise<ApiResponse> {
      const key = requireIdempotencyKey(request.idempotencyKey);
      const body = parseBody(createPaymentBody, request.body);
      const amountMinor = amountMinorOf(body.amount, exponentOf(body.currency));
      let payerIban: string | null = null;
      if (body.requisites?.iban) {
        payerIban = normalizeIban(body.requisites.iban);
        if (!ibanValid(payerIban))
          throw invalidRequest('requisites.iban is not a valid IBAN', 'requisites.iban');
      }
      const fingerprint = sha256Hex(`POST /payments ${canonicalJson(request.body)}`);
      return idempotent(merchant, key, fingerprint, async (tx) => {
        const now = deps.now();
        const id = randomId('pay');
        const card = body.method === 'card';
        await repository.insertPayment(tx, {
          id,
          merchantId: merchant.id,
          merchantReference: body.merchant_reference,
          amountMinor,
          currency: body.currency,
          method: body.method,
          status: 'requires_action',
          step: card ? 'card_form' : 'bank_details',
          customerId: body.customer.id,
          customerEmail: body.customer.email ?? null,
          payerIban,
          bankReference: card ? null : bankReference(),
          // Serialised by the URL parser: whatever reaches a Location header is plain ASCII.
          returnUrl: new URL(body.return_url).href,
          webhookUrl: body.webhook_url,
          scheduledStatus: 'canceled',
          scheduledFailureCode: 'expired',
          scheduledAt: new Date(now.getTime() + (card ? CHECKOUT_EXPIRY_MS : BANK_TRANSFER_EXPIRY_MS)),
          createdAt: now,
          updatedAt: now,
        });
        return {
          statusCode: 201,
          body: { id, status: 'requires_action', redirect_url: `${request.hostedBaseUrl}/pay/${id}` },
        };
      });
    },

    async getPayment(merchant: MerchantRecord, id: string): Promise<ApiResponse> {
      const payment = await repository.findMerchantPayment(merchant.id, id);
      if (!payment) throw new PspError(404, 'not_found', 'No such payment', 'id');
      return { statusCode: 200, body: paymentDto(payment), replayed: false };
    },

    async createPayout(
      merchant: MerchantRecord,
      request: { idempotencyKey: unknown; body: unknown },
    ): Promise<ApiResponse> {
      const key = requireIdempotencyKey(request.idempotencyKey);
      const body = parseBody(createPayoutBody, request.body);
      const amountMinor = amountMinorOf(body.amount, exponentOf(body.currency));
      const destination = body.destination;
      let iban: string | null = null;
      if (destination.type === 'iban') {
        iban = normalizeIban(destination.iban);
        if (!ibanValid(iban))
          throw invalidRequest('destination.iban is not a valid IBAN', 'destination.iban');
      }
      const fingerprint = sha256Hex(`POST /payouts ${canonicalJson(request.body)}`);
      return idempotent(merchant, key, fingerprint, async (tx) => {
        if (destination.type === 'card') {
          // Card payouts go back to a card that paid this merchant, in that payment's currency.
          const payment = await repository.findMerchantPayment(merchant.id, destination.payment_id, tx);
          if (payment?.method !== 'card' || payment.status !== 'succeeded') {
            throw invalidRequest(
              'destination.payment_id must be a succeeded card payment of this merchant',
              'destination.payment_id',
            );
          }
          if (payment.currency !== body.currency) {
            throw invalidRequest('currency must be the currency of the original card payment', 'currency');
          }
        }
        const now = deps.now();
        const id = randomId('po');
        const declined = payoutDeclined(amountMinor, iban);
        await repository.insertPayout(tx, {
          id,
          merchantId: merchant.id,
          merchantReference: body.merchant_reference,
          amountMinor,
          currency: body.currency,
          destinationType: destination.type,
          paymentId: destination.type === 'card' ? destination.payment_id : null,
          iban,
          holder: destination.type === 'iban' ? destination.holder : null,
          webhookUrl: body.webhook_url,
          status: 'pending',
          scheduledStatus: declined ? 'failed' : 'paid',
          scheduledFailureCode: declined ? 'payout_declined' : null,
          scheduledAt: new Date(now.getTime() + PAYOUT_RESOLUTION_MS),
          createdAt: now,
          updatedAt: now,
        });
        return { statusCode: 201, body: { id, status: 'pending' } };
      });
    },

    async getPayout(merchant: MerchantRecord, id: string): Promise<ApiResponse> {
      const payout = await repository.findMerchantPayout(merchant.id, id);
      if (!payout) throw new PspError(404, 'not_found', 'No such payout', 'id');
      return { statusCode: 200, body: payoutDto(payout), replayed: false };
    },

    banks(query: unknown): ApiResponse {
      const { country } = parseBody(banksQuery, query ?? {});
      return { statusCode: 200, body: { items: banksOf(country) }, replayed: false };
    },

    /** The hosted page's view of a payment, or undefined for an unknown id. */
    async checkout(id: string): Promise<CheckoutView | undefined> {
      const payment = await repository.findPayment(id);
      if (!payment) return undefined;
      return {
        id: payment.id,
        merchantName: (await repository.merchantName(payment.merchantId)) ?? MERCHANT_NAME,
        amount: formatAmount(payment.amountMinor, exponentOf(payment.currency)),
        currency: payment.currency,
        method: payment.method === 'bank_transfer' ? 'bank_transfer' : 'card',
        status: paymentStatus(payment.status),
        step: payment.step,
        failureCode: payment.failureCode,
        cardBrand: payment.cardBrand,
        cardLast4: payment.cardLast4,
        bankReference: payment.bankReference,
        returnUrl: payment.returnUrl,
        collectionAccount: COLLECTION_ACCOUNT,
      };
    },

    /** The card form: only test cards are accepted; the number goes no further than this function. */
    async submitCard(id: string, form: CardForm): Promise<PageOutcome> {
      const payment = await repository.findPayment(id);
      if (!payment) return { kind: 'not_found' };
      if (payment.status !== 'requires_action' || payment.step !== 'card_form') return { kind: 'page' };
      const digits = normalizeCardNumber(form.number);
      const holder = form.holder.trim().slice(0, 100);
      const errors: Partial<Record<CardFormField, string>> = {};
      const card = luhnValid(digits) ? findTestCard(digits) : undefined;
      if (!luhnValid(digits)) errors.number = 'Your card number is invalid.';
      else if (!card) errors.number = 'This is a sandbox: use one of the test cards listed below.';
      if (!expiryValid(form.expiry, deps.now())) errors.expiry = 'Enter a future expiry date as MM/YY.';
      if (!cvcValid(form.cvc)) errors.cvc = 'Enter the 3 or 4 digit security code.';
      if (holder === '') errors.holder = 'Enter the name on the card.';
      if (!card || Object.keys(errors).length > 0) {
        return { kind: 'card_errors', errors, holder, expiry: form.expiry.trim().slice(0, 7) };
      }
      const now = deps.now();
      const cardData = { cardBrand: cardBrand(digits), cardLast4: digits.slice(-4) };
      const from = { statuses: ['requires_action'] as const, step: 'card_form' };
      let set: Partial<PaymentInsert>;
      let status: ReturnStatus | undefined;
      switch (card.outcome) {
        case 'success':
          set = { ...cardData, ...SETTLED, status: 'succeeded' };
          status = 'success';
          break;
        case 'declined':
          set = { ...cardData, ...SETTLED, status: 'failed', failureCode: 'card_declined' };
          status = 'fail';
          break;
        case 'insufficient_funds':
          set = { ...cardData, ...SETTLED, status: 'failed', failureCode: 'insufficient_funds' };
          status = 'fail';
          break;
        case 'challenge':
          // The payment stays requires_action; the page now shows the issuer's challenge.
          set = { ...cardData, step: 'challenge' };
          status = undefined;
          break;
        case 'pending_success':
        case 'pending_failure': {
          const succeeds = card.outcome === 'pending_success';
          set = {
            ...cardData,
            step: null,
            status: 'processing',
            scheduledStatus: succeeds ? 'succeeded' : 'failed',
            scheduledFailureCode: succeeds ? null : 'card_declined',
            scheduledAt: new Date(now.getTime() + PENDING_RESOLUTION_MS),
          };
          status = 'pending';
          break;
        }
      }
      const updated = await transition(id, from, set);
      if (!updated || status === undefined) return { kind: 'page' };
      return { kind: 'return', status, returnUrl: updated.returnUrl };
    },

    /** 3-D Secure: the right code succeeds, anything else fails the payment (protocol doc). */
    async submitChallenge(id: string, code: string): Promise<PageOutcome> {
      const payment = await repository.findPayment(id);
      if (!payment) return { kind: 'not_found' };
      const passed = code.trim() === THREE_DS_CODE;
      const updated = await transition(
        id,
        { statuses: ['requires_action'], step: 'challenge' },
        passed
          ? { ...SETTLED, status: 'succeeded' }
          : { ...SETTLED, status: 'failed', failureCode: 'authentication_failed' },
      );
      if (!updated) return { kind: 'page' };
      return { kind: 'return', status: passed ? 'success' : 'fail', returnUrl: updated.returnUrl };
    },

    /** The cancel button: only a payment still waiting for the player can be canceled. */
    async cancel(id: string): Promise<PageOutcome> {
      const payment = await repository.findPayment(id);
      if (!payment) return { kind: 'not_found' };
      const updated = await transition(
        id,
        { statuses: ['requires_action'] },
        { ...SETTLED, status: 'canceled' },
      );
      if (!updated) return { kind: 'page' };
      return { kind: 'return', status: 'cancel', returnUrl: updated.returnUrl };
    },

    /** Bank transfer: the player says the transfer is on its way; the money has not arrived yet. */
    async confirmTransferSent(id: string): Promise<PageOutcome> {
      const payment = await repository.findPayment(id);
      if (!payment) return { kind: 'not_found' };
      if (payment.method !== 'bank_transfer') return { kind: 'page' };
      const updated = await transition(
        id,
        { statuses: ['requires_action'], step: 'bank_details' },
        {
          status: 'processing',
          step: null,
          scheduledStatus: 'failed',
          scheduledFailureCode: 'transfer_not_received',
          scheduledAt: new Date(payment.createdAt.getTime() + BANK_TRANSFER_EXPIRY_MS),
        },
      );
      if (!updated) return { kind: 'page' };
      return { kind: 'return', status: 'pending', returnUrl: updated.returnUrl };
    },

    /** Sandbox only: pretend the player's transfer reached the collection account. */
    async simulateTransferReceived(id: string): Promise<PageOutcome> {
      const payment = await repository.findPayment(id);
      if (!payment) return { kind: 'not_found' };
      if (payment.method !== 'bank_transfer') return { kind: 'page' };
      const updated = await transition(
        id,
        { statuses: ['requires_action', 'processing'] },
        { ...SETTLED, status: 'succeeded' },
      );
      if (!updated) return { kind: 'page' };
      return { kind: 'return', status: 'success', returnUrl: updated.returnUrl };
    },

    /**
     * One pass of the background work: settles due payments and payouts, then delivers due
     * webhooks (awaiting them), each in bounded batches. Tests call it to run the loop by hand.
     */
    async deliverDue(): Promise<PassSummary> {
      const payments = await drain(resolveDuePayments);
      const payouts = await drain(resolveDuePayouts);
      const webhooks = await deliverWebhooks();
      return { payments, payouts, webhooks };
    },

    /**
     * Starts the loop (app ready): a pass, then a pause of `pollMs`, until stopped; failed passes
     * (the database away) are logged and retried with a growing pause.
     */
    start(pollMs = DEFAULT_POLL_MS): void {
      if (loop?.started) return;
      loop = createBackgroundLoop({
        name: 'sandbox PSP background',
        pollMs,
        pass: () => service.deliverDue(),
        log: deps.log,
      });
      loop.start();
    },

    /** Stops the loop and waits for a pass in flight (app close, before the pool closes). */
    async stop(): Promise<void> {
      await loop?.stop();
    },

    async dashboard(): Promise<DashboardData> {
      const [payments, payouts, deliveries] = await Promise.all([
        repository.recentPayments(DASHBOARD_LIMIT),
        repository.recentPayouts(DASHBOARD_LIMIT),
        repository.recentDeliveries(DASHBOARD_LIMIT),
      ]);
      const attempts = await repository.attemptsOf(deliveries.map((delivery) => delivery.id));
      return {
        payments: payments.map((payment) => ({
          ...paymentDto(payment),
          failure_code: payment.failureCode,
          card: payment.cardLast4 ? `${payment.cardBrand ?? 'card'} •••• ${payment.cardLast4}` : null,
          created_at: payment.createdAt.toISOString(),
        })),
        payouts: payouts.map((payout) => ({
          ...payoutDto(payout),
          failure_code: payout.failureCode,
          destination:
            payout.destinationType === 'card'
              ? `card of ${payout.paymentId ?? '?'}`
              : `IBAN ${payout.iban ? `${payout.iban.slice(0, 4)} •••• ${payout.iban.slice(-4)}` : '?'}`,
          created_at: payout.createdAt.toISOString(),
        })),
        webhooks: deliveries.map((delivery) => ({
          id: String(delivery.id),
          event_id: delivery.eventId,
          type: delivery.eventType,
          object_id: delivery.objectId,
          url: delivery.url,
          status: delivery.status,
          attempts: delivery.attempts,
          next_attempt_at:
            delivery.status === 'pending' || delivery.status === 'sending'
              ? delivery.nextAttemptAt.toISOString()
              : null,
          last_status_code: delivery.lastStatusCode,
          last_error: delivery.lastError,
          delivered_at: delivery.deliveredAt?.toISOString() ?? null,
          attempt_log: attempts
            .filter((attempt) => attempt.deliveryId === delivery.id)
            .map((attempt) => ({
              attempt: attempt.attempt,
              at: attempt.startedAt.toISOString(),
              duration_ms: attempt.durationMs,
              status_code: attempt.statusCode,
              error: attempt.error,
            })),
        })),
      };
    },
  };
  return service;
}

export type SandboxPsp = ReturnType<typeof createSandboxPsp>;
