/**
 * The cashier: payment methods, deposits through the payment provider (hosted page, signed
 * webhooks), withdrawals held at request time and paid out after an operator's approval, deposit
 * limits and history. Money moves only through the wallet service; every state change of a
 * transaction happens under a row lock in the same database transaction as the posting it causes,
 * so a status and the ledger can never disagree, whatever the order or number of deliveries.
 */
import { createHash } from 'node:crypto';
import type {
  DepositLimitOutput,
  RequisiteField,
  RequisitesInput,
  TransactionOutput,
} from '@croupier/contract/cashier/common';
import type { BankOutput } from '@croupier/contract/cashier/get-banks';
import type { PaymentMethodOutput } from '@croupier/contract/cashier/payment-methods';
import type { Locale } from '@croupier/contract/locales';
import type { Money } from '@croupier/contract/params';
import { cardHolderField, ibanField } from '@croupier/contract/validation/fields';
import { formatValidationMessage } from '@croupier/contract/validation/messages';
import { formatSumBound } from '@croupier/contract/validation/rules';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { linkOrigin } from '../../lib/public-origin.ts';
import { sandboxPspCredentials } from '../../sandbox/psp/credentials.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import type { CmsService } from '../cms/cms.service.ts';
import type { MetadataService } from '../metadata/metadata.service.ts';
import { formatMinor, parseAmount } from '../wallet/money.ts';
import { depositLedgerArguments, type WalletService } from '../wallet/wallet.service.ts';
import {
  type CashierQueries,
  createCashierRepository,
  type DepositGlance,
  type DepositLimitRecord,
  type EventStatusChange,
  isDepositCreditConflict,
  type LimitPeriod,
  type MethodLimitRecord,
  type MethodRecord,
  type ProviderMethod,
  type TransactionRecord,
  type TransactionType,
  type Tx,
} from './cashier.repository.ts';
import {
  effectiveLimit,
  PENDING_DEPOSIT_COUNTS_MS,
  periodWindow,
  planLimitChange,
  waitingChange,
} from './deposit-limits.ts';
import { type FlowStep, runStep } from './flow-step.ts';
import {
  createHttpPaymentProvider,
  type PaymentProvider,
  type ProviderBank,
  ProviderRefusedError,
  ProviderUnavailableError,
} from './payment-provider.ts';
import { verifyWebhookSignature } from './webhook-signature.ts';

export interface PspSettings {
  baseUrl: string;
  apiKey: string;
  webhookSecret: string;
}

/**
 * The provider the cashier talks to: PSP_BASE_URL, PSP_API_KEY and PSP_WEBHOOK_SECRET together, or
 * with none of them and SANDBOX on, the sandbox provider mounted in this server. None and no
 * sandbox: no provider (payments answer BillingUnavailableException). Some but not all: a boot error.
 */
export function resolvePspSettings(config: Config): PspSettings | null {
  const given = [config.PSP_BASE_URL, config.PSP_API_KEY, config.PSP_WEBHOOK_SECRET].filter(Boolean).length;
  if (given === 0) return config.SANDBOX ? sandboxPspCredentials(config) : null;
  if (given !== 3 || !config.PSP_BASE_URL || !config.PSP_API_KEY || !config.PSP_WEBHOOK_SECRET) {
    throw new Error('PSP_BASE_URL, PSP_API_KEY, PSP_WEBHOOK_SECRET: set all three or none');
  }
  return {
    baseUrl: config.PSP_BASE_URL.replace(/\/+$/, ''),
    apiKey: config.PSP_API_KEY,
    webhookSecret: config.PSP_WEBHOOK_SECRET,
  };
}

/** Requisites each provider method asks for, and the spec §5 rule each is checked with. */
const REQUISITES: Record<ProviderMethod, { deposit: RequisiteField[]; withdrawal: RequisiteField[] }> = {
  card: { deposit: [], withdrawal: [] },
  bank_transfer: {
    deposit: [{ name: 'iban', rule: 'iban', required: false }],
    withdrawal: [
      { name: 'iban', rule: 'iban', required: true },
      { name: 'holder', rule: 'cardHolder', required: true },
      { name: 'bank_id', rule: 'text', required: false },
    ],
  },
};

const BANKS_TTL_MS = 10 * 60 * 1000;
const BANKS_CACHE_MAX_COUNTRIES = 64;
const OPERATOR_PAGE_MAX = 100;
/** Stuck approved payouts: asked again once a minute, a few at a time per pass and node. */
export const STUCK_PAYOUT_RETRY_MS = 60_000;
const STUCK_PAYOUT_POLL_MS = 30_000;
const STUCK_PAYOUT_BATCH = 20;
/** Withdrawal statuses an operator lists. */
export const OPERATOR_WITHDRAWAL_STATUSES = [
  'pending',
  'approved',
  'processing',
  'paid',
  'failed',
  'rejected',
  'canceled',
] as const;

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

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** `FR7630006000011234567890189` → `FR76 •••• 0189`: enough to recognise, not to reuse. */
export function maskIban(iban: string): string {
  return iban.length <= 8 ? '••••' : `${iban.slice(0, 4)} •••• ${iban.slice(-4)}`;
}

function invalidField(
  field: string,
  code: string,
  message?: string,
  values?: Record<string, string | number>,
) {
  return new AppError('InvalidParameterException', {
    code: 'invalid_parameter',
    fields: { [field]: code },
    ...(message ? { message } : {}),
    ...(values ? { values } : {}),
  });
}

interface PlayerFacts {
  currency: string;
  email: string | null;
  loginConfirmed: boolean;
  verified: boolean;
  kycBlock: boolean;
  countryCode: string | null;
}

