/**
 * Session time on /profile/responsible-game (ADR 028): the session time limit (a lower one at once,
 * a higher one or none after 24 hours — the server decides and the card says when) and the
 * reality-check interval. A saved change tells the session runtime to read the session again.
 */
import {
  RG_REALITY_CHECK_MINUTES,
  RG_SESSION_LIMIT_CHOICES,
  type RgSessionOutput,
} from '@croupier/contract/responsible-gaming/session';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { formatTime } from '../../ui/format.ts';
import { useToasts } from '../../ui/toasts.tsx';
import { CashierCard, Notice } from '../cashier/cashier-card.tsx';
import { toCashierFailure } from '../cashier/cashier-failure.ts';
import { useCashierApi } from '../cashier/use-cashier-api.ts';
import { useCashierFormat, useTimeZone } from '../cashier/use-cashier-format.ts';
import { Select } from '../profile/select.tsx';
import { RG_SESSION_CHANGED_EVENT } from './session-events.ts';
import { formatDuration, formatMinutes } from './session-format.ts';

const NONE = 'none';

export function RgSessionSettings({ state: initial }: { state: RgSessionOutput }) {
  const { t } = useTranslation('rg-session');
  const { dateTime, locale } = useCashierFormat();
  const timeZone = useTimeZone();
  const { api } = useCashierApi();
  const toasts = useToasts();
  const [state, setState] = useState(initial);
  const [limit, setLimit] = useState(
    state.session_limit_minutes === null ? NONE : String(state.session_limit_minutes),
  );
  const [reality, setReality] = useState(String(state.reality_check_minutes));
  const [busy, setBusy] = useState<'limit' | 'reality' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const choices: number[] = [...RG_SESSION_LIMIT_CHOICES];
  if (state.session_limit_minutes !== null && !choices.includes(state.session_limit_minutes)) {
    choices.push(state.session_limit_minutes);
    choices.sort((a, b) => a - b);
  }

  const saved = (next: RgSessionOutput) => {
    setState(next);
    window.dispatchEvent(new Event(RG_SESSION_CHANGED_EVENT));
  };

  const saveLimit = async () => {
    setBusy('limit');
    setProblem(null);
    try {
      const next = await api.call('responsibleGaming.setSessionLimit', {
        minutes: limit === NONE ? null : Number(limit),
      });
      saved(next);
      if (next.pending_effective_at) {
        toasts.show({
          kind: 'info',
          title: t('settings.savedLater', { date: dateTime(next.pending_effective_at) }),
        });
      } else {
        toasts.show({ kind: 'success', title: t('settings.savedNow') });
      }
    } catch (error) {
      setProblem(toCashierFailure(error)?.message || t('settings.error'));
    } finally {
      setBusy(null);
    }
  };

  const saveReality = async () => {
    setBusy('reality');
    setProblem(null);
    try {
      saved(await api.call('responsibleGaming.setRealityCheck', { minutes: Number(reality) }));
      toasts.show({ kind: 'success', title: t('settings.realitySaved') });
    } catch (error) {
      setProblem(toCashierFailure(error)?.message || t('settings.error'));
    } finally {
      setBusy(null);
    }
  };

  const session = state.session;
  return (
    <CashierCard id="rg-session" title={t('settings.title')} description={t('settings.rule')}>
      <div className="flex flex-col gap-4" data-testid="rg-session-settings">
        <div className="text-sm" data-testid="rg-session-status">
          <p>
            {state.session_limit_minutes === null
              ? t('settings.limitNoneInForce')
              : t('settings.limitInForce', { duration: formatMinutes(state.session_limit_minutes, locale) })}
          </p>
          {state.pending_effective_at && (
            <p className="mt-1 text-warning">
              {state.pending_removal
                ? t('settings.pendingRemoval', { date: dateTime(state.pending_effective_at) })
                : t('settings.pendingRaise', {
                    duration: formatMinutes(state.pending_session_limit_minutes ?? 0, locale),
                    date: dateTime(state.pending_effective_at),
                  })}
            </p>
          )}
          {session && (
            <p className="mt-1 text-muted">
              {t('settings.sessionNow', {
                time: formatTime(session.started_at, { timeZone }),
                duration: formatDuration(session.elapsed_seconds, locale),
              })}
              {session.ends_at &&
                ` ${t('settings.sessionEnds', { time: formatTime(session.ends_at, { timeZone }) })}`}
            </p>
          )}
        </div>
        <form
          className="flex flex-col gap-2 tablet:flex-row tablet:items-end"
          onSubmit={(event) => {
            event.preventDefault();
            void saveLimit();
          }}
        >
          <Field label={t('settings.limitLabel')} className="flex-1">
            <Select
              value={limit}
              onChange={(event) => setLimit(event.target.value)}
              data-testid="rg-session-limit"
            >
              <option value={NONE}>{t('settings.limitNone')}</option>
              {choices.map((minutes) => (
                <option key={minutes} value={String(minutes)}>
                  {formatMinutes(minutes, locale)}
                </option>
              ))}
            </Select>
          </Field>
          <Button type="submit" size="sm" loading={busy === 'limit'} data-testid="rg-session-limit-save">
            {t('settings.save')}
          </Button>
        </form>
        {/* The hint sits under the whole row, so the button lines up with its select. */}
        <form
          className="flex flex-col gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            void saveReality();
          }}
        >
          <div className="flex flex-col gap-2 tablet:flex-row tablet:items-end">
            <Field label={t('settings.realityLabel')} className="flex-1">
              <Select
                value={reality}
                onChange={(event) => setReality(event.target.value)}
                aria-describedby="rg-reality-hint"
                data-testid="rg-reality-check"
              >
                {RG_REALITY_CHECK_MINUTES.map((minutes) => (
                  <option key={minutes} value={String(minutes)}>
                    {minutes === 0 ? t('settings.realityOff') : formatMinutes(minutes, locale)}
                  </option>
                ))}
              </Select>
            </Field>
            <Button type="submit" size="sm" loading={busy === 'reality'} data-testid="rg-reality-check-save">
              {t('settings.realitySave')}
            </Button>
          </div>
          <p id="rg-reality-hint" className="text-sm text-muted">
            {t('settings.realityHint')}
          </p>
        </form>
        {problem && <Notice tone="error" title={problem} />}
      </div>
    </CashierCard>
  );
}
