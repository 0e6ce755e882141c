/**
 * The cashier's side of docs/payment-provider-protocol.md: a `PaymentProvider` interface and its
 * HTTP adapter. The sandbox provider and a real one are both reached through it, over HTTP only.
 * Calls that create something carry an Idempotency-Key chosen from our own record (`dep_<id>`,
 * `wd_<id>`), so a retry after a timeout can never create a second payment or payout.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';

export interface CreatePaymentInput {
  merchantReference: string;
  amount: string;
  currency: string;
  method: 'card' | 'bank_transfer';
  customer: { id: string; email: string | null };
  requisites?: { iban: string };
  returnUrl: string;
  webhookUrl: string;
}

export interface CreatePayoutInput {
  merchantReference: string;
  amount: string;
  currency: string;
  destination: { type: 'card'; paymentId: string } | { type: 'iban'; iban: string; holder: string };
  webhookUrl: string;
}

export interface ProviderBank {
  id: string;
  name: string;
  bic: string;
  country: string;
}

export interface PaymentProvider {
  createPayment(
    input: CreatePaymentInput,
    idempotencyKey: string,
  ): Promise<{ id: string; status: string; redirectUrl: string }>;
  createPayout(input: CreatePayoutInput, idempotencyKey: string): Promise<{ id: string; status: string }>;
  listBanks(country: string): Promise<ProviderBank[]>;
}

/** The provider could not be reached or failed on its side: the outcome of the call is unknown. */
export class ProviderUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ProviderUnavailableError';
  }
}

/** The provider answered and refused (4xx): retrying the same request would be refused again. */
export class ProviderRefusedError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = 'ProviderRefusedError';
    this.status = status;
    this.code = code;
  }
}

/** Bounds: each attempt times out, and a call makes at most this many attempts. */
const ATTEMPT_TIMEOUT_MS = 5_000;
const MAX_ATTEMPTS = 3;
const BACKOFF_BASE_MS = 100;
/** A provider answer larger than this is not one of ours. */
const MAX_RESPONSE_BYTES = 256 * 1024;
const MAX_BANKS = 500;

const errorBody = z.object({
  error: z.object({ code: z.string().max(64), message: z.string().max(1000).optional() }),
});
const paymentCreated = z.object({
  id: z.string().min(1).max(200),
  status: z.string().max(40),
  redirect_url: z.url({ protocol: /^https?$/ }).max(2048),
});
const payoutCreated = z.object({ id: z.string().min(1).max(200), status: z.string().max(40) });
const banksBody = z.object({
  items: z
    .array(
      z.object({
        id: z.string().max(100),
        name: z.string().max(200),
        bic: z.string().max(20),
        country: z.string().max(2),
      }),
    )
    .max(MAX_BANKS),
});

export function createHttpPaymentProvider(options: {
  baseUrl: string;
  apiKey: string;
  attemptTimeoutMs?: number;
}): PaymentProvider {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const attemptTimeoutMs = options.attemptTimeoutMs ?? ATTEMPT_TIMEOUT_MS;

  async function call(
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    idempotencyKey: string | undefined,
  ): Promise<unknown> {
    let lastError: unknown;
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
      if (attempt > 1) await sleep(BACKOFF_BASE_MS * 2 ** (attempt - 2) + Math.floor(Math.random() * 50));
      let response: Response;
      try {
        response = await fetch(`${baseUrl}${path}`, {
          method,
          headers: {
            authorization: `Bearer ${options.apiKey}`,
            accept: 'application/json',
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          signal: AbortSignal.timeout(attemptTimeoutMs),
          redirect: 'error',
        });
      } catch (error) {
        // Connection refused, reset or timed out: the same key makes another try safe.
        lastError = error;
        continue;
      }
      const text = await response.text();
      if (text.length > MAX_RESPONSE_BYTES) {
        throw new ProviderUnavailableError(`provider answer of ${text.length} bytes`);
      }
      if (response.status >= 500 || response.status === 429) {
        lastError = new Error(`provider answered ${response.status}`);
        continue;
      }
      let json: unknown;
      try {
        json = text === '' ? null : JSON.parse(text);
      } catch (error) {
        throw new ProviderUnavailableError('provider answered malformed JSON', { cause: error });
      }
      if (response.status >= 400) {
        const parsed = errorBody.safeParse(json);
        throw new ProviderRefusedError(
          response.status,
          parsed.success ? parsed.data.error.code : `http_${response.status}`,
          parsed.success ? (parsed.data.error.message ?? parsed.data.error.code) : `HTTP ${response.status}`,
        );
      }
      return json;
    }
    throw new ProviderUnavailableError(`provider unreachable after ${MAX_ATTEMPTS} attempts`, {
      cause: lastError,
    });
  }

  function parse<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
    const parsed = schema.safeParse(value);
    if (!parsed.success) throw new ProviderUnavailableError(`provider answered an unexpected ${what}`);
    return parsed.data;
  }

  return {
    async createPayment(input, idempotencyKey) {
      const json = await call(
        'POST',
        '/api/v1/payments',
        {
          merchant_reference: input.merchantReference,
          amount: input.amount,
          currency: input.currency,
          method: input.method,
          customer: {
            id: input.customer.id,
            ...(input.customer.email ? { email: input.customer.email } : {}),
          },
          ...(input.requisites ? { requisites: input.requisites } : {}),
          return_url: input.returnUrl,
          webhook_url: input.webhookUrl,
        },
        idempotencyKey,
      );
      const payment = parse(paymentCreated, json, 'payment');
      return { id: payment.id, status: payment.status, redirectUrl: payment.redirect_url };
    },

    async createPayout(input, idempotencyKey) {
      const destination =
        input.destination.type === 'card'
          ? { type: 'card', payment_id: input.destination.paymentId }
          : { type: 'iban', iban: input.destination.iban, holder: input.destination.holder };
      const json = await call(
        'POST',
        '/api/v1/payouts',
        {
          merchant_reference: input.merchantReference,
          amount: input.amount,
          currency: input.currency,
          destination,
          webhook_url: input.webhookUrl,
        },
        idempotencyKey,
      );
      return parse(payoutCreated, json, 'payout');
    },

    async listBanks(country) {
      const json = await call(
        'GET',
        `/api/v1/banks?country=${encodeURIComponent(country)}`,
        undefined,
        undefined,
      );
      return parse(banksBody, json, 'bank list').items;
    },
  };
}
