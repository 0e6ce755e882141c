/**
 * Deposits: the settings of the deposit form, and a deposit itself: the pending record (after the
 * limit check, under the player's lock), then the payment at the provider (`deposit-flow.ts`).
 */
import type { RequisitesInput } from '@croupier/contract/cashier/common';
import type { Locale } from '@croupier/contract/locales';
import { currencyExponent } from '@croupier/money/currencies';
import { decimalToMinor, formatMinor } from '@croupier/money/decimal';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import type { TransactionRecord } from './cashier.repository.ts';
import type { CashierContext } from './cashier-context.ts';
import { createDepositFlow, type DepositRun } from './deposit-flow.ts';
import type { createDepositLimitSettings } from './deposit-limit-settings.ts';
import { CompensationFailedError, runFlow } from './flow-step.ts';
import { ProviderRefusedError } from './payment-provider.ts';
import {
  findLimit,
  invalidField,
  REQUISITES,
  readAmount,
  readRequisites,
  requestHash,
} from './request-checks.ts';
import { boundText, moneyOf } from './transaction-output.ts';

export function createDeposits(
  context: Pick<
    CashierContext,
    | 'deps'
    | 'repository'
    | 'wallet'
    | 'accounts'
    | 'metadata'
    | 'requireProvider'
    | 'facts'
    | 'pinCurrency'
    | 'methodFor'
    | 'siteDomain'
    | 'origin'
    | 'depositOffers'
    | 'depositGate'
  > &
    Pick<ReturnType<typeof createDepositLimitSettings>, 'depositLimitState'>,
) {
  const {
    deps,
    repository,
    wallet,
    accounts,
    metadata,
    requireProvider,
    facts,
    pinCurrency,
    methodFor,
    siteDomain,
    depositLimitState,
    depositOffers,
  } = context;
  const depositFlow = createDepositFlow(context);

  /**
   * The deposit gate of identity verification (ADR 026): with KYC_DEPOSIT_THRESHOLD set, a deposit
   * that takes the player's lifetime deposits in this currency above it needs a verified identity.
   * (Withdrawals have their own gate: KycWithdrawalException, withdrawal.ts.) Both read the same
   * `is_verified` of account info, which follows the provider's review. A player under the
   * per-player KYC block (`is_kyc_block_enabled`, ADR 029) needs it for every deposit.
   */
  async function requireVerificationBeyondThreshold(
    playerId: bigint,
    player: { verified: boolean; kycBlock: boolean },
    currency: string,
    exponent: number,
    amountMinor: bigint,
  ): Promise<void> {
    if (player.verified) return;
    if (player.kycBlock) {
      throw new AppError('SumsubVerificationRequiredException', {
        code: 'verification_required',
        data: { link: '/profile/verification' },
      });
    }
    const threshold = deps.config.KYC_DEPOSIT_THRESHOLD;
    if (threshold === undefined) return;
    const [whole = '0', fraction = ''] = threshold.split('.');
    // Digits beyond the currency's exponent are dropped (the stricter reading of the threshold).
    const thresholdMinor = decimalToMinor(
      exponent > 0 && fraction ? `${whole}.${fraction.slice(0, exponent)}` : whole,
      exponent,
    );
    const lifetime = await repository.depositedSince(playerId, currency, new Date(0), deps.now());
    if (lifetime + amountMinor > thresholdMinor) {
      throw new AppError('SumsubVerificationRequiredException', {
        code: 'verification_required',
        data: { link: '/profile/verification' },
      });
    }
  }

  /**
   * Creates (or, with the same key, finds) the provider payment of a deposit record. A refusal or
   * an unreachable provider marks the record failed for the history; a late `payment.succeeded`
   * for it would still credit (the provider is the one holding the money).
   */
  async function createAtProvider(
    record: TransactionRecord,
    email: string | null,
    locale: Locale,
    log: FastifyBaseLogger,
  ): Promise<{ redirect_url: string; transaction_id: number }> {
    const exponent = currencyExponent(record.currency);
    const run: DepositRun = { record, email, locale, exponent, log };
    try {
      await runFlow(depositFlow, run, log, { after: 'record_deposit' });
    } catch (error) {
      // The record could not be marked failed: that error is the answer (the flow logged both).
      if (error instanceof CompensationFailedError) throw error.cause;
      const refused = error instanceof ProviderRefusedError;
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
    if (!run.payment) throw new Error(`deposit ${record.id}: the flow ended without a payment`);
    return { redirect_url: run.payment.redirectUrl, transaction_id: Number(record.id) };
  }

  return {
    async depositSettings(playerId: bigint, locale: Locale) {
      const { currency } = await facts(playerId, locale);
      const currencies = await metadata.currencies();
      const methods = await repository.listActiveMethods();
      const presets: { currency: string; values: string[] }[] = [];
      for (const { code, exponent } of currencies) {
        // The presets of the first method (in display order) that takes deposits in the currency.
        const first = methods.map((m) => findLimit(m, code, 'deposit')).find((limit) => limit !== undefined);
        if (first)
          presets.push({ currency: code, values: first.presetsMinor.map((v) => formatMinor(v, exponent)) });
      }
      const exponent = currencyExponent(currency);
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
      // A player in a time-out or self-exclusion may only withdraw (ADR 025).
      if (context.depositGate) await context.depositGate(playerId);
      const player = await facts(playerId, locale);
      const currency = player.currency;
      if (input.currency !== undefined && input.currency !== currency) {
        throw invalidField('currency', 'unsupported', 'cashier.currency_unsupported', { currency });
      }
      const exponent = await wallet.exponentOf(currency);
      const { method, limit } = await methodFor(input.method, currency, 'deposit');
      const amountMinor = readAmount(input.amount, currency, exponent, limit, locale, 'field');
      const requisites = readRequisites(REQUISITES[method.providerMethod].deposit, input.requisites);
      await requireVerificationBeyondThreshold(playerId, player, currency, exponent, amountMinor);
      if (input.campaign_offer_id !== -1) {
        // A deposit offer (ADR 021): it must exist and fit this player, method and amount.
        if (!depositOffers || input.campaign_offer_id < 1) {
          throw invalidField('campaign_offer_id', 'not_found', 'cashier.campaign_offer_unavailable');
        }
        await depositOffers.check({
          playerId,
          offerId: BigInt(input.campaign_offer_id),
          method: method.sysname,
          currency,
          amountMinor,
          locale,
        });
      }
      // The sign-up promo code waiting for the first deposit (ADR 021): marked on the deposit, so
      // its credit takes the general path (the one-statement credit stays two round trips).
      const signUpCode =
        depositOffers?.signUpCodePending !== undefined && (await depositOffers.signUpCodePending(playerId));
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
        return createAtProvider(earlier, player.email, locale, log);
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
          signUpCode,
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
      return createAtProvider(record, player.email, locale, log);
    },
  };
}
