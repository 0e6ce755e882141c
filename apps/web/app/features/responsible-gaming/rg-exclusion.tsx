/**
 * Time-out and self-exclusion (ADR 025): a strong confirm (danger tone, focus on "keep playing"),
 * then the server ends every session, so the page reloads the home page as a guest.
 */
import { localizePath } from '@croupier/contract/locales';
import {
  RG_SELF_EXCLUSION_DURATIONS,
  RG_TIMEOUT_DURATIONS,
  type RgExclusionOutput,
} from '@croupier/contract/responsible-gaming/common';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { Button } from '../../ui/button.tsx';
import { useDialogs } from '../../ui/dialogs.tsx';
import { CashierCard, Notice } from '../cashier/cashier-card.tsx';
import { toCashierFailure } from '../cashier/cashier-failure.ts';
import { useCashierApi } from '../cashier/use-cashier-api.ts';
import { useCashierFormat } from '../cashier/use-cashier-format.ts';
import { isEndedSelfExclusion, RgReopen } from './rg-reopen.tsx';

type Kind = RgExclusionOutput['kind'];
type Duration = RgExclusionOutput['duration'];

/** When an exclusion asked now would end, for the confirm text (the server computes the real one). */
export function approximateEnd(duration: Duration, from: Date): Date {
  const end = new Date(from.getTime());
  const days: Partial<Record<Duration, number>> = { '24h': 1, '1w': 7, '6w': 42 };
  const months: Partial<Record<Duration, number>> = { '1m': 1, '6m': 6, '1y': 12, '2y': 24, '5y': 60 };
  const d = days[duration];
  if (d !== undefined) end.setTime(end.getTime() + d * 86_400_000);
  else end.setUTCMonth(end.getUTCMonth() + (months[duration] ?? 0));
  return end;
}

export function RgExclusion({ running }: { running: RgExclusionOutput | null }) {
  const { t } = useTranslation('responsible-gaming');
  const { dateTime, locale } = useCashierFormat();
  const { api } = useCashierApi();
  const dialogs = useDialogs();
  const [busy, setBusy] = useState<Duration | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const start = async (kind: Kind, duration: Duration) => {
    const what = t(`exclusion.what.${kind}`);
    const confirmed = await dialogs.confirm({
      title: t('exclusion.confirmTitle', { what, duration: t(`exclusion.duration.${duration}`) }),
      text: t('exclusion.confirmText', {
        date: dateTime(approximateEnd(duration, new Date()).toISOString()),
      }),
      confirmText: t('exclusion.confirmYes'),
      cancelText: t('exclusion.confirmNo'),
      tone: 'danger',
    });
    if (!confirmed) return;
    setBusy(duration);
    setProblem(null);
    try {
      await api.call('responsibleGaming.exclude', { kind, duration } as
        | { kind: 'timeout'; duration: (typeof RG_TIMEOUT_DURATIONS)[number] }
        | { kind: 'self_exclusion'; duration: (typeof RG_SELF_EXCLUSION_DURATIONS)[number] });
      // Every session has ended: a full load shows the site as a guest.
      window.location.assign(localizePath('/', locale));
    } catch (error) {
      setProblem(toCashierFailure(error)?.message || t('exclusion.error'));
      setBusy(null);
    }
  };

  const group = (kind: Kind, title: string, durations: readonly Duration[]) => (
    <div>
      <h3 className="mb-2 text-sm font-semibold">{title}</h3>
      <div className="grid grid-cols-2 gap-2 tablet:grid-cols-4">
        {durations.map((duration) => (
          <Button
            key={duration}
            variant="secondary"
            size="sm"
            loading={busy === duration}
            disabled={busy !== null}
            onClick={() => void start(kind, duration)}
            data-testid={`rg-exclude-${kind}-${duration}`}
          >
            {t(`exclusion.duration.${duration}`)}
          </Button>
        ))}
      </div>
    </div>
  );

  return (
    <CashierCard id="rg-exclusion" title={t('exclusion.title')} description={t('exclusion.rule')}>
      {running && isEndedSelfExclusion(running) ? (
        <RgReopen running={running} />
      ) : running ? (
        <Notice
          tone="warning"
          title={t('exclusion.running', {
            what: t(`exclusion.what.${running.kind}`),
            date: dateTime(running.ends_at),
          })}
        />
      ) : (
        <div className="flex flex-col gap-4">
          {group('timeout', t('exclusion.timeoutTitle'), RG_TIMEOUT_DURATIONS)}
          {group('self_exclusion', t('exclusion.selfExclusionTitle'), RG_SELF_EXCLUSION_DURATIONS)}
        </div>
      )}
      {problem && (
        <div className="mt-4">
          <Notice tone="error" title={problem} />
        </div>
      )}
    </CashierCard>
  );
}
