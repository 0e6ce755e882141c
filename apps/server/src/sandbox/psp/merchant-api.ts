/**
 * The provider's merchant API: a bearer key per merchant, payments and payouts created once per
 * Idempotency-Key (a replay gets the stored first response), and the banks of a country.
 */
import { createHash, randomBytes } from 'node:crypto';
import { banksOf, ibanValid, normalizeIban } from './iban.ts';
import {
  amountMinorOf,
  exponentOf,
  type PspContext,
  paymentDto,
  payoutDto,
  randomId,
} from './payment-state.ts';
import { invalidRequest, PspError } from './psp.errors.ts';
import type { MerchantRecord, Tx } from './psp.repository.ts';
import {
  banksQuery,
  createPaymentBody,
  createPayoutBody,
  idempotencyKey as idempotencyKeySchema,
  parseBody,
} from './psp.schemas.ts';

/** The merchant the platform is at this provider. */
export const MERCHANT_NAME = 'Croupier';

/** Payouts settle "a moment later". */
export const PAYOUT_RESOLUTION_MS = 3_000;
/** A checkout nobody completes is canceled (failure_code `expired`) after a day. */
export const CHECKOUT_EXPIRY_MS = 24 * 3_600_000;
/** A bank transfer that never arrives: canceled, or failed once the player said it was sent. */
export const BANK_TRANSFER_EXPIRY_MS = 7 * 24 * 3_600_000;

export interface ApiResponse {
  statusCode: number;
  body: unknown;
  /** True when an Idempotency-Key replay returned the stored first response. */
  replayed: boolean;
}

/** Sandbox payout rule: an IBAN ending in 0000 or an amount ending in .13 is declined by the bank. */
export function payoutDeclined(amountMinor: bigint, iban: string | null): boolean {
  return amountMinor % 100n === 13n || iban?.endsWith('0000') === true;
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

export function createMerchantApi(
  context: PspContext & { credentials: { apiKey: string; webhookSecret: string } },
) {
  const { deps, repository, credentials } = context;

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

  return {
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
  };
}
