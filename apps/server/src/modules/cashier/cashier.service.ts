/**
 * The cashier: payment methods, deposits through the payment provider (hosted page, signed
 * webhooks), withdrawals held at request time and paid out after an operator's approval, deposit
 * limits and history. Money moves only through the wallet service; every state change of a
 * transaction happens under a row lock in the same database transaction as the posting it causes,
 * so a status and the ledger can never disagree, whatever the order or number of deliveries.
 */
import type { Config } from '../../config.ts';
import type { Deps } from '../../deps.ts';
import { sandboxPspCredentials } from '../../provider-credentials.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import type { CmsService } from '../cms/cms.service.ts';
import type { MetadataService } from '../metadata/metadata.service.ts';
import type { WalletService } from '../wallet/wallet.service.ts';
import { createCashierRepository, type Tx } from './cashier.repository.ts';
import { createCashierContext, type DepositOfferHooks, type PspSettings } from './cashier-context.ts';
import { createDeposits } from './deposit.ts';
import { createDepositLimitSettings } from './deposit-limit-settings.ts';
import { createHistory } from './history.ts';
import { createPaymentMethods } from './payment-methods.ts';
import { createHttpPaymentProvider, type PaymentProvider } from './payment-provider.ts';
import { createPayoutRetries } from './payout-retries.ts';
import { createWebhooks } from './webhook.ts';
import { createWithdrawals } from './withdrawal.ts';
import { createWithdrawalFlow } from './withdrawal-flow.ts';

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

const STUCK_PAYOUT_POLL_MS = 30_000;
const DEPOSIT_LIMIT_PASS_MS = 60_000;
const DEPOSIT_LIMIT_BATCH = 200;

