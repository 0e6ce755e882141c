/**
 * `POST /webhooks/psp`: the provider's signed events about our deposits and withdrawals. Each one
 * is applied with its posting, and stored, in one transaction under the row lock of the record it
 * is about, so a status and the ledger can never disagree, whatever the order or number of
 * deliveries; a replay is recognised by the event id and changes nothing.
 */
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { rowIdOf } from '../../lib/row-id.ts';
import { verifyWebhookSignature } from '../../lib/signature.ts';
import { parseAmount } from '../wallet/typed-amount.ts';
import { depositLedgerArguments } from '../wallet/wallet.service.ts';
import {
  type CashierQueries,
  type EventStatusChange,
  isDepositCreditConflict,
  type TransactionRecord,
  type TransactionType,
  type Tx,
} from './cashier.repository.ts';
import type { CashierContext, CreditedDepositForCode, CreditedDepositOffer } from './cashier-context.ts';

const webhookEvent = z.object({
  id: z.string().min(1).max(200),
  type: z.string().min(1).max(64),
  created: z.number().int().min(0).max(1e11),
  data: z.object({
    object: z.enum(['payment', 'payout']),
    // Printable ASCII and short: it becomes part of a ledger idempotency key (200 characters max).
    id: z.string().regex(/^[\x21-\x7e]{1,120}$/),
    merchant_reference: z.string().max(200),
    amount: z.string().max(40),
    currency: z.string().regex(/^[A-Z]{3}$/),
    status: z.string().max(40),
    failure_code: z.string().max(64).nullish(),
    /**
     * The customer we named when we created the payment, echoed (payments only). A claim the credit
     * checks against the deposit under its lock, never an authority: a malformed one is ignored.
     */
    customer: z
      .object({ id: z.string().max(200) })
      .optional()
      .catch(undefined),
  }),
});
type WebhookEvent = z.infer<typeof webhookEvent>;

export interface WebhookAnswer {
  status: number;
  body: { received: boolean; duplicate?: boolean; error?: string };
}

/** Thrown inside the webhook transaction to roll it back (nothing stored) and answer a 4xx. */
class WebhookRefusal extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string) {
    super(code);
    this.status = status;
    this.code = code;
  }
}

/** Thrown when the event id was already stored: rolls this delivery back, answers 2xx. */
class WebhookReplay extends Error {}

interface Applied {
  outcome: 'applied' | 'ignored';
  note: string | null;
  /** The transaction's new status, written with the event record (only if the event is new). */
  change?: EventStatusChange;
}

