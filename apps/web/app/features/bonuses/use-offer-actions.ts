/**
 * The player's bonus and cashback actions (spec §7 bonuses.*, cashbacks.*): a confirm dialog where
 * spec §4 asks for one, the call, a toast with the outcome (the server's localized message on a
 * refusal), then a refresh of the page's loaders — the root's too, so header balances follow.
 */
import type { ApiClient } from '@croupier/contract/client';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { type ConfirmOptions, useDialogs } from '../../ui/dialogs.tsx';
import { useToasts } from '../../ui/toasts.tsx';
import { toApiFailure } from '../profile/api-failure.ts';
import { usePlayerApi } from '../profile/use-player-api.ts';

export interface OfferAction {
  /** Which row is busy: `bonus:12`, `cashback:3`. */
  key: string;
  confirm?: ConfirmOptions;
  call: (api: ApiClient) => Promise<unknown>;
  done: string;
}

export function useOfferActions() {
  const { t } = useTranslation('bonuses');
  const { api, refresh } = usePlayerApi();
  const dialogs = useDialogs();
  const toasts = useToasts();
  const [busy, setBusy] = useState<string | null>(null);

  const run = async (action: OfferAction): Promise<boolean> => {
    if (busy !== null) return false;
    if (action.confirm && !(await dialogs.confirm(action.confirm))) return false;
    setBusy(action.key);
    try {
      await action.call(api);
      toasts.show({ kind: 'success', title: action.done });
      await refresh();
      return true;
    } catch (error) {
      toasts.show({ kind: 'error', title: toApiFailure(error)?.message || t('errors.generic') });
      return false;
    } finally {
      setBusy(null);
    }
  };

  return { busy, run };
}
