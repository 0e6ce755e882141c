/**
 * The sandbox's payments and payouts as the merchant sees them (statuses, DTOs), and a change of a
 * payment's state recorded together with the webhook event it causes, in one transaction.
 */
import { randomBytes } from 'node:crypto';
import { currencyExponent, isKnownCurrency } from '@croupier/money/currencies';
import { formatMinor } from '@croupier/money/decimal';
import type { Deps } from '../../deps.ts';
import { parseAmount } from './amount.ts';
import { invalidRequest } from './psp.errors.ts';
import type { PaymentInsert, PaymentRecord, PayoutRecord, PspRepository, Tx } from './psp.repository.ts';

export type PaymentStatus = 'requires_action' | 'processing' | 'succeeded' | 'failed' | 'canceled';
export type PaymentEventType =
  | 'payment.succeeded'
  | 'payment.failed'
  | 'payment.processing'
  | 'payment.canceled';
export type PayoutEventType = 'payout.paid' | 'payout.failed';

/** What every part of the sandbox provider shares, built once by `createSandboxPsp`. */
export interface PspContext {
  deps: Pick<Deps, 'db' | 'config' | 'log' | 'now'>;
  repository: PspRepository;
}

/** A payment that reached a final state: no step left, nothing scheduled. */
export const SETTLED = {
  step: null,
  scheduledStatus: null,
  scheduledFailureCode: null,
  scheduledAt: null,
} as const;

export function randomId(prefix: string): string {
  return `${prefix}_${randomBytes(16).toString('hex')}`;
}

export function exponentOf(currency: string): number {
  if (!isKnownCurrency(currency)) throw invalidRequest(`Unsupported currency: ${currency}`, 'currency');
  return currencyExponent(currency);
}

export function amountMinorOf(amount: string, exponent: number): bigint {
  const parsed = parseAmount(amount, exponent);
  if (!parsed.ok) throw invalidRequest(`amount ${parsed.message}`, 'amount');
  return parsed.minor;
}

export function paymentStatus(status: string): PaymentStatus {
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

export function paymentDto(payment: PaymentRecord) {
  return {
    id: payment.id,
    merchant_reference: payment.merchantReference,
    amount: formatMinor(payment.amountMinor, exponentOf(payment.currency)),
    currency: payment.currency,
    method: payment.method,
    // The merchant's customer, echoed as Stripe's and Adyen's events do: the casino's fast credit
    // (ADR 069) reads whose deposit it is from the event instead of its own table.
    customer: { id: payment.customerId },
    status: payment.status,
    ...(payment.failureCode ? { failure_code: payment.failureCode } : {}),
  };
}

export function payoutDto(payout: PayoutRecord) {
  return {
    id: payout.id,
    merchant_reference: payout.merchantReference,
    amount: formatMinor(payout.amountMinor, exponentOf(payout.currency)),
    currency: payout.currency,
    status: payout.status,
    ...(payout.failureCode ? { failure_code: payout.failureCode } : {}),
  };
}

export function createPaymentState(context: PspContext) {
  const { deps, repository } = context;

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

  return { emit, paymentEventData, paymentEventType, transition };
}

export type PaymentState = ReturnType<typeof createPaymentState>;
