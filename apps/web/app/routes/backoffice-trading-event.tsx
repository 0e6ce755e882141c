/**
 * One event on the trading desk (ADR 047): its markets, odds and results, and for each outcome the
 * liability — what the house pays if it wins minus the stakes it keeps, per currency (singles exact,
 * multiples counted conservatively). Traders (`sportsbook.trade`) hold and reopen the event or a
 * market with a reason, and settle or resettle a market: they choose the results, see the money it
 * moves (the preview), then confirm. Read again every 5 seconds.
 */
import type { Locale } from '@croupier/contract/locales';
import { type FormEvent, useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import { errorText } from '../features/backoffice/backoffice-errors.ts';
import { formatStaffDateTime, formatStaffMoney } from '../features/backoffice/backoffice-format.ts';
import { loadOrSignIn, requireStaff } from '../features/backoffice/backoffice-loaders.ts';
import { backofficeHref } from '../features/backoffice/backoffice-paths.ts';
import { can } from '../features/backoffice/backoffice-permissions.ts';
import { staffRequest } from '../features/backoffice/backoffice-session.ts';
import { ErrorNote, PageHeading, TableBox, TD, TH } from '../features/backoffice/backoffice-shell.tsx';
import {
  eventPath,
  initialResults,
  isNegative,
  marketPath,
  type SettlementPreview,
  settleMode,
  TRADER_RESULTS,
  type TraderResult,
  type TradingEvent,
  type TradingMarket,
} from '../features/backoffice/trading.ts';
import { useTranslation } from '../i18n/use-translation.tsx';
import { usePageLocale } from '../lib/use-root-data.ts';
import { Button } from '../ui/button.tsx';
import { cx } from '../ui/class-names.ts';
import { useCurrentDialog, useDialogs } from '../ui/dialogs.tsx';
import { useToasts } from '../ui/toasts.tsx';
import type { Route } from './+types/backoffice-trading-event';
import { EventStatus, useTradingRefresh } from './backoffice-trading.tsx';

export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  const user = await requireStaff(request, 'sportsbook.read');
  const eventId = params.eventId ?? '';
  const page = await loadOrSignIn(request, () =>
    staffRequest<{ data: TradingEvent }>(eventPath(eventId), { signal: request.signal }),
  );
  return {
    canTrade: can(user, 'sportsbook.trade'),
    data: page.ok ? page.value.data : null,
    error: page.ok ? null : page.error,
  };
}

const STATE_TONE: Record<string, string> = {
  active: 'bg-success/15 text-success',
  held: 'bg-warning/15 text-warning',
  settled: 'bg-accent/15 text-text',
};