export function createCashierService(
  deps: Pick<Deps, 'db' | 'config' | 'log' | 'now' | 'jobs'>,
  collaborators: {
    wallet: WalletService;
    accounts: AccountsService;
    cms: CmsService;
    metadata: MetadataService;
    /** Deposit offers (ADR 021); absent: `campaign_offer_id` other than -1 is refused. */
    depositOffers?: DepositOfferHooks;
    /** Refuses a deposit of a player in a time-out or self-exclusion (ADR 025). */
    depositGate?: (playerId: bigint) => Promise<void>;
    /**
     * The risk check of a withdrawal request (ADR 039): a hold reason (the fraud score is high)
     * marks the withdrawal for review; the operator approves it only as reviewed.
     */
    withdrawalRisk?: (playerId: bigint) => Promise<{ hold: string } | null>;
    /** Posts a player's notice in the given transaction (support's notices, ADR 029). */
    postNotice?: (tx: Tx, playerId: bigint, kind: 'limit_change_applied', link: string) => Promise<void>;
    /** Told of a withdrawal request in its transaction (tournaments reset scores on a cashout, ADR 036). */
    withdrawalRequested?: (tx: Tx, playerId: bigint, currency: string) => Promise<void>;
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
  const context = createCashierContext({
    deps,
    repository,
    wallet,
    accounts,
    cms,
    metadata,
    psp,
    provider,
    depositOffers: collaborators.depositOffers ?? null,
    depositGate: collaborators.depositGate ?? null,
  });
  const methods = createPaymentMethods(context);
  const limits = createDepositLimitSettings(context);
  const deposits = createDeposits({ ...context, depositLimitState: limits.depositLimitState });
  const history = createHistory(context);
  const webhooks = createWebhooks(context);
  const withdrawal = createWithdrawalFlow(context);
  const withdrawals = createWithdrawals({
    ...context,
    withdrawal,
    withdrawalRisk: collaborators.withdrawalRisk ?? null,
    withdrawalRequested: collaborators.withdrawalRequested ?? null,
  });
  const payouts = createPayoutRetries({ ...context, withdrawal });

  const service = {
    // --- configuration and settings (payment-methods.ts, deposit.ts, withdrawal.ts) --------------
    paymentMethods: methods.paymentMethods,
    depositSettings: deposits.depositSettings,
    withdrawSettings: withdrawals.withdrawSettings,
    banks: methods.banks,

    // --- deposits (deposit.ts, deposit-flow.ts) and the player's history (history.ts) ------------
    makeDeposit: deposits.makeDeposit,
    /** True once any deposit of the player was credited. */
    hasSucceededDeposit: (playerId: bigint) => repository.hasSucceededDeposit(playerId),
    /** Credited deposits of these players in [from, before), first ones marked (affiliate report, ADR 039). */
    creditedDeposits: (playerIds: readonly bigint[], from: Date, before: Date) =>
      repository.creditedDeposits(playerIds, from, before),
    /** Credited deposits, withdrawals out or paid, and their difference, in one currency (minor units). */
    async netDeposits(playerId: bigint, currency: string) {
      const { depositedMinor, withdrawnMinor } = await repository.moneyInOut(playerId, currency);
      return { depositedMinor, withdrawnMinor, netMinor: depositedMinor - withdrawnMinor };
    },
    searchDeposits: history.searchDeposits,
    transactionInfo: history.transactionInfo,
    history: history.history,

    // --- webhooks (webhook.ts) -------------------------------------------------------------------
    receiveWebhook: webhooks.receiveWebhook,

    // --- withdrawals (withdrawal.ts, withdrawal-flow.ts, payout-retries.ts) ----------------------
    makeWithdrawal: withdrawals.makeWithdrawal,
    cancelWithdrawal: withdrawals.cancelWithdrawal,
    approveWithdrawal: withdrawals.approveWithdrawal,
    retryStuckPayouts: payouts.retryStuckPayouts,

    /** Starts the stuck-payout pass (app ready); each pass is followed by a pause of `pollMs`. */
    startPayoutRetries(): void {
      payoutRetries.start();
    },

    /** Stops the pass loop and waits for a pass in flight (app close, before the pool closes). */
    async stopPayoutRetries(): Promise<void> {
      await payoutRetries.stop();
    },

    rejectWithdrawal: withdrawals.rejectWithdrawal,
    listWithdrawals: withdrawals.listWithdrawals,
    setKycBlockEnabled: withdrawals.setKycBlockEnabled,
    kycBlockEnabled: withdrawals.kycBlockEnabled,
    findWithdrawal: withdrawals.findWithdrawal,

    // --- deposit limits (deposit-limit-settings.ts) ----------------------------------------------
    depositLimit: limits.depositLimit,
    setDepositLimit: limits.setDepositLimit,

    /**
     * Applies waiting deposit-limit increases and removals whose cooling-off is over, each with the
     * player's "limit change applied" notice in the same transaction (ADR 029). Returns how many.
     */
    async applyDueDepositLimits(): Promise<number> {
      return repository.transaction(async (repo, tx) => {
        const players = await repo.applyDueDepositLimitChanges(deps.now(), DEPOSIT_LIMIT_BATCH);
        for (const playerId of players) {
          await collaborators.postNotice?.(tx, playerId, 'limit_change_applied', '/profile/responsible-game');
        }
        return players.length;
      });
    },

    /** Starts the deposit-limit pass (app ready). */
    startDepositLimitPass(): void {
      depositLimitPass.start();
    },

    /** Stops it and waits for a pass in flight (app close). */
    async stopDepositLimitPass(): Promise<void> {
      await depositLimitPass.stop();
    },

    // --- seed (payment-methods.ts) ---------------------------------------------------------------
    seed: methods.seed,
  };
  const depositLimitPass = deps.jobs.recurring({
    name: 'deposit limit changes',
    everyMs: DEPOSIT_LIMIT_PASS_MS,
    firstDelayMs: DEPOSIT_LIMIT_PASS_MS,
    pass: () => service.applyDueDepositLimits(),
  });
  const payoutRetries = deps.jobs.recurring({
    name: 'stuck payout',
    everyMs: STUCK_PAYOUT_POLL_MS,
    firstDelayMs: STUCK_PAYOUT_POLL_MS,
    pass: () => service.retryStuckPayouts(),
  });
  return service;
}

export type CashierService = ReturnType<typeof createCashierService>;
