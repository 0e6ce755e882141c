/**
 * A self-exclusion past its end (ADR 029): the account does not reopen by itself. The player asks
 * here (`responsibleGaming.requestReopen`) and can play 24 hours later; until then the notice says
 * when, in the player's language and time zone.
 */
import type { RgExclusionOutput } from '@croupier/contract/responsible-gaming/common';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { Button } from '../../ui/button.tsx';
import { Notice } from '../cashier/cashier-card.tsx';
import { toCashierFailure } from '../cashier/cashier-failure.ts';
import { useCashierApi } from '../cashier/use-cashier-api.ts';
import { useCashierFormat } from '../cashier/use-cashier-format.ts';

/** Whether the exclusion is a self-exclusion past its end (reopening asked for or not). */
export function isEndedSelfExclusion(running: RgExclusionOutput): boolean {
  return running.can_request_reopen || running.reopens_at !== null;
}

export function RgReopen({ running }: { running: RgExclusionOutput }) {
  const { t } = useTranslation('responsible-gaming');
  const { dateTime } = useCashierFormat();
  const { api, refresh } = useCashierApi();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const ask = async () => {
    setBusy(true);
    setProblem(null);
    try {
      await api.call('responsibleGaming.requestReopen', {});
      await refresh();
    } catch (error) {
      setProblem(toCashierFailure(error)?.message || t('reopen.error'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-col gap-4" data-testid="rg-reopen">
      {running.reopens_at ? (
        <Notice tone="info" title={t('reopen.waiting', { date: dateTime(running.reopens_at) })} />
      ) : (
        <>
          <Notice tone="warning" title={t('reopen.ended', { date: dateTime(running.ends_at) })}>
            {t('reopen.rule')}
          </Notice>
          <div>
            <Button variant="secondary" loading={busy} onClick={() => void ask()} data-testid="rg-reopen-ask">
              {t('reopen.ask')}
            </Button>
          </div>
        </>
      )}
      {problem && <Notice tone="error" title={problem} />}
    </div>
  );
}
