/**
 * Deposit detalization in the profile menu (spec §2, when the content places it there rather than
 * in the cashier header). The menu is a dialog opened by a click, so its data is fetched then, in
 * the browser: the player's recent deposits (spec §9: 4) and their payment methods' titles.
 */
import type { TransactionOutput } from '@croupier/contract/cashier/common';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '../../ui/skeleton.tsx';
import { useBrowserApi } from '../auth/use-auth-actions.ts';
import type { MethodInfo } from './cashier-outlet.ts';
import { DepositDetalization } from './deposit-detalization.tsx';

/** Spec §9: recent transactions 4. */
export const MENU_RECENT_DEPOSITS = 4;

type State =
  | { status: 'loading' }
  | { status: 'ready'; deposits: TransactionOutput[]; methods: MethodInfo[] }
  | { status: 'failed' };

export function MenuDepositDetalization() {
  const { t } = useTranslation('cashier');
  const api = useBrowserApi();
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    let live = true;
    Promise.all([
      api.call('cashier.gethistory', { type: 'deposit', count: MENU_RECENT_DEPOSITS }),
      api.call('cashier.paymentMethods'),
    ]).then(
      ([history, methods]) => {
        if (live) setState({ status: 'ready', deposits: history.items, methods: methods.items });
      },
      () => {
        if (live) setState({ status: 'failed' });
      },
    );
    return () => {
      live = false;
    };
  }, [api]);

  if (state.status === 'loading') {
    return <Skeleton className="h-12 w-full rounded-2xl" />;
  }
  if (state.status === 'failed') {
    return (
      <p className="text-sm text-muted" role="status">
        {t('detalization.failed')}
      </p>
    );
  }
  return <DepositDetalization deposits={state.deposits} methods={state.methods} />;
}
