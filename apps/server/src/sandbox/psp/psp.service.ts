/**
 * CroupierPay Sandbox: a payment provider that runs in this process but behaves like a third party.
 * Merchants call its API (payments, payouts, banks) with a bearer key and idempotency keys; players
 * pay on its hosted page; state changes become signed webhooks delivered by a loop that any node may
 * run (rows claimed with FOR UPDATE SKIP LOCKED), retried with exponential back-off.
 */
import type { Deps } from '../../deps.ts';
import { type BackgroundLoop, createBackgroundLoop } from '../../lib/background-loop.ts';
import { sandboxPspCredentials } from '../../provider-credentials.ts';
import { createCheckout } from './checkout.ts';
import { createDashboard } from './dashboard.ts';
import { createMerchantApi } from './merchant-api.ts';
import { createPaymentState } from './payment-state.ts';
import { createPspRepository } from './psp.repository.ts';
import { createSettlement } from './settlement.ts';
import { createWebhookDelivery } from './webhook-delivery.ts';

const DEFAULT_POLL_MS = 1_000;

export interface PassSummary {
  payments: number;
  payouts: number;
  webhooks: number;
}

export function createSandboxPsp(deps: Pick<Deps, 'db' | 'config' | 'log' | 'now'>) {
  const repository = createPspRepository(deps.db);
  const credentials = sandboxPspCredentials(deps.config);

  let loop: BackgroundLoop | undefined;
  const context = { deps, repository };
  const state = createPaymentState(context);
  const merchantApi = createMerchantApi({ ...context, credentials });
  const checkout = createCheckout({ ...context, state });
  const { drain, resolveDuePayments, resolveDuePayouts } = createSettlement({ ...context, state });
  const { deliverWebhooks } = createWebhookDelivery(context);
  const dashboard = createDashboard(context);

  const service = {
    credentials,
    /** The site's public origin, for the hosted page's address (unset: the address the merchant called). */
    publicUrl: deps.config.PUBLIC_URL,

    // --- the merchant API (merchant-api.ts) ------------------------------------------------------
    ensureMerchant: merchantApi.ensureMerchant,
    authenticate: merchantApi.authenticate,
    createPayment: merchantApi.createPayment,
    getPayment: merchantApi.getPayment,
    createPayout: merchantApi.createPayout,
    getPayout: merchantApi.getPayout,
    banks: merchantApi.banks,

    // --- the hosted checkout page (checkout.ts) --------------------------------------------------
    checkout: checkout.checkout,
    submitCard: checkout.submitCard,
    submitChallenge: checkout.submitChallenge,
    cancel: checkout.cancel,
    confirmTransferSent: checkout.confirmTransferSent,
    simulateTransferReceived: checkout.simulateTransferReceived,

    // --- background work (settlement.ts, webhook-delivery.ts) ------------------------------------

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

    // --- the dashboard (dashboard.ts) ------------------------------------------------------------
    dashboard: dashboard.dashboard,
  };
  return service;
}

export type SandboxPsp = ReturnType<typeof createSandboxPsp>;
