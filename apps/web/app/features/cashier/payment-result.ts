/**
 * Payment result pages with their transaction (spec §2, §4): the page follows what the transaction
 * really is. The provider sends the player to paysuccess / payfail / paypending as it sees the
 * payment; our record changes only when its signed webhook arrives, so a page whose transaction is
 * still pending or processing polls (a revalidation every few seconds, a bounded number of times)
 * and, once it settles, the loader moves the player to the page of the outcome.
 */
import type { TransactionStatus } from '@croupier/contract/cashier/common';
import type { SystemPageKind } from '@croupier/contract/content/cms-config';

/** Every 3 s for 2 minutes at most; past that the page says to check the history later. */
export const RESULT_POLL_INTERVAL_MS = 3000;
export const RESULT_POLL_MAX = 40;

const SUCCEEDED: readonly TransactionStatus[] = ['succeeded', 'paid'];
const FAILED: readonly TransactionStatus[] = ['failed', 'canceled', 'rejected'];

const RESULT_PATHS: Partial<Record<SystemPageKind, string>> = {
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
 * pending → success or fail once settled; a late success on the fail page → success; a failure
 * behind the success page (the provider said success, the webhook said otherwise) → fail.
 */
export function settledResultKind(kind: SystemPageKind, status: TransactionStatus): SystemPageKind | null {
  if (!(kind in RESULT_PATHS)) return null;
  if (SUCCEEDED.includes(status)) return kind === 'paySuccess' ? null : 'paySuccess';
  if (FAILED.includes(status)) return kind === 'payFail' ? null : 'payFail';
  return null;
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
