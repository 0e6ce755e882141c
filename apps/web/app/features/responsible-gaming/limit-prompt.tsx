/**
 * The limit prompt (ADR 029): after registration (the registration form opens it), or on the
 * deposit page before the first deposit for a player who never saw it, a short dialog offers a
 * deposit limit and a loss limit over one period. It can be
 * skipped and is shown once: the server keeps that it was (`responsibleGaming.answerLimitPrompt`).
 * The limits go through the existing APIs (`account.setDepositLimit`, `responsibleGaming.setLimit`).
 */
import type { ApiClient } from '@croupier/contract/client';
import { RG_LIMIT_PERIODS, type RgLimitPeriod } from '@croupier/contract/responsible-gaming/common';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { Button } from '../../ui/button.tsx';
import { useCurrentDialog, useDialogs } from '../../ui/dialogs.tsx';
import { Field } from '../../ui/field.tsx';
import { Input } from '../../ui/input.tsx';
import { useAuthRoot } from '../auth/auth-root-data.ts';
import { useBrowserApi } from '../auth/use-auth-actions.ts';
import { Notice } from '../cashier/cashier-card.tsx';
import { toCashierFailure } from '../cashier/cashier-failure.ts';

/** Records the answer; a failure is logged only (the prompt may then come once more). */
function answer(api: ApiClient, value: 'set' | 'skipped') {
  return api
    .call('responsibleGaming.answerLimitPrompt', { answer: value })
    .catch((error: unknown) => console.error('limit prompt answer not saved', error));
}

export function LimitPromptForm({
  api,
  currency,
  onAnswered,
}: {
  api: ApiClient;
  currency: string;
  /** Called once the player answered (the dialog closing then is not a skip). */
  onAnswered?: () => void;
}) {
  const { t } = useTranslation('responsible-gaming');
  const dialog = useCurrentDialog();
  const [period, setPeriod] = useState<RgLimitPeriod>('day');
  const [deposit, setDeposit] = useState('');
  const [loss, setLoss] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const finish = async (value: 'set' | 'skipped') => {
    onAnswered?.();
    await answer(api, value);
    dialog.close({ force: true });
  };

  const save = async () => {
    if (deposit.trim() === '' && loss.trim() === '') {
      setProblem(t('prompt.empty'));
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      if (deposit.trim() !== '') {
        await api.call('account.setDepositLimit', { period, amount: deposit.trim() });
        setDeposit('');
      }
      if (loss.trim() !== '') {
        await api.call('responsibleGaming.setLimit', { kind: 'loss', period, amount: loss.trim() });
        setLoss('');
      }
      await finish('set');
    } catch (error) {
      setProblem(toCashierFailure(error)?.message || t('prompt.error'));
      setBusy(false);
    }
  };

  return (
    <form
      className="flex flex-col gap-4"
      data-testid="limit-prompt"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <p className="text-sm text-muted">{t('prompt.text')}</p>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">{t('prompt.period')}</legend>
        <div className="flex flex-wrap gap-3">
          {RG_LIMIT_PERIODS.map((value) => (
            <label key={value} className="inline-flex min-h-11 items-center gap-2 text-sm">
              <input
                type="radio"
                name="limit-prompt-period"
                value={value}
                checked={period === value}
                onChange={() => setPeriod(value)}
              />
              {t(`prompt.periods.${value}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <Field label={t('prompt.deposit')}>
        <Input
          inputMode="decimal"
          autoComplete="off"
          trailing={currency || undefined}
          value={deposit}
          onChange={(event) => setDeposit(event.target.value)}
          data-testid="limit-prompt-deposit"
        />
      </Field>
      <Field label={t('prompt.loss')}>
        <Input
          inputMode="decimal"
          autoComplete="off"
          trailing={currency || undefined}
          value={loss}
          onChange={(event) => setLoss(event.target.value)}
          data-testid="limit-prompt-loss"
        />
      </Field>
      {problem && <Notice tone="error" title={problem} />}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" loading={busy} data-testid="limit-prompt-save">
          {t('prompt.save')}
        </Button>
        <Button
          type="button"
          variant="ghost"
          disabled={busy}
          onClick={() => void finish('skipped')}
          data-testid="limit-prompt-skip"
        >
          {t('prompt.skip')}
        </Button>
      </div>
    </form>
  );
}

/**
 * Opens the prompt (after any other dialog, e.g. the auth popup or the registration completion).
 * Closing it without an answer counts as skipping.
 */
export function useOpenLimitPrompt(): (currency: string) => void {
  const { t } = useTranslation('responsible-gaming');
  const api = useBrowserApi();
  const dialogs = useDialogs();
  return useCallback(
    (currency: string) => {
      let answered = false;
      dialogs.open({
        title: t('prompt.title'),
        size: 'sm',
        queue: true,
        content: (
          <LimitPromptForm
            api={api}
            currency={currency}
            onAnswered={() => {
              answered = true;
            }}
          />
        ),
        onClosed: () => {
          if (!answered) void answer(api, 'skipped');
        },
      });
    },
    [api, dialogs, t],
  );
}

/**
 * Before the first deposit (the deposit page): opens the prompt once when the page's loader found
 * it due (`responsibleGaming.getLimitPrompt`) and the player has not deposited yet.
 */
export function LimitPromptBeforeFirstDeposit({ due, currency }: { due: boolean; currency: string }) {
  const root = useAuthRoot();
  const open = useOpenLimitPrompt();
  const shown = useRef(false);
  const show = due && root?.isAuthenticated === true && !root.account.has_deposit;
  useEffect(() => {
    if (!show || shown.current) return;
    shown.current = true;
    open(currency);
  }, [show, open, currency]);
  return null;
}