export function createCashierService(
  deps: Pick<Deps, 'db' | 'config' | 'log' | 'now' | 'jobs'>,
  collaborators: {
    wallet: WalletService;
    accounts: AccountsService;
    cms: CmsService;
    metadata: MetadataService;
  },
  options: { provider?: PaymentProvider | null; psp?: PspSettings | null } = {},
) {
  const { wallet, accounts, cms, metadata } = collaborators;
  const repository = createCashierRepository(deps.db);
  const psp = options.psp === undefined ? resolvePspSettings(deps.config) : options.psp;
  const provider: PaymentProvider | null =
    options.provider !== undefined
      ? options.provider
      : psp
        ? createHttpPaymentProvider({ baseUrl: psp.baseUrl, apiKey: psp.apiKey })
        : null;
  const banksCache = new Map<string, { at: number; items: ProviderBank[] }>();

  function origin(): string {
    return (deps.config.PUBLIC_URL ?? `http://127.0.0.1:${deps.config.PORT}`).replace(/\/+$/, '');
  }

  function siteDomain(): string {
    return new URL(origin()).host;
  }

  function requireProvider(): PaymentProvider {
    if (!provider) {
      throw new AppError('BillingUnavailableException', {
        code: 'provider_not_configured',
        message: 'cashier.provider_unavailable',
      });
    }
    return provider;
  }

  async function facts(playerId: bigint, locale: Locale): Promise<PlayerFacts> {
    const info = await accounts.getInfo(playerId, locale);
    return {
      currency: info.currency,
      email: info.login_type === 'email' ? info.login : null,
      loginConfirmed: info.is_login_confirmed,
      verified: info.is_verified,
      kycBlock: info.is_kyc_block_enabled,
      countryCode: info.country_code,
    };
  }

  /**
   * Before the first money fact, writes the currency the player sees (possibly the site default)
   * onto the account, so a later change of the site default cannot show their money in another
   * currency; the wallet's lock then keeps it.
   */
  async function pinCurrency(playerId: bigint, currency: string): Promise<void> {
    if (await wallet.hasMoneyMovements(playerId)) return;
    try {
      await accounts.setCurrency(playerId, currency);
    } catch (error) {
      // A concurrent request of the same player pinned it a moment ago: that is all we wanted.
      if (!(error instanceof AppError && error.fields?.currency === 'currencyLocked')) throw error;
    }
  }

  async function exponents(): Promise<Map<string, number>> {
    return new Map((await metadata.currencies()).map((c) => [c.code, c.exponent]));
  }

  function moneyOf(amountMinor: bigint, currency: string, exponent: number): Money {
    return { amount: formatMinor(amountMinor, exponent), currency };
  }

  /** A bound as the spec §5 sum message shows it ("5,000.00 EUR"). */
  function boundText(amountMinor: bigint, currency: string, exponent: number): string {
    return formatSumBound(formatMinor(amountMinor, exponent), currency);
  }

  function toOutput(record: TransactionRecord, exponentByCode: Map<string, number>): TransactionOutput {
    const requisites: Record<string, string> = {};
    for (const [key, value] of Object.entries(record.requisites)) {
      requisites[key] = key === 'iban' ? maskIban(value) : value;
    }
    return {
      id: Number(record.id),
      type: record.type,
      method: record.method,
      status: record.status,
      amount: moneyOf(record.amountMinor, record.currency, exponentByCode.get(record.currency) ?? 2),
      requisites,
      created_at: record.createdAt.toISOString(),
      updated_at: record.updatedAt.toISOString(),
      domain: record.domain,
      failure_code: record.failureCode,
      can_cancel: record.type === 'withdrawal' && record.status === 'pending',
    };
  }

  function findLimit(method: MethodRecord, currency: string, direction: 'deposit' | 'withdrawal') {
    return method.limits.find((limit) => limit.currency === currency && limit.direction === direction);
  }

  async function methodFor(
    sysname: string,
    currency: string,
    direction: 'deposit' | 'withdrawal',
  ): Promise<{ method: MethodRecord; limit: MethodLimitRecord }> {
    const method = (await repository.listActiveMethods()).find((m) => m.sysname === sysname);
    const limit = method ? findLimit(method, currency, direction) : undefined;
    if (!method || !limit) throw invalidField('method', 'unsupported', 'cashier.method_unsupported');
    return { method, limit };
  }

  /** The amount as typed → minor units, or the spec §5 sum error showing both bounds. */
  function readAmount(
    text: string,
    currency: string,
    exponent: number,
    limit: MethodLimitRecord,
    locale: Locale,
    outOfBounds: 'field' | 'withdrawal',
  ): bigint {
    const parsed = parseAmount(text, exponent);
    const inBounds =
      parsed.ok && parsed.amountMinor >= limit.minMinor && parsed.amountMinor <= limit.maxMinor;
    if (inBounds) return parsed.amountMinor;
    const min = boundText(limit.minMinor, currency, exponent);
    const max = boundText(limit.maxMinor, currency, exponent);
    if (parsed.ok && outOfBounds === 'withdrawal') {
      throw new AppError('WithdrawalLimitsExceededException', {
        code: parsed.amountMinor < limit.minMinor ? 'below_min' : 'above_max',
        message: 'cashier.withdrawal_limits',
        values: { min, max },
        data: {
          min: moneyOf(limit.minMinor, currency, exponent),
          max: moneyOf(limit.maxMinor, currency, exponent),
        },
      });
    }
    return throwSumRange(min, max, locale);
  }

  function throwSumRange(min: string, max: string, locale: Locale): never {
    throw new AppError('InvalidParameterException', {
      code: 'invalid_parameter',
      fields: { amount: 'sumRange' },
      message: formatValidationMessage('sumRange', { min, max }, locale),
    });
  }

  /** Checks the requisites a method asks for (spec §5 rules); returns them normalized. */
  function readRequisites(
    fields: RequisiteField[],
    given: RequisitesInput | undefined,
  ): Record<string, string> {
    const out: Record<string, string> = {};
    const problems: Record<string, string> = {};
    for (const field of fields) {
      const raw = given?.[field.name]?.trim() ?? '';
      if (raw === '') {
        if (field.required) problems[field.name] = 'required';
        continue;
      }
      // The spec §5 field schemas the web's forms use too: what the form accepts, we accept.
      const schema =
        field.rule === 'iban'
          ? ibanField()
          : field.rule === 'cardHolder'
            ? cardHolderField({ max: 100 })
            : null;
      if (schema) {
        const parsed = schema.safeParse(raw);
        if (parsed.success) out[field.name] = parsed.data;
        else problems[field.name] = parsed.error.issues[0]?.message ?? 'custom';
      } else if (!/^[A-Za-z0-9_-]{1,64}$/.test(raw)) {
        problems[field.name] = 'custom';
      } else {
        out[field.name] = raw;
      }
    }
    if (Object.keys(problems).length > 0) {
      throw new AppError('RequisitesValidationRequiredException', {
        code: 'requisites_invalid',
        fields: problems,
        message: 'cashier.requisites_invalid',
      });
    }
    return out;
  }

  function requestHash(parts: Record<string, string | number>): string {
    return sha256(JSON.stringify(parts));
  }

  // --- deposit limits ----------------------------------------------------------------------------

  interface LimitState {
    output: DepositLimitOutput;
    /** What may still be deposited (minor units) under the binding limit; null: no limit. */
    availableMinor: bigint | null;
  }

  async function depositLimitState(
    repo: CashierQueries,
    playerId: bigint,
    currency: string,
    now: Date,
  ): Promise<LimitState> {
    const exponentByCode = await exponents();
    const entries: (DepositLimitOutput['limits'][number] & { availableMinor: bigint })[] = [];
    for (const record of await repo.listDepositLimits(playerId)) {
      const limitMinor = effectiveLimit(record, now);
      if (limitMinor === null) continue;
      const exponent = exponentByCode.get(record.currency) ?? 2;
      const window = periodWindow(record.period, now);
      const used = await repo.depositedSince(
        playerId,
        record.currency,
        window.start,
        new Date(now.getTime() - PENDING_DEPOSIT_COUNTS_MS),
      );
      // A limit kept in another currency than the deposit's cannot be compared: nothing is left.
      const left = record.currency === currency ? limitMinor - used : 0n;
      const availableMinor = left > 0n ? left : 0n;
      const waiting = waitingChange(record, now);
      entries.push({
        period: record.period,
        limit_amount: moneyOf(limitMinor, record.currency, exponent),
        available_amount: moneyOf(availableMinor, record.currency, exponent),
        expired_at: window.end.toISOString(),
        pending_limit_amount:
          waiting && waiting.limitMinor !== null
            ? moneyOf(waiting.limitMinor, record.currency, exponent)
            : null,
        pending_removal: waiting !== null && waiting.limitMinor === null,
        pending_effective_at: waiting ? waiting.effectiveAt.toISOString() : null,
        availableMinor,
      });
    }
    const order: Record<LimitPeriod, number> = { day: 0, week: 1, month: 2 };
    entries.sort((a, b) => order[a.period] - order[b.period]);
    // The lowest applies: the limit leaving the least to deposit binds (ties: the shortest period).
    let binding: (typeof entries)[number] | undefined;
    for (const entry of entries)
      if (!binding || entry.availableMinor < binding.availableMinor) binding = entry;
    return {
      availableMinor: binding ? binding.availableMinor : null,
      output: {
        period: binding ? binding.period : 'none',
        limit_amount: binding ? binding.limit_amount : null,
        available_amount: binding ? binding.available_amount : null,
        expired_at: binding ? binding.expired_at : null,
        // Responsible gaming: a player may always set or lower a limit (raising waits 24 hours).
        can_edit: true,
        limits: entries.map(({ availableMinor: _available, ...entry }) => entry),
      },
    };
  }

  // --- webhooks ----------------------------------------------------------------------------------

  interface Applied {
    outcome: 'applied' | 'ignored';
    note: string | null;
    /** The transaction's new status, written with the event record (only if the event is new). */
    change?: EventStatusChange;
  }

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

  /** The provider's amount must be ours to the minor unit, in our currency. */
  async function amountIsOurs(
    event: WebhookEvent,
    record: { currency: string; amountMinor: bigint },
  ): Promise<boolean> {
    const exponent = (await exponents()).get(event.data.currency);
    const amount = exponent === undefined ? null : parseAmount(event.data.amount, exponent);
    return (
      event.data.currency === record.currency &&
      amount !== null &&
      amount.ok &&
      amount.amountMinor === record.amountMinor
    );
  }

  /**
   * The common case in two round trips instead of five: a `payment.succeeded` about a deposit we
   * know by the provider's payment id. One unlocked read of the deposit, then one call of
   * `cashier_credit_deposit` (its own transaction) that locks the row, re-checks it is still that
   * deposit, applies the same status rule as `applyPaymentEvent`, stores the event once and posts
   * the same ledger credit as `wallet.creditDeposit`. Null: not the common case (unknown payment
   * id, amount not ours, the row changed under us, a ledger conflict …) with nothing written, and
   * the caller takes the general path, which answers and logs those cases as it always has.
   */
  async function creditKnownDeposit(
    event: WebhookEvent,
    log: FastifyBaseLogger,
  ): Promise<WebhookAnswer | null> {
    const deposit: DepositGlance | null = await repository.glanceByProviderPayment(event.data.id);
    if (deposit?.type !== 'deposit' || !(await amountIsOurs(event, deposit))) return null;
    const ledger = depositLedgerArguments({
      playerId: deposit.playerId,
      currency: deposit.currency,
      amountMinor: deposit.amountMinor,
      paymentId: event.data.id,
    });
    if (!ledger) return null;
    let answer: Awaited<ReturnType<typeof repository.creditDepositAtOnce>>;
    try {
      answer = await repository.creditDepositAtOnce({
        transactionId: deposit.id,
        paymentId: event.data.id,
        playerId: deposit.playerId,
        currency: deposit.currency,
        amountMinor: deposit.amountMinor,
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
    if (answer.previous === 'failed' || answer.previous === 'canceled') {
      // As applyPaymentEvent: the provider holds the money, its success wins over our earlier view.
      log.warn(
        { transactionId: String(deposit.id), previous: answer.previous },
        'payment succeeded after a failure: crediting',
      );
    }
    if (answer.result === 'duplicate') {
      log.info('webhook replay: already recorded');
      return { status: 200, body: { received: true, duplicate: true } };
    }
    const applied: Applied =
      answer.result === 'applied'
        ? { outcome: 'applied', note: null, change: { status: 'succeeded', failureCode: null } }
        : { outcome: 'ignored', note: answer.note };
    log.info({ transactionId: String(deposit.id), ...applied }, 'webhook recorded');
    return { status: 200, body: { received: true } };
  }

  // --- withdrawals: steps ------------------------------------------------------------------------

  /** Compensation of the hold (rejection, cancellation, refused payout): funds back, exactly once. */
  async function releaseHeldFunds(
    id: bigint,
    allowed: readonly string[],
    next: { status: 'rejected' | 'canceled' | 'failed'; failureCode: string | null; decidedBy?: string },
    owner?: bigint,
  ): Promise<TransactionRecord> {
    return repository.transaction(async (repo, tx) => {
      const record = await repo.lockById(id);
      if (record?.type !== 'withdrawal' || (owner !== undefined && record.playerId !== owner)) {
        throw invalidField('id', 'not_found', 'cashier.not_found');
      }
      if (!allowed.includes(record.status)) {
        throw new AppError('WithdrawalDeclinedException', {
          code: 'not_cancelable',
          message: 'cashier.not_cancelable',
          data: { status: record.status },
        });
      }
      await wallet.releaseWithdrawal(
        {
          playerId: record.playerId,
          currency: record.currency,
          amountMinor: record.amountMinor,
          withdrawalId: record.id,
        },
        { tx },
      );
      const now = deps.now();
      await repo.updateTransaction(
        record.id,
        {
          status: next.status,
          failureCode: next.failureCode,
          ...(next.decidedBy ? { decidedBy: next.decidedBy, decidedAt: now } : {}),
        },
        now,
      );
      return { ...record, status: next.status, failureCode: next.failureCode, updatedAt: now };
    });
  }

  /**
   * Creates (or, with the same key, finds) the provider payment of a deposit record. A refusal or
   * an unreachable provider marks the record failed for the history; a late `payment.succeeded`
   * for it would still credit (the provider is the one holding the money).
   */
  async function createAtProvider(
    record: TransactionRecord,
    email: string | null,
    log: FastifyBaseLogger,
  ): Promise<{ redirect_url: string; transaction_id: number }> {
    const exponent = (await exponents()).get(record.currency) ?? 2;
    try {
      const payment = await requireProvider().createPayment(
        {
          merchantReference: `dep_${record.id}`,
          amount: formatMinor(record.amountMinor, exponent),
          currency: record.currency,
          method: record.providerMethod,
          customer: { id: record.playerId.toString(), email },
          ...(record.requisites.iban ? { requisites: { iban: record.requisites.iban } } : {}),
          // The browser comes back here: PUBLIC_URL, else the host the player used (its cookies live there).
          returnUrl: `${linkOrigin(deps.config)}/cashier/payresult/${record.id}`,
          webhookUrl: `${origin()}/webhooks/psp`,
        },
        `dep_${record.id}`,
      );
      if (!(await repository.attachProviderPayment(record.id, payment.id, payment.redirectUrl, deps.now()))) {
        throw new ProviderUnavailableError(`deposit ${record.id} already has another payment`);
      }
      return { redirect_url: payment.redirectUrl, transaction_id: Number(record.id) };
    } catch (error) {
      const refused = error instanceof ProviderRefusedError;
      const failureCode = refused ? error.code : 'provider_unavailable';
      log.warn({ err: error, transactionId: String(record.id) }, 'payment creation failed');
      await repository.failIfPending(record.id, failureCode, deps.now());
      if (refused && [401, 403, 409].includes(error.status)) {
        // Our credentials or our idempotency key were refused: our fault, not the player's card.
        log.error(
          { err: error, transactionId: String(record.id) },
          'the provider refused the merchant request',
        );
        throw new AppError('BillingServiceErrorException', { code: error.code, cause: error });
      }
      if (refused) {
        throw new AppError('BillingTransactionDeclinedException', {
          code: error.code,
          message: 'cashier.declined',
          values: { code: error.code },
        });
      }
      throw new AppError('BillingUnavailableException', {
        code: 'provider_unavailable',
        message: 'cashier.provider_unavailable',
        cause: error,
      });
    }
  }

  function payoutStep(): FlowStep<TransactionRecord, string> {
    return {
      name: 'request_payout',
      async invoke(record) {
        const exponent = (await exponents()).get(record.currency) ?? 2;
        const destination =
          record.providerMethod === 'card'
            ? { type: 'card' as const, paymentId: record.refundPaymentId ?? '' }
            : {
                type: 'iban' as const,
                iban: record.requisites.iban ?? '',
                holder: record.requisites.holder ?? '',
              };
        const payout = await requireProvider().createPayout(
          {
            merchantReference: `wd_${record.id}`,
            amount: formatMinor(record.amountMinor, exponent),
            currency: record.currency,
            destination,
            webhookUrl: `${origin()}/webhooks/psp`,
          },
          `wd_${record.id}`,
        );
        if (!(await repository.attachProviderPayout(record.id, payout.id, deps.now()))) {
          throw new Error(`withdrawal ${record.id} already has another payout`);
        }
        return payout.id;
      },
      async compensate(record, error) {
        const code = error instanceof ProviderRefusedError ? error.code : 'payout_refused';
        await releaseHeldFunds(record.id, ['approved'], { status: 'failed', failureCode: code });
      },
      isDefinitive: (error) => error instanceof ProviderRefusedError,
    };
  }

  const service = {
    // --- configuration and settings --------------------------------------------------------------

    async paymentMethods(
      playerId: bigint,
      locale: Locale,
    ): Promise<{ items: PaymentMethodOutput[]; total: number }> {
      const { currency } = await facts(playerId, locale);
      const exponent = await wallet.exponentOf(currency);
      const info = new Map(
        (await cms.getConfig(locale))['cashier-config'].paymentMethods.map((entry) => [entry.sysname, entry]),
      );
      const items: PaymentMethodOutput[] = [];
      for (const method of await repository.listActiveMethods()) {
        const deposit = findLimit(method, currency, 'deposit');
        const withdrawal = findLimit(method, currency, 'withdrawal');
        if (!deposit && !withdrawal) continue;
        const text = info.get(method.sysname);
        items.push({
          sysname: method.sysname,
          title: text?.title ?? method.sysname,
          description: text?.description ?? '',
          icons: text?.icons ?? [],
          min_max_text: text?.minMaxText ?? '',
          currency,
          deposit: deposit
            ? {
                min: moneyOf(deposit.minMinor, currency, exponent),
                max: moneyOf(deposit.maxMinor, currency, exponent),
                presets: deposit.presetsMinor.map((value) => moneyOf(value, currency, exponent)),
              }
            : null,
          withdrawal: withdrawal
            ? {
                min: moneyOf(withdrawal.minMinor, currency, exponent),
                max: moneyOf(withdrawal.maxMinor, currency, exponent),
                period_max:
                  withdrawal.periodMaxMinor === null
                    ? null
                    : moneyOf(withdrawal.periodMaxMinor, currency, exponent),
                period_hours: withdrawal.periodHours,
              }
            : null,
          deposit_requisites: REQUISITES[method.providerMethod].deposit,
          withdrawal_requisites: REQUISITES[method.providerMethod].withdrawal,
        });
      }
      return { items, total: items.length };
    },

    async depositSettings(playerId: bigint, locale: Locale) {
      const { currency } = await facts(playerId, locale);
      const currencies = await metadata.currencies();
      const exponentByCode = new Map(currencies.map((c) => [c.code, c.exponent]));
      const methods = await repository.listActiveMethods();
      const presets: { currency: string; values: string[] }[] = [];
      for (const { code, exponent } of currencies) {
        // The presets of the first method (in display order) that takes deposits in the currency.
        const first = methods.map((m) => findLimit(m, code, 'deposit')).find((limit) => limit !== undefined);
        if (first)
          presets.push({ currency: code, values: first.presetsMinor.map((v) => formatMinor(v, exponent)) });
      }
      const exponent = exponentByCode.get(currency) ?? 2;
      const depositMethods = methods.flatMap((method) => {
        const limit = findLimit(method, currency, 'deposit');
        return limit
          ? [
              {
                sysname: method.sysname,
                min: moneyOf(limit.minMinor, currency, exponent),
                max: moneyOf(limit.maxMinor, currency, exponent),
              },
            ]
          : [];
      });
      const limit = await depositLimitState(repository, playerId, currency, deps.now());
      return {
        currency,
        available_currencies: Object.fromEntries(currencies.map((c) => [c.code, c.symbol])),
        amount_presets: presets,
        methods: depositMethods,
        default_method: depositMethods[0]?.sysname ?? null,
        deposit_limit: limit.output,
      };
    },

    // --- deposits --------------------------------------------------------------------------------

    /**
     * Creates the deposit record (after the limit check, under the player's lock), then the payment
     * at the provider with `dep_<id>` as reference and Idempotency-Key. Nothing is credited here:
     * only the provider's signed `payment.succeeded` does that.
     */
    async makeDeposit(
      playerId: bigint,
      input: {
        method: string;
        amount: string;
        campaign_offer_id: number;
        requisites?: RequisitesInput | undefined;
        currency?: string | undefined;
        request_id?: string | undefined;
      },
      locale: Locale,
      log: FastifyBaseLogger = deps.log,
    ): Promise<{ redirect_url: string; transaction_id: number }> {
      requireProvider();
      // Real money needs a known age of at least the minimum (accounts' age gate).
      await accounts.requireRealMoneyAge(playerId, locale);
      const player = await facts(playerId, locale);
      const currency = player.currency;
      if (input.currency !== undefined && input.currency !== currency) {
        throw invalidField('currency', 'unsupported', 'cashier.currency_unsupported', { currency });
      }
      const exponent = await wallet.exponentOf(currency);
      const { method, limit } = await methodFor(input.method, currency, 'deposit');
      const amountMinor = readAmount(input.amount, currency, exponent, limit, locale, 'field');
      const requisites = readRequisites(REQUISITES[method.providerMethod].deposit, input.requisites);
      const hash = requestHash({
        method: method.sysname,
        amount: amountMinor.toString(),
        currency,
        offer: input.campaign_offer_id,
        requisites: JSON.stringify(requisites),
      });

      const replay = async (): Promise<{ redirect_url: string; transaction_id: number } | null> => {
        if (!input.request_id) return null;
        const earlier = await repository.findByRequest(playerId, 'deposit', input.request_id);
        if (!earlier) return null;
        if (earlier.requestHash !== hash)
          throw invalidField('request_id', 'conflict', 'cashier.request_conflict');
        if (earlier.redirectUrl)
          return { redirect_url: earlier.redirectUrl, transaction_id: Number(earlier.id) };
        if (earlier.status !== 'pending') {
          throw new AppError('BillingServiceErrorException', {
            code: 'request_failed',
            message: 'cashier.request_failed',
          });
        }
        // The first submit is still talking to the provider: the same key gets the same payment.
        return createAtProvider(earlier, player.email, log);
      };
      const first = await replay();
      if (first) return first;

      await pinCurrency(playerId, currency);
      const now = deps.now();
      const created = await repository.transaction(async (repo, tx) => {
        await repo.lockPlayer(playerId);
        const state = await depositLimitState(repo, playerId, currency, now);
        if (state.availableMinor !== null && amountMinor > state.availableMinor) {
          throw new AppError('BillingDepositLimitExceededException', {
            code: 'deposit_limit_exceeded',
            message: 'cashier.deposit_limit_exceeded',
            values: {
              available: boundText(state.availableMinor, currency, exponent),
              until: state.output.expired_at ?? '',
            },
            data: {
              available_amount: state.output.available_amount,
              period: state.output.period,
              expired_at: state.output.expired_at,
            },
          });
        }
        const inserted = await repo.insertTransaction({
          playerId,
          type: 'deposit',
          method: method.sysname,
          providerMethod: method.providerMethod,
          currency,
          amountMinor,
          status: 'pending',
          requisites,
          campaignOfferId: input.campaign_offer_id,
          requestId: input.request_id ?? null,
          requestHash: input.request_id ? hash : null,
          domain: siteDomain(),
          refundPaymentId: null,
          now,
        });
        if ('conflict' in inserted) return null;
        // From here the currency is fixed: the provider will pay in it.
        await wallet.lockCurrency(playerId, currency, 'deposit', { tx });
        return inserted.id;
      });
      if (created === null) {
        // The same request id won a race with this call: answer what it got.
        const answer = await replay();
        if (answer) return answer;
        throw new AppError('BillingServiceErrorException', {
          code: 'request_failed',
          message: 'cashier.request_failed',
        });
      }
      const record = await repository.findById(created);
      if (!record) throw new Error(`deposit ${created} vanished`);
      return createAtProvider(record, player.email, log);
    },

    async transactionInfo(playerId: bigint, id: number): Promise<TransactionOutput> {
      // Another player's transaction answers exactly like a missing one: ids reveal nothing.
      const record = await repository.findOwn(playerId, BigInt(id));
      if (!record) throw invalidField('id', 'not_found', 'cashier.not_found');
      return toOutput(record, await exponents());
    },

    async history(
      playerId: bigint,
      input: {
        offset: number;
        count: number;
        type: 'deposit' | 'withdrawal' | 'all';
        statuses?: string[] | undefined;
      },
    ): Promise<{ items: TransactionOutput[]; total: number }> {
      const types: TransactionType[] = input.type === 'all' ? ['deposit', 'withdrawal'] : [input.type];
      const { rows, total } = await repository.listForPlayer(playerId, {
        types,
        statuses: input.statuses,
        offset: input.offset,
        count: input.count,
      });
      const exponentByCode = await exponents();
      return { items: rows.map((row) => toOutput(row, exponentByCode)), total };
    },

    // --- webhooks --------------------------------------------------------------------------------

    /**
     * `POST /webhooks/psp`: verifies the signature over the raw bytes, then in ONE transaction
     * locks our record, checks amount and currency, applies the event with its posting and stores
     * the event id (a replay conflicts there and is rolled back). 2xx only once that committed; 4xx
     * (nothing stored) for a bad signature, a stale timestamp, malformed JSON or an event about no
     * transaction of ours. The common case, `payment.succeeded` for a deposit known by the
     * provider's payment id, takes a shorter road to the same result (`creditKnownDeposit`: one
     * read, then one statement that is its own transaction); anything else, or anything unusual it
     * meets, comes here.
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

    // --- withdrawals -----------------------------------------------------------------------------

    async withdrawSettings(playerId: bigint, locale: Locale) {
      const player = await facts(playerId, locale);
      const { currency } = player;
      const exponent = await wallet.exponentOf(currency);
      const config = await cms.getConfig(locale);
      const info = new Map(config['cashier-config'].paymentMethods.map((entry) => [entry.sysname, entry]));
      const links = config['cashier-config'].withdrawalButtons;
      const cardPayment = await repository.latestCardPayment(playerId, currency);
      const methods = (await repository.listActiveMethods()).flatMap((method) => {
        const limit = findLimit(method, currency, 'withdrawal');
        if (!limit) return [];
        const available = method.providerMethod !== 'card' || cardPayment !== null;
        return [
          {
            sysname: method.sysname,
            title: info.get(method.sysname)?.title ?? method.sysname,
            icons: info.get(method.sysname)?.icons ?? [],
            min: moneyOf(limit.minMinor, currency, exponent),
            max: moneyOf(limit.maxMinor, currency, exponent),
            period_max:
              limit.periodMaxMinor === null ? null : moneyOf(limit.periodMaxMinor, currency, exponent),
            period_hours: limit.periodHours,
            requisites: REQUISITES[method.providerMethod].withdrawal,
            available,
            unavailable_reason: available ? null : 'no_card_deposit',
          },
        ];
      });
      const pending = await repository.findPendingWithdrawal(playerId);
      return {
        currency,
        withdrawable: moneyOf(await wallet.balanceMinor(playerId, currency), currency, exponent),
        methods,
        requirements: {
          confirm_contact: { required: !player.loginConfirmed, link: links.confirmContactLink },
          kyc: {
            required: ((await repository.kycBlockEnabled()) || player.kycBlock) && !player.verified,
            link: links.kycLink,
          },
        },
        open_withdrawal: pending ? toOutput(pending, await exponents()) : null,
      };
    },

    /**
     * Step one of a withdrawal: gates (contact, KYC), bounds, requisites, the period cap, then the
     * record and the hold (main → pending_withdrawals) in one transaction under the player's lock.
     * Too little money refuses the whole thing: nothing is stored or held.
     */
    async makeWithdrawal(
      playerId: bigint,
      input: {
        method: string;
        amount: string;
        requisites?: RequisitesInput | undefined;
        request_id?: string | undefined;
      },
      locale: Locale,
    ): Promise<TransactionOutput> {
      requireProvider();
      const player = await facts(playerId, locale);
      const links = (await cms.getConfig(locale))['cashier-config'].withdrawalButtons;
      if (!player.loginConfirmed) {
        throw new AppError('UserNeedConfirmContactException', {
          code: 'contact_unconfirmed',
          data: { link: links.confirmContactLink },
        });
      }
      if (((await repository.kycBlockEnabled()) || player.kycBlock) && !player.verified) {
        throw new AppError('KycWithdrawalException', { code: 'kyc_required', data: { link: links.kycLink } });
      }
      const { currency } = player;
      const exponent = await wallet.exponentOf(currency);
      const { method, limit } = await methodFor(input.method, currency, 'withdrawal');
      const amountMinor = readAmount(input.amount, currency, exponent, limit, locale, 'withdrawal');
      const requisites = readRequisites(REQUISITES[method.providerMethod].withdrawal, input.requisites);
      let refundPaymentId: string | null = null;
      if (method.providerMethod === 'card') {
        refundPaymentId = await repository.latestCardPayment(playerId, currency);
        if (!refundPaymentId) {
          throw new AppError('WithdrawalDeclinedException', {
            code: 'no_card_deposit',
            message: 'cashier.no_card_deposit',
          });
        }
      }
      const hash = requestHash({
        method: method.sysname,
        amount: amountMinor.toString(),
        currency,
        requisites: JSON.stringify(requisites),
      });
      const replay = async (): Promise<TransactionOutput | null> => {
        if (!input.request_id) return null;
        const earlier = await repository.findByRequest(playerId, 'withdrawal', input.request_id);
        if (!earlier) return null;
        if (earlier.requestHash !== hash)
          throw invalidField('request_id', 'conflict', 'cashier.request_conflict');
        return toOutput(earlier, await exponents());
      };
      const first = await replay();
      if (first) return first;

      const now = deps.now();
      const created = await repository.transaction(async (repo, tx) => {
        await repo.lockPlayer(playerId);
        if (limit.periodMaxMinor !== null) {
          const since = new Date(now.getTime() - limit.periodHours * 3600 * 1000);
          const used = await repo.withdrawnSince(playerId, method.sysname, currency, since);
          if (used + amountMinor > limit.periodMaxMinor) {
            const left = limit.periodMaxMinor - used > 0n ? limit.periodMaxMinor - used : 0n;
            throw new AppError('WithdrawalLimitsPeriodExceededException', {
              code: 'period_limit_exceeded',
              message: 'cashier.withdrawal_period_limit',
              values: {
                max: boundText(limit.periodMaxMinor, currency, exponent),
                hours: limit.periodHours,
                available: boundText(left, currency, exponent),
              },
              data: {
                period_max: moneyOf(limit.periodMaxMinor, currency, exponent),
                period_hours: limit.periodHours,
                available_amount: moneyOf(left, currency, exponent),
              },
            });
          }
        }
        const inserted = await repo.insertTransaction({
          playerId,
          type: 'withdrawal',
          method: method.sysname,
          providerMethod: method.providerMethod,
          currency,
          amountMinor,
          status: 'pending',
          requisites,
          campaignOfferId: null,
          requestId: input.request_id ?? null,
          requestHash: input.request_id ? hash : null,
          domain: siteDomain(),
          refundPaymentId,
          now,
        });
        if ('conflict' in inserted) {
          if (inserted.conflict === 'request') return null;
          throw new AppError('WithdrawalDeclinedException', {
            code: inserted.conflict === 'pending_withdrawal' ? 'withdrawal_pending' : 'conflict',
            message: 'cashier.withdrawal_pending',
          });
        }
        // The hold: insufficient funds throws and rolls the record back with it.
        await wallet.holdWithdrawal({ playerId, currency, amountMinor, withdrawalId: inserted.id }, { tx });
        return inserted.id;
      });
      if (created === null) {
        const answer = await replay();
        if (answer) return answer;
        throw new AppError('WithdrawalDeclinedException', {
          code: 'conflict',
          message: 'cashier.withdrawal_pending',
        });
      }
      const record = await repository.findById(created);
      if (!record) throw new Error(`withdrawal ${created} vanished`);
      return toOutput(record, await exponents());
    },

    /** The player takes a waiting withdrawal back: the held funds return (compensation of the hold). */
    async cancelWithdrawal(playerId: bigint, id: number): Promise<void> {
      await releaseHeldFunds(BigInt(id), ['pending'], { status: 'canceled', failureCode: null }, playerId);
    },

    /**
     * Operator approval, step two: marks the withdrawal approved, then asks the provider for the
     * payout (`wd_<id>` as reference and Idempotency-Key). A refusal compensates (funds back); an
     * unknown outcome leaves it approved, and approving again retries the same payout request.
     */
    async approveWithdrawal(id: bigint, actor: string, log: FastifyBaseLogger = deps.log) {
      requireProvider();
      const record = await repository.transaction(async (repo) => {
        const current = await repo.lockById(id);
        if (current?.type !== 'withdrawal') throw invalidField('id', 'not_found', 'cashier.not_found');
        if (current.status === 'pending') {
          const now = deps.now();
          await repo.updateTransaction(id, { status: 'approved', decidedBy: actor, decidedAt: now }, now);
          return { ...current, status: 'approved' as const };
        }
        if (current.status === 'approved' && current.providerPayoutId === null) return current;
        return null;
      });
      if (record) {
        try {
          await runStep(payoutStep(), record, log);
        } catch (error) {
          if (error instanceof ProviderRefusedError) {
            throw new AppError('WithdrawalDeclinedException', {
              code: error.code,
              message: 'cashier.declined',
              values: { code: error.code },
            });
          }
          if (error instanceof ProviderUnavailableError) {
            throw new AppError('BillingUnavailableException', {
              code: 'provider_unavailable',
              message: 'cashier.provider_unavailable',
            });
          }
          throw error;
        }
      }
      const after = await repository.findById(id);
      if (after?.type !== 'withdrawal') throw invalidField('id', 'not_found', 'cashier.not_found');
      if (!['approved', 'processing', 'paid'].includes(after.status)) {
        throw new AppError('WithdrawalDeclinedException', {
          code: `already_${after.status}`,
          data: { status: after.status },
        });
      }
      return toOutput(after, await exponents());
    },

    /**
     * Payouts approved while the provider was down or timed out stay `approved` with their funds
     * held. Each pass asks the provider again (same `wd_<id>` Idempotency-Key, so at most one
     * payout can exist) for those last tried at least `STUCK_PAYOUT_RETRY_MS` ago; a refusal
     * compensates as on approval. Returns how many were tried.
     */
    async retryStuckPayouts(): Promise<number> {
      if (!provider) return 0;
      const now = deps.now();
      const claimed = await repository.claimStuckApprovals(
        new Date(now.getTime() - STUCK_PAYOUT_RETRY_MS),
        now,
        STUCK_PAYOUT_BATCH,
      );
      for (const record of claimed) {
        try {
          await runStep(payoutStep(), record, deps.log);
          deps.log.info({ withdrawal: record.id.toString() }, 'stuck payout requested again');
        } catch {
          // runStep logged it: refused ones were compensated, unknown outcomes wait for next pass.
        }
      }
      return claimed.length;
    },

    /** Starts the stuck-payout pass (app ready); each pass is followed by a pause of `pollMs`. */
    startPayoutRetries(): void {
      payoutRetries.start();
    },

    /** Stops the pass loop and waits for a pass in flight (app close, before the pool closes). */
    async stopPayoutRetries(): Promise<void> {
      await payoutRetries.stop();
    },

    /** Operator rejection of a waiting withdrawal: the held funds return. */
    async rejectWithdrawal(id: bigint, actor: string, reason: string | null) {
      const record = await releaseHeldFunds(id, ['pending'], {
        status: 'rejected',
        failureCode: reason ?? 'rejected',
        decidedBy: actor,
      });
      return toOutput(record, await exponents());
    },

    async listWithdrawals(filter: { statuses: string[]; offset: number; count: number }) {
      const rows = await repository.listByStatus('withdrawal', filter.statuses, {
        offset: filter.offset,
        count: Math.min(filter.count, OPERATOR_PAGE_MAX),
      });
      const exponentByCode = await exponents();
      return rows.map((row) => ({ ...toOutput(row, exponentByCode), player_id: Number(row.playerId) }));
    },

    async setKycBlockEnabled(enabled: boolean): Promise<void> {
      await repository.setKycBlockEnabled(enabled, deps.now());
    },

    // --- banks -----------------------------------------------------------------------------------

    async banks(
      playerId: bigint,
      country: string | undefined,
      locale: Locale,
    ): Promise<{ items: BankOutput[]; total: number }> {
      const code = country ?? (await facts(playerId, locale)).countryCode ?? 'FR';
      const at = deps.now().getTime();
      const cached = banksCache.get(code);
      if (cached && at - cached.at < BANKS_TTL_MS) return { items: cached.items, total: cached.items.length };
      let items: ProviderBank[];
      try {
        items = await requireProvider().listBanks(code);
      } catch (error) {
        if (error instanceof ProviderRefusedError)
          throw invalidField('country', 'unsupported', 'cashier.country_unsupported');
        if (error instanceof ProviderUnavailableError) {
          throw new AppError('BillingUnavailableException', {
            code: 'provider_unavailable',
            message: 'cashier.provider_unavailable',
          });
        }
        throw error;
      }
      // Bounded: past the cap the oldest country is forgotten.
      if (banksCache.size >= BANKS_CACHE_MAX_COUNTRIES && !banksCache.has(code)) {
        const oldest = banksCache.keys().next().value;
        if (oldest !== undefined) banksCache.delete(oldest);
      }
      banksCache.set(code, { at, items });
      return { items, total: items.length };
    },

    // --- deposit limits --------------------------------------------------------------------------

    async depositLimit(playerId: bigint, locale: Locale): Promise<DepositLimitOutput> {
      const { currency } = await facts(playerId, locale);
      return (await depositLimitState(repository, playerId, currency, deps.now())).output;
    },

    async setDepositLimit(
      playerId: bigint,
      input: { period: 'none' | LimitPeriod; amount?: string | undefined },
      locale: Locale,
    ): Promise<DepositLimitOutput> {
      const { currency } = await facts(playerId, locale);
      const exponent = await wallet.exponentOf(currency);
      let wanted: bigint | null = null;
      const blank = input.amount === undefined || input.amount.trim() === '';
      if (input.period !== 'none' && !blank) {
        const parsed = parseAmount(input.amount, exponent);
        if (!parsed.ok)
          throw invalidField('amount', 'amount', 'cashier.amount_invalid', { digits: exponent });
        wanted = parsed.amountMinor;
      }
      const periods: LimitPeriod[] = input.period === 'none' ? ['day', 'week', 'month'] : [input.period];
      await pinCurrency(playerId, currency);
      const now = deps.now();
      return repository.transaction(async (repo, tx) => {
        await repo.lockPlayer(playerId);
        const current = new Map(
          (await repo.listDepositLimits(playerId)).map((record) => [record.period, record]),
        );
        for (const period of periods) {
          const existing: DepositLimitRecord | null = current.get(period) ?? null;
          const next = planLimitChange(existing, period, currency, wanted, now);
          if (next === null) {
            if (existing) await repo.deleteDepositLimit(playerId, period);
          } else if (next !== existing) {
            await repo.saveDepositLimit(playerId, next, now);
          }
        }
        // A limit is an amount in a currency: from now on the account's currency is fixed.
        await wallet.lockCurrency(playerId, currency, 'deposit_limit', { tx });
        return (await depositLimitState(repo, playerId, currency, now)).output;
      });
    },

    // --- seed ------------------------------------------------------------------------------------

    /** Card and bank transfer in every seeded currency; inserts only what is missing. */
    async seed(): Promise<void> {
      const now = deps.now();
      await repository.ensureSettings(now);
      await repository.upsertMethod({ sysname: 'card', providerMethod: 'card', sortOrder: 1 });
      await repository.upsertMethod({
        sysname: 'bank_transfer',
        providerMethod: 'bank_transfer',
        sortOrder: 2,
      });
      const currencies = await metadata.currencies();
      for (const { code, exponent } of currencies) {
        // Bounds in major units for two-decimal currencies; yen is worth about a hundredth.
        const unit = exponent === 0 ? 150n : 10n ** BigInt(exponent);
        const major = (values: number[]) => values.map((value) => BigInt(value) * unit);
        const rows: (MethodLimitRecord & { method: string })[] = [
          {
            method: 'card',
            currency: code,
            direction: 'deposit',
            minMinor: 10n * unit,
            maxMinor: 5_000n * unit,
            periodMaxMinor: null,
            periodHours: 24,
            presetsMinor: major([10, 25, 50, 100, 250]),
          },
          {
            method: 'card',
            currency: code,
            direction: 'withdrawal',
            minMinor: 20n * unit,
            maxMinor: 5_000n * unit,
            periodMaxMinor: 10_000n * unit,
            periodHours: 24,
            presetsMinor: [],
          },
          {
            method: 'bank_transfer',
            currency: code,
            direction: 'deposit',
            minMinor: 20n * unit,
            maxMinor: 20_000n * unit,
            periodMaxMinor: null,
            periodHours: 24,
            presetsMinor: major([50, 100, 500, 1_000]),
          },
          {
            method: 'bank_transfer',
            currency: code,
            direction: 'withdrawal',
            minMinor: 20n * unit,
            maxMinor: 20_000n * unit,
            periodMaxMinor: 50_000n * unit,
            periodHours: 24,
            presetsMinor: [],
          },
        ];
        for (const row of rows) await repository.insertMethodLimitIfMissing(row);
      }
    },
  };
  const payoutRetries = deps.jobs.recurring({
    name: 'stuck payout',
    everyMs: STUCK_PAYOUT_POLL_MS,
    firstDelayMs: STUCK_PAYOUT_POLL_MS,
    pass: () => service.retryStuckPayouts(),
  });
  return service;
}

export type CashierService = ReturnType<typeof createCashierService>;
