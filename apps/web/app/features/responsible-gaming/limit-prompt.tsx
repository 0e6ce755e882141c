/**
 * The limit prompt (ADR 029): after registration, or before the first deposit for a player who
 * never saw it, a short dialog offers a deposit limit and a loss limit over one period. It can be
 * skipped and is shown once: the server keeps that it was (`responsibleGaming.answerLimitPrompt`).
 * The limits go through the existing APIs (`account.setDepositLimit`, `responsibleGaming.setLimit`).
 */
import type { ApiClient } from '@croupier/contract/client';
import { RG_LIMIT_PERIODS, type RgLimitPeriod } from '@croupier/contract/responsible-gaming/common';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
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
      <Field label={t('prompt.deposit', { currency })}>
        <Input
          inputMode="decimal"
          autoComplete="off"
          value={deposit}
          onChange={(event) => setDeposit(event.target.value)}
          data-testid="limit-prompt-deposit"
        />
      </Field>
      <Field label={t('prompt.loss', { currency })}>
        <Input
          inputMode="decimal"
          autoComplete="off"
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
 * Mounted once in the app: for a signed-in player without a deposit, asks whether the prompt is
 * due and, if so, opens it (after any other dialog, e.g. the registration completion). Closing it
 * counts as skipping. Game pages are left alone.
 */
export function LimitPrompt() {
  const { t } = useTranslation('responsible-gaming');
  const root = useAuthRoot();
  const api = useBrowserApi();
  const dialogs = useDialogs();
  const { pathname } = useLocation();
  const eligible =
    root?.isAuthenticated === true && !root.account.has_deposit && !pathname.includes('/game/');
  const uid = root?.account.uid ?? 0;
  const currency = root?.account.currency ?? '';
  const asked = useRef<number | null>(null);
  const latest = useRef({ api, dialogs, t });
  latest.current = { api, dialogs, t };

  useEffect(() => {
    if (!eligible || asked.current === uid) return;
    asked.current = uid;
    const { api: client, dialogs: stack, t: translate } = latest.current;
    client
      .call('responsibleGaming.getLimitPrompt', {})
      .then(({ due }) => {
        if (!due) return;
        let answered = false;
        stack.open({
          title: translate('prompt.title'),
          size: 'sm',
          queue: true,
          content: (
            <LimitPromptForm
              api={client}
              currency={currency}
              onAnswered={() => {
                answered = true;
              }}
            />
          ),
          // Closed without an answer (Escape, the close button): skipped.
          onClosed: () => {
            if (!answered) void answer(client, 'skipped');
          },
        });
      })
      .catch((error: unknown) => console.error('limit prompt not loaded', error));
  }, [eligible, uid, currency]);

  return null;
}
