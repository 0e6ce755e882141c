/** What the cashier layout hands its pages: the player's payment methods and the content settings. */
import type { TransactionOutput } from '@croupier/contract/cashier/common';
import type { PaymentMethodOutput } from '@croupier/contract/cashier/payment-methods';
import type { CmsConfig } from '@croupier/contract/content/cms-config';
import { useOutletContext } from 'react-router';

export type MethodInfo = Pick<PaymentMethodOutput, 'sysname' | 'title' | 'icons'>;

export interface CashierOutletContext {
  /** The player's payment methods in their currency (`cashier.paymentMethods`). */
  methods: PaymentMethodOutput[];
  depositLayout: CmsConfig['cashier-config']['depositLayout'];
  receiptBlocks: CmsConfig['cashier-config']['receiptBlocksVisibility'];
  /** Recent deposits for the detalization, when the content places it in the cashier header. */
  recentDeposits: TransactionOutput[] | null;
}

export function useCashierOutlet(): CashierOutletContext {
  return useOutletContext<CashierOutletContext>();
}

/** A method's title for a sysname (history rows, receipts), the sysname itself if unknown. */
export function methodTitle(methods: readonly MethodInfo[], sysname: string): string {
  return methods.find((method) => method.sysname === sysname)?.title ?? sysname;
}
