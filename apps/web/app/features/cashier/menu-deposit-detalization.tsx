/**
 * Deposit detalization in the profile menu (spec §2, when the content places it there rather than
 * in the cashier header). The menu is a dialog opened by a click, so its data is asked for in that
 * click's handler (`loadMenuDeposits`), in the browser: the player's recent deposits (spec §9: 4)
 * and their payment methods' titles. The menu shows a placeholder until they arrive.
 */

import type { TransactionOutput } from '@croupier/contract/cashier/common';
import type { ApiClient } from '@croupier/contract/client';
import { Suspense, use } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import type { MethodInfo } from './cashier-outlet.ts';
import { DepositDetalization } from './deposit-detalization.tsx';

/** Spec §9: recent transactions 4. */
export const MENU_RECENT_DEPOSITS = 4;

/** The menu's deposits and methods, or null when they could not be loaded. */
export type MenuDeposits = { deposits: TransactionOutput[]; methods: MethodInfo[] } | null;

export function loadMenuDeposits(api: ApiClient): Promise<MenuDeposits> {
  return Promise.all([
    api.call('cashier.gethistory', { type: 'deposit', count: MENU_RECENT_DEPOSITS }),
    api.call('cashier.paymentMethods'),
  ]).then(
    ([history, methods]) => ({ deposits: history.items, methods: methods.items }),
    () => null,
  );
}

export function MenuDepositDetalization({ deposits }: { deposits: Promise<MenuDeposits> }) {
  return (
    <Suspense fallback={<Skeleton className="h-12 w-full rounded-2xl" />}>
      <LoadedDeposits deposits={deposits} />
    </Suspense>
  );
}

function LoadedDeposits({ deposits }: { deposits: Promise<MenuDeposits> }) {
  const { t } = useTranslation('cashier');
  const loaded = use(deposits);
  if (!loaded) {
    return (
      <p className="text-sm text-muted" role="status">
        {t('detalization.failed')}
      </p>
    );
  }
  return <DepositDetalization deposits={loaded.deposits} methods={loaded.methods} />;
}
