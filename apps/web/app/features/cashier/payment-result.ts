/**
 * Payment result pages with their transaction (spec §2, §4): the page follows what the transaction
 * really is. The provider sends the player to paysuccess / payfail / paypending as it sees the
 * payment; our record changes only when its signed webhook arrives, so a page whose transaction is
 * still pending or processing shows the pending state whatever its address says (never "successful"
 * beside "awaiting payment"), polls (every second at first, then every few seconds, a bounded
 * number of times) and, once it settles, shows the outcome — the loader moves the player to the
 * page of the outcome when the address names another one.
 */
import type { TransactionStatus } from '@croupier/contract/cashier/common';
import type { SystemPageKind } from '@croupier/contract/content/cms-config';

/**
 * Every second for the first 15 s (a sandbox or card webhook usually lands within a few seconds),
 * then every 3 s, for about 2 minutes in all; past that the page says to check the history later.
 */
export const RESULT_POLL_FAST_INTERVAL_MS = 1000;
export const RESULT_POLL_FAST_COUNT = 15;
export const RESULT_POLL_INTERVAL_MS = 3000;
export const RESULT_POLL_MAX = 50;

/** The wait before poll number `done + 1` (`done` polls already made). */
export function resultPollDelayMs(done: number): number {
  return done < RESULT_POLL_FAST_COUNT ? RESULT_POLL_FAST_INTERVAL_MS : RESULT_POLL_INTERVAL_MS;
}

const SUCCEEDED: readonly TransactionStatus[] = ['succeeded', 'paid'];
const FAILED: readonly TransactionStatus[] = ['failed', 'canceled', 'rejected'];

const RESULT_PATHS: Partial<Record<SystemPageKind, string>> = {
  payCancel: 'paycancel',
  paySuccess: 'paysuccess',
  payFail: 'payfail',
  payPending: 'paypending',
};

/** Whether the outcome is still open (the page should poll). */
export function isUnsettled(status: TransactionStatus): boolean {
  return !SUCCEEDED.includes(status) && !FAILED.includes(status);
}

/**
 * The result page a transaction belongs on when the current one no longer fits it, else null:
 * pending → success or fail once settled; a late success on the fail or cancel page → success; a
 * failure behind the success page (the provider said success, the webhook said otherwise) → fail.
 * A canceled or failed payment stays on the cancel page (the player cancelled it there).
 */
export function settledResultKind(kind: SystemPageKind, status: TransactionStatus): SystemPageKind | null {
  if (!(kind in RESULT_PATHS)) return null;
  if (SUCCEEDED.includes(status)) return kind === 'paySuccess' ? null : 'paySuccess';
  if (FAILED.includes(status)) return kind === 'payFail' || kind === 'payCancel' ? null : 'payFail';
  return null;
}

/**
 * What a result page shows for its transaction: the outcome page while the transaction fits it,
 * and the pending page while the provider's confirmation has not arrived — whatever the address
 * says, so "Deposit successful" or "Payment failed" never shows beside "Awaiting payment".
 */
export function shownResultKind(kind: SystemPageKind, status: TransactionStatus | null): SystemPageKind {
  if (status === null || !(kind in RESULT_PATHS)) return kind;
  if (isUnsettled(status)) return 'payPending';
  return settledResultKind(kind, status) ?? kind;
}

/** `/cashier/paysuccess/12` for a kind and transaction (unprefixed; the caller localizes it). */
export function resultPagePath(kind: SystemPageKind, transactionId: number): string {
  const segment = RESULT_PATHS[kind];
  if (!segment) throw new Error(`${kind} is not a payment result page with a transaction`);
  return `/cashier/${segment}/${transactionId}`;
}

/** A transaction segment as the routes take it (`/cashier/payfail/{transaction}`), or null. */
export function parseTransactionId(segment: string | undefined): number | null {
  if (segment === undefined || !/^[1-9]\d{0,14}$/.test(segment)) return null;
  return Number(segment);
}