export default function BackofficeTradingEvent({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('backoffice');
  const locale = usePageLocale();
  const dialogs = useDialogs();
  const revalidator = useRevalidator();
  useTradingRefresh();
  const { data, canTrade } = loaderData;
  const back = (
    <Link className="text-sm text-accent underline" to={backofficeHref(locale, '/backoffice/trading')}>
      {t('trading.back')}
    </Link>
  );
  if (!data) {
    return (
      <div>
        <PageHeading title={t('trading.title')}>{back}</PageHeading>
        {loaderData.error && <ErrorNote text={errorText(t, loaderData.error)} />}
      </div>
    );
  }
  const { event } = data;
  const onDone = async () => {
    await revalidator.revalidate();
  };

  function hold(target: { marketKey: string | null; name: string }, action: 'suspend' | 'reopen') {
    dialogs.open({
      type: 'confirm',
      size: 'sm',
      title: t(`trading.${action}Title`, { name: target.name }),
      content: <HoldForm eventId={event.id} target={target} action={action} onDone={onDone} />,
    });
  }

  function settle(market: TradingMarket, mode: 'settle' | 'resettle') {
    dialogs.open({
      type: 'confirm',
      size: 'md',
      title: t(`trading.${mode}Title`, { name: market.name }),
      content: <SettleForm eventId={event.id} market={market} mode={mode} locale={locale} onDone={onDone} />,
    });
  }

  const eventName = t('trading.versus', { home: event.home, away: event.away });
  return (
    <div>
      <PageHeading title={eventName}>{back}</PageHeading>
      <div className="mb-5 flex flex-wrap items-center gap-3 rounded-xl border border-border bg-surface p-4 text-sm">
        <EventStatus status={event.status} />
        {event.tournament && <span className="text-muted">{event.tournament}</span>}
        <span className="tabular-nums">{formatStaffDateTime(event.start_time, locale)}</span>
        {event.status !== 'not_started' && (
          <span className="font-semibold tabular-nums">
            {t('trading.score')}: {event.score}
          </span>
        )}
        {event.held && (
          <span className="rounded-full bg-warning/15 px-2 py-0.5 text-xs font-medium text-warning">
            {t('trading.eventHeld', { reason: event.hold_reason ?? '' })}
          </span>
        )}
        {canTrade && (
          <span className="ms-auto">
            <Button
              size="sm"
              variant={event.held ? 'primary' : 'secondary'}
              onClick={() => hold({ marketKey: null, name: eventName }, event.held ? 'reopen' : 'suspend')}
            >
              {t(event.held ? 'trading.reopenEvent' : 'trading.suspendEvent')}
            </Button>
          </span>
        )}
      </div>
      {data.markets.length === 0 && <p className="text-muted">{t('trading.noMarkets')}</p>}
      <ul className="flex flex-col gap-4">
        {data.markets.map((market) => {
          const mode = settleMode(market);
          return (
            <li key={market.key} className="rounded-xl border border-border bg-surface">
              <section aria-label={market.name}>
                <div className="flex flex-wrap items-center gap-2 border-b border-border px-4 py-3">
                  <h2 className="font-semibold">{market.name}</h2>
                  <span
                    className={cx(
                      'rounded-full px-2 py-0.5 text-xs font-medium',
                      STATE_TONE[market.state] ?? 'bg-raised text-muted',
                    )}
                  >
                    {t(`trading.state.${market.state}`, { defaultValue: market.state })}
                  </span>
                  {market.held && market.hold_reason && (
                    <span className="text-xs text-muted">{market.hold_reason}</span>
                  )}
                  {market.stakes.length > 0 && (
                    <span className="text-xs text-muted">
                      {t('trading.stakes', {
                        amount: market.stakes.map((s) => formatStaffMoney(s, locale)).join(', '),
                      })}
                    </span>
                  )}
                  {canTrade && (
                    <span className="ms-auto flex flex-wrap gap-2">
                      {market.state !== 'settled' && market.state !== 'cancelled' && (
                        <Button
                          size="sm"
                          variant="secondary"
                          onClick={() =>
                            hold(
                              { marketKey: market.key, name: market.name },
                              market.held ? 'reopen' : 'suspend',
                            )
                          }
                        >
                          {t(market.held ? 'trading.reopen' : 'trading.suspend')}
                        </Button>
                      )}
                      {mode && (
                        <Button size="sm" onClick={() => settle(market, mode)}>
                          {t(`trading.${mode}`)}
                        </Button>
                      )}
                    </span>
                  )}
                </div>
                <TableBox label={t('trading.outcomesOf', { name: market.name })}>
                  <table className="w-full min-w-[36rem] border-collapse">
                    <thead className="border-b border-border">
                      <tr>
                        <th className={TH}>{t('trading.outcome')}</th>
                        <th className={cx(TH, 'text-end')}>{t('trading.odds')}</th>
                        <th className={TH}>{t('trading.result')}</th>
                        <th className={cx(TH, 'text-end')}>{t('trading.liability')}</th>
                        <th className={cx(TH, 'text-end')}>{t('trading.bets')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {market.outcomes.map((outcome) => (
                        <tr key={outcome.key} className="border-b border-border last:border-0">
                          <td className={TD}>{outcome.name}</td>
                          <td className={cx(TD, 'text-end tabular-nums')}>{outcome.odds}</td>
                          <td className={TD}>
                            {outcome.result ? t(`trading.results.${outcome.result}`) : '—'}
                          </td>
                          <td className={cx(TD, 'text-end tabular-nums')}>
                            {outcome.liability.length === 0
                              ? '—'
                              : outcome.liability.map((l) => (
                                  <span
                                    key={l.currency}
                                    className={cx(
                                      'block',
                                      isNegative(l.amount) ? 'text-success' : 'text-danger',
                                    )}
                                  >
                                    {formatStaffMoney({ amount: l.amount, currency: l.currency }, locale)}
                                  </span>
                                ))}
                          </td>
                          <td className={cx(TD, 'text-end tabular-nums')}>
                            {outcome.liability.reduce((sum, l) => sum + l.bets, 0)}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </TableBox>
              </section>
            </li>
          );
        })}
      </ul>
      <p className="mt-4 text-xs text-muted">{t('trading.liabilityRule')}</p>
    </div>
  );
}

/** Suspend (reason required) or reopen an event or a market. */
function HoldForm({
  eventId,
  target,
  action,
  onDone,
}: {
  eventId: string;
  target: { marketKey: string | null; name: string };
  action: 'suspend' | 'reopen';
  onDone: () => Promise<void>;
}) {
  const { t } = useTranslation('backoffice');
  const dialog = useCurrentDialog();
  const toasts = useToasts();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const reason = String(new FormData(event.currentTarget).get('reason') ?? '').trim();
    const path = target.marketKey === null ? eventPath(eventId) : marketPath(eventId, target.marketKey);
    setPending(true);
    setError(null);
    try {
      await staffRequest(`${path}/${action}`, { method: 'POST', body: reason ? { reason } : {} });
      toasts.show({ kind: 'success', title: t(`trading.${action}Done`, { name: target.name }) });
      dialog.close({ force: true });
      await onDone();
    } catch (caught) {
      setError(errorText(t, caught));
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      <p className="text-sm text-muted">{t(`trading.${action}Text`)}</p>
      <label className="flex flex-col gap-1.5 text-sm font-medium">
        {t(action === 'suspend' ? 'trading.reason' : 'trading.reasonOptional')}
        <input
          name="reason"
          required={action === 'suspend'}
          minLength={3}
          maxLength={500}
          className="min-h-12 rounded-xl border border-border bg-background px-3 text-base"
        />
      </label>
      {error && <ErrorNote text={error} />}
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="ghost" size="sm" onClick={() => dialog.close()}>
          {t('cancel')}
        </Button>
        <Button
          type="submit"
          size="sm"
          variant={action === 'suspend' ? 'danger' : 'primary'}
          loading={pending}
        >
          {t(`trading.${action}Confirm`)}
        </Button>
      </div>
    </form>
  );
}

/** Settle or resettle: results per outcome and a reason, the preview of the money, then confirm. */
function SettleForm({
  eventId,
  market,
  mode,
  locale,
  onDone,
}: {
  eventId: string;
  market: TradingMarket;
  mode: 'settle' | 'resettle';
  locale: Locale;
  onDone: () => Promise<void>;
}) {
  const { t } = useTranslation('backoffice');
  const dialog = useCurrentDialog();
  const toasts = useToasts();
  const [results, setResults] = useState<Record<string, TraderResult>>(() => initialResults(market));
  const [reason, setReason] = useState('');
  const [preview, setPreview] = useState<SettlementPreview | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const path = marketPath(eventId, market.key);

  function choose(key: string, value: TraderResult) {
    setResults((current) => ({ ...current, [key]: value }));
    setPreview(null);
  }

  async function showPreview() {
    setPending(true);
    setError(null);
    try {
      const answer = await staffRequest<{ data: SettlementPreview }>(`${path}/preview`, {
        method: 'POST',
        body: { mode, results },
      });
      setPreview(answer.data);
    } catch (caught) {
      setError(errorText(t, caught));
    } finally {
      setPending(false);
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!preview) return;
    setPending(true);
    setError(null);
    try {
      // The version the trader saw: a market changed meanwhile is refused, nothing written.
      await staffRequest(`${path}/${mode}`, {
        method: 'POST',
        body: { results, reason: reason.trim(), version: market.version },
      });
      toasts.show({ kind: 'success', title: t(`trading.${mode}Done`, { name: market.name }) });
      dialog.close({ force: true });
      await onDone();
    } catch (caught) {
      setError(errorText(t, caught));
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">{t('trading.results.label')}</legend>
        {market.outcomes.map((outcome) => (
          <label key={outcome.key} className="flex items-center justify-between gap-3 text-sm">
            <span>{outcome.name}</span>
            <select
              aria-label={outcome.name}
              value={results[outcome.key]}
              onChange={(e) => choose(outcome.key, e.target.value as TraderResult)}
              className="min-h-11 rounded-xl border border-border bg-background px-3 text-base"
            >
              {TRADER_RESULTS.map((value) => (
                <option key={value} value={value}>
                  {t(`trading.results.${value}`)}
                </option>
              ))}
            </select>
          </label>
        ))}
      </fieldset>
      <label className="flex flex-col gap-1.5 text-sm font-medium">
        {t('trading.reason')}
        <input
          name="reason"
          required
          minLength={3}
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          className="min-h-12 rounded-xl border border-border bg-background px-3 text-base"
        />
      </label>
      {preview && (
        <section aria-label={t('trading.preview')} className="rounded-xl border border-border p-3 text-sm">
          <h3 className="mb-2 font-semibold">{t('trading.preview')}</h3>
          {preview.effect.length === 0 ? (
            <p className="text-muted">{t('trading.noBets')}</p>
          ) : (
            <table className="w-full border-collapse">
              <thead>
                <tr>
                  <th className={TH}>{t('trading.bets')}</th>
                  <th className={cx(TH, 'text-end')}>{t('trading.paidBefore')}</th>
                  <th className={cx(TH, 'text-end')}>{t('trading.paidAfter')}</th>
                  <th className={cx(TH, 'text-end')}>{t('trading.difference')}</th>
                </tr>
              </thead>
              <tbody>
                {preview.effect.map((e) => (
                  <tr key={e.currency}>
                    <td className={cx(TD, 'tabular-nums')}>
                      {e.bets}
                      {e.waiting > 0 && (
                        <span className="block text-xs text-muted">
                          {t('trading.waiting', { count: e.waiting })}
                        </span>
                      )}
                    </td>
                    <td className={cx(TD, 'text-end tabular-nums')}>
                      {formatStaffMoney({ amount: e.paid_before, currency: e.currency }, locale)}
                    </td>
                    <td className={cx(TD, 'text-end tabular-nums')}>
                      {formatStaffMoney({ amount: e.paid_after, currency: e.currency }, locale)}
                    </td>
                    <td className={cx(TD, 'text-end font-semibold tabular-nums')}>
                      {formatStaffMoney({ amount: e.difference, currency: e.currency }, locale)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {!preview.allowed && <p className="mt-2 text-warning">{t('errors.stale_version')}</p>}
        </section>
      )}
      {error && <ErrorNote text={error} />}
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="ghost" size="sm" onClick={() => dialog.close()}>
          {t('cancel')}
        </Button>
        {preview ? (
          <Button type="submit" size="sm" loading={pending} disabled={!preview.allowed}>
            {t(`trading.${mode}Confirm`)}
          </Button>
        ) : (
          <Button type="button" size="sm" loading={pending} onClick={() => void showPreview()}>
            {t('trading.showPreview')}
          </Button>
        )}
      </div>
    </form>
  );
}