export function createWebhooks(
  context: Pick<CashierContext, 'deps' | 'repository' | 'wallet' | 'psp' | 'exponents' | 'depositOffers'>,
) {
  const { deps, repository, wallet, psp, exponents, depositOffers } = context;

  async function applyPaymentEvent(
    tx: Tx,
    event: WebhookEvent,
    record: TransactionRecord,
    log: FastifyBaseLogger,
  ): Promise<Applied> {
    const failureCode = event.data.failure_code ?? null;
    switch (event.type) {
      case 'payment.succeeded': {
        if (record.status === 'succeeded') return { outcome: 'ignored', note: 'already_succeeded' };
        if (record.status === 'failed' || record.status === 'canceled') {
          // The provider holds the money: its success wins over our earlier view (e.g. a timeout
          // made us mark the deposit failed, or a failed event was delivered before this one).
          log.warn(
            { transactionId: String(record.id), previous: record.status },
            'payment succeeded after a failure: crediting',
          );
        }
        await wallet.creditDeposit(
          {
            playerId: record.playerId,
            currency: record.currency,
            amountMinor: record.amountMinor,
            paymentId: event.data.id,
          },
          { tx },
        );
        if (record.campaignOfferId !== null && record.campaignOfferId > 0 && depositOffers) {
          // Deposit offer (ADR 021): the grant job exists iff this credit commits; a replayed
          // event conflicts on its id and rolls back, job included.
          const payload: CreditedDepositOffer = {
            transactionId: String(record.id),
            playerId: String(record.playerId),
            offerId: String(record.campaignOfferId),
            currency: record.currency,
            amountMinor: String(record.amountMinor),
          };
          await deps.jobs.enqueue(depositOffers.creditedTask, payload, { tx });
        }
        if (record.signUpCode && depositOffers?.signUpCodeTask) {
          // The sign-up promo code at the first deposit (ADR 021): enqueued in the credit
          // transaction like the offer's grant, so a replayed event enqueues nothing.
          const payload: CreditedDepositForCode = {
            transactionId: String(record.id),
            playerId: String(record.playerId),
            currency: record.currency,
            amountMinor: String(record.amountMinor),
          };
          await deps.jobs.enqueue(depositOffers.signUpCodeTask, payload, { tx });
        }
        return { outcome: 'applied', note: null, change: { status: 'succeeded', failureCode: null } };
      }
      case 'payment.failed':
      case 'payment.canceled': {
        if (record.status === 'succeeded') {
          log.warn(
            { transactionId: String(record.id), type: event.type },
            'payment event after success ignored',
          );
          return { outcome: 'ignored', note: 'after_success' };
        }
        if (record.status === 'failed' || record.status === 'canceled')
          return { outcome: 'ignored', note: 'already_final' };
        return {
          outcome: 'applied',
          note: null,
          change: {
            status: event.type === 'payment.failed' ? 'failed' : 'canceled',
            failureCode: failureCode ?? (event.type === 'payment.failed' ? 'failed' : 'canceled'),
          },
        };
      }
      case 'payment.processing': {
        if (record.status !== 'pending') return { outcome: 'ignored', note: `status_${record.status}` };
        return { outcome: 'applied', note: null, change: { status: 'processing' } };
      }
      default:
        return { outcome: 'ignored', note: 'unknown_type' };
    }
  }

  async function applyPayoutEvent(
    tx: Tx,
    event: WebhookEvent,
    record: TransactionRecord,
    log: FastifyBaseLogger,
  ): Promise<Applied> {
    const movement = {
      playerId: record.playerId,
      currency: record.currency,
      amountMinor: record.amountMinor,
      withdrawalId: record.id,
    };
    const inFlight = record.status === 'approved' || record.status === 'processing';
    switch (event.type) {
      case 'payout.paid': {
        if (record.status === 'paid') return { outcome: 'ignored', note: 'already_paid' };
        if (!inFlight) {
          // Funds were already returned to the player: this needs a person, not a silent posting.
          log.error(
            { transactionId: String(record.id), status: record.status },
            'payout paid after the withdrawal ended: reconcile',
          );
          return { outcome: 'ignored', note: `paid_while_${record.status}` };
        }
        await wallet.payoutWithdrawal(movement, { tx });
        return { outcome: 'applied', note: null, change: { status: 'paid', failureCode: null } };
      }
      case 'payout.failed': {
        if (record.status === 'paid') {
          log.error({ transactionId: String(record.id) }, 'payout failed after it was paid: reconcile');
          return { outcome: 'ignored', note: 'failed_after_paid' };
        }
        if (!inFlight) return { outcome: 'ignored', note: `status_${record.status}` };
        // Compensation of the hold: the money goes back to the player's main balance.
        await wallet.releaseWithdrawal(movement, { tx });
        return {
          outcome: 'applied',
          note: null,
          change: { status: 'failed', failureCode: event.data.failure_code ?? 'payout_failed' },
        };
      }
      default:
        return { outcome: 'ignored', note: 'unknown_type' };
    }
  }

  /** Our record an event is about: by the provider's id, else by our own reference in it. */
  async function lockTarget(repo: CashierQueries, event: WebhookEvent): Promise<TransactionRecord> {
    const isPayment = event.data.object === 'payment';
    const type: TransactionType = isPayment ? 'deposit' : 'withdrawal';
    let record = isPayment
      ? await repo.lockByProviderPayment(event.data.id)
      : await repo.lockByProviderPayout(event.data.id);
    if (!record) {
      const match = (isPayment ? /^dep_([1-9][0-9]{0,17})$/ : /^wd_([1-9][0-9]{0,17})$/).exec(
        event.data.merchant_reference,
      );
      if (match?.[1]) record = await repo.lockById(BigInt(match[1]));
      if (!record || record.type !== type) throw new WebhookRefusal(404, 'unknown_transaction');
      const known = isPayment ? record.providerPaymentId : record.providerPayoutId;
      // Our reference with another provider id than the one we stored is not our transaction.
      if (known !== null && known !== event.data.id) throw new WebhookRefusal(409, 'reference_mismatch');
      if (known === null) {
        await repo.updateTransaction(
          record.id,
          isPayment ? { providerPaymentId: event.data.id } : { providerPayoutId: event.data.id },
          deps.now(),
        );
      }
    }
    if (record.type !== type) throw new WebhookRefusal(404, 'unknown_transaction');
    if (!(await amountIsOurs(event, record))) throw new WebhookRefusal(422, 'amount_mismatch');
    return record;
  }

  /** The event's amount in minor units of its currency; null if we cannot read it so. */
  async function eventAmountMinor(event: WebhookEvent): Promise<bigint | null> {
    const exponent = (await exponents()).get(event.data.currency);
    const amount = exponent === undefined ? null : parseAmount(event.data.amount, exponent);
    return amount?.ok ? amount.amountMinor : null;
  }

  /** The provider's amount must be ours to the minor unit, in our currency. */
  async function amountIsOurs(
    event: WebhookEvent,
    record: { currency: string; amountMinor: bigint },
  ): Promise<boolean> {
    return event.data.currency === record.currency && (await eventAmountMinor(event)) === record.amountMinor;
  }

  /** The player the event names (`data.customer.id`, our player id as we sent it), if it is one. */
  function claimedPlayer(event: WebhookEvent): bigint | null {
    return rowIdOf(event.data.customer?.id);
  }

  /**
   * The common case in one round trip instead of five: a `payment.succeeded` about a deposit, for
   * the player the event names. One call of `cashier_credit_deposit` (its own transaction) finds
   * the deposit by the provider's payment id and locks it, checks it is that player's deposit of
   * the event's currency and amount with no offer or sign-up code waiting for it, applies the same
   * status rule as `applyPaymentEvent`, stores the event once and posts the same ledger credit as
   * `wallet.creditDeposit`. Null: not the common case (no player named, an amount we cannot read,
   * anything the function does not find as claimed, a ledger conflict …) with nothing written, and
   * the caller takes the general path, which answers and logs those cases as it always has.
   */
  async function creditKnownDeposit(
    event: WebhookEvent,
    log: FastifyBaseLogger,
  ): Promise<WebhookAnswer | null> {
    const playerId = claimedPlayer(event);
    if (playerId === null) return null;
    const amountMinor = await eventAmountMinor(event);
    if (amountMinor === null) return null;
    const credit = { playerId, currency: event.data.currency, amountMinor, paymentId: event.data.id };
    const ledger = depositLedgerArguments(credit);
    if (!ledger) return null;
    let answer: Awaited<ReturnType<typeof repository.creditDepositAtOnce>>;
    try {
      answer = await repository.creditDepositAtOnce({
        ...credit,
        event: {
          eventId: event.id,
          type: event.type,
          eventCreated: BigInt(event.created),
          payload: event,
          now: deps.now(),
        },
        ledger,
      });
    } catch (error) {
      // Undone in full; the general path meets the same conflict and reports it as it always has.
      if (isDepositCreditConflict(error)) return null;
      throw error;
    }
    if (answer.result === 'fallback') return null;
    const transactionId = answer.transaction_id;
    if (answer.previous === 'failed' || answer.previous === 'canceled') {
      // As applyPaymentEvent: the provider holds the money, its success wins over our earlier view.
      log.warn({ transactionId, previous: answer.previous }, 'payment succeeded after a failure: crediting');
    }
    if (answer.result === 'duplicate') {
      log.info('webhook replay: already recorded');
      return { status: 200, body: { received: true, duplicate: true } };
    }
    const applied: Applied =
      answer.result === 'applied'
        ? { outcome: 'applied', note: null, change: { status: 'succeeded', failureCode: null } }
        : { outcome: 'ignored', note: answer.note };
    log.info({ transactionId, ...applied }, 'webhook recorded');
    return { status: 200, body: { received: true } };
  }

  return {
    /**
     * `POST /webhooks/psp`: verifies the signature over the raw bytes, then in ONE transaction
     * locks our record, checks amount and currency, applies the event with its posting and stores
     * the event id (a replay conflicts there and is rolled back). 2xx only once that committed; 4xx
     * (nothing stored) for a bad signature, a stale timestamp, malformed JSON or an event about no
     * transaction of ours. The common case, `payment.succeeded` for a deposit of the player
     * the event names, takes a shorter road to the same result (`creditKnownDeposit`: one
     * statement that is its own transaction); anything else, or anything unusual it meets, comes
     * here.
     */
    async receiveWebhook(
      rawBody: Buffer,
      signature: string | undefined,
      log: FastifyBaseLogger = deps.log,
    ): Promise<WebhookAnswer> {
      if (!psp) return { status: 503, body: { received: false, error: 'provider_not_configured' } };
      const check = verifyWebhookSignature(
        psp.webhookSecret,
        signature,
        rawBody,
        Math.floor(deps.now().getTime() / 1000),
      );
      if (!check.ok) {
        log.warn({ reason: check.reason }, 'webhook refused: signature');
        return { status: 401, body: { received: false, error: `signature_${check.reason}` } };
      }
      let parsed: ReturnType<typeof webhookEvent.safeParse>;
      try {
        parsed = webhookEvent.safeParse(JSON.parse(rawBody.toString('utf8')));
      } catch {
        log.warn('webhook refused: malformed JSON');
        return { status: 400, body: { received: false, error: 'malformed_body' } };
      }
      if (!parsed.success) {
        log.warn({ issues: parsed.error.issues.slice(0, 5) }, 'webhook refused: unexpected shape');
        return { status: 400, body: { received: false, error: 'malformed_event' } };
      }
      const event = parsed.data;
      const eventLog = log.child({ eventId: event.id, eventType: event.type, objectId: event.data.id });
      if (event.type === 'payment.succeeded' && event.data.object === 'payment') {
        const answer = await creditKnownDeposit(event, eventLog);
        if (answer) return answer;
      }
      try {
        return await repository.transaction(async (repo, tx) => {
          const record = await lockTarget(repo, event);
          const applied =
            event.data.object === 'payment'
              ? await applyPaymentEvent(tx, event, record, eventLog)
              : await applyPayoutEvent(tx, event, record, eventLog);
          // Stored last, with its outcome: a replay (same id) conflicts here and rolls back whatever
          // it did. Deliveries about one record queue on its row lock, so a replay always sees the
          // first delivery committed and finds its id.
          const fresh = await repo.recordEvent(
            {
              eventId: event.id,
              type: event.type,
              objectId: event.data.id,
              eventCreated: BigInt(event.created),
              payload: event,
              transactionId: record.id,
              outcome: applied.outcome,
              note: applied.note,
              now: deps.now(),
            },
            applied.change ?? null,
          );
          if (!fresh) throw new WebhookReplay();
          eventLog.info({ transactionId: String(record.id), ...applied }, 'webhook recorded');
          return { status: 200, body: { received: true } };
        });
      } catch (error) {
        if (error instanceof WebhookReplay) {
          eventLog.info('webhook replay: already recorded');
          return { status: 200, body: { received: true, duplicate: true } };
        }
        if (error instanceof WebhookRefusal) {
          eventLog.warn({ code: error.code }, 'webhook refused: nothing recorded');
          return { status: error.status, body: { received: false, error: error.code } };
        }
        throw error;
      }
    },
  };
}
