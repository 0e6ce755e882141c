/**
 * The hosted checkout page's side of a payment: what the page shows, and what the player does on
 * it (a test card, the 3-D Secure challenge, cancel, a bank transfer said sent or, sandbox only,
 * received). Each action moves the payment with its webhook event (`payment-state.ts`).
 */

import { formatMinor } from '@croupier/money/decimal';
import {
  cardBrand,
  cvcValid,
  expiryValid,
  findTestCard,
  luhnValid,
  normalizeCardNumber,
  THREE_DS_CODE,
} from './cards.ts';
import { COLLECTION_ACCOUNT } from './iban.ts';
import { BANK_TRANSFER_EXPIRY_MS, MERCHANT_NAME } from './merchant-api.ts';
import {
  exponentOf,
  type PaymentState,
  type PaymentStatus,
  type PspContext,
  paymentStatus,
  SETTLED,
} from './payment-state.ts';
import type { PaymentInsert } from './psp.repository.ts';
import type { ReturnStatus } from './return-url.ts';

/** "Pending, then …" test cards settle this long after the card is submitted. */
export const PENDING_RESOLUTION_MS = 5_000;

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

export function createCheckout(context: PspContext & { state: PaymentState }) {
  const { deps, repository } = context;
  const { transition } = context.state;

  return {
    /** The hosted page's view of a payment, or undefined for an unknown id. */
    async checkout(id: string): Promise<CheckoutView | undefined> {
      const payment = await repository.findPayment(id);
      if (!payment) return undefined;
      return {
        id: payment.id,
        merchantName: (await repository.merchantName(payment.merchantId)) ?? MERCHANT_NAME,
        amount: formatMinor(payment.amountMinor, exponentOf(payment.currency)),
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
  };
}
