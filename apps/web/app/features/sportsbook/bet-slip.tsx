/**
 * The bet slip (ADR 035): the legs with their odds (a moved price shown beside the old one until
 * the player accepts it), singles / accumulator / system, a stake per line, the potential payout
 * from the quote, the odds-change setting, the odds format, the stake source (main balance,
 * betting bonus, a free bet) and placement with the contract's typed refusals. A guest is asked
 * to log in. On a laptop it is the right column; on a phone a bottom sheet behind a badge.
 */
import { localizePath } from '@croupier/contract/locales';
import { SPORTSBOOK_MAX_LEGS } from '@croupier/contract/sportsbook/betting';
import { Ticket, Trash2, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, useLocation, useRevalidator } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { authHref } from '../../lib/auth-links.ts';
import { usePageLocale } from '../../lib/use-root-data.ts';
import { Button } from '../../ui/button.tsx';
import { cx } from '../../ui/class-names.ts';
import { toMinorUnits } from '../../ui/format.ts';
import { useToasts } from '../../ui/toasts.tsx';
import { useAuthRoot } from '../auth/auth-root-data.ts';
import { useBrowserApi } from '../auth/use-auth-actions.ts';
import { toApiFailure } from '../profile/api-failure.ts';
import { type AcceptOdds, useBetSlip } from './bet-slip-context.tsx';
import { formatOdds, ODDS_FORMATS, type OddsFormat } from './odds-format.ts';
import { combinedOddsMilli, linesOf, stakeText, stakeToMinor, systemKinds } from './slip-maths.ts';
import {
  COMBO_STAKE,
  comboKind,
  hasOddsChanges,
  legKey,
  type SlipLeg,
  type SlipState,
} from './slip-state.ts';
import { useSbMoney } from './sportsbook-money.ts';
import { bettingPath } from './sportsbook-paths.ts';

export interface FreeBet {
  id: string;
  amount: { amount: string; currency: string };
  min_odds: string | null;
}

interface Line {
  key: string;
  kind: string;
  legs: SlipLeg[];
  lines: number;
}

/** The bets the slip would place now: one single per leg, or one accumulator or system. */
export function slipLines(state: SlipState): Line[] {
  if (state.mode === 'singles') {
    return state.legs.map((leg) => ({ key: legKey(leg), kind: 'single', legs: [leg], lines: 1 }));
  }
  const kind = comboKind(state);
  if (!kind) return [];
  return [{ key: COMBO_STAKE, kind, legs: state.legs, lines: linesOf(kind, state.legs.length) }];
}

function refusalData(error: unknown): Record<string, unknown> {
  const data = (error as { data?: unknown }).data;
  return typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
}

type OddsSelection = {
  event_id: string;
  market_key: string;
  outcome_key: string;
  odds_milli: number;
  active: boolean;
};

function isSelectionList(value: unknown): value is OddsSelection[] {
  return (
    Array.isArray(value) &&
    value.every((item) => typeof item === 'object' && item !== null && typeof item.odds_milli === 'number')
  );
}

export function BetSlipPanel({ freeBets, onClose }: { freeBets: readonly FreeBet[]; onClose?: () => void }) {
  const { t } = useTranslation('sportsbook');
  const slip = useBetSlip();
  const api = useBrowserApi();
  const root = useAuthRoot();
  const toasts = useToasts();
  const revalidator = useRevalidator();
  const locale = usePageLocale();
  const location = useLocation();
  const { money, minor, currency } = useSbMoney();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [placed, setPlaced] = useState<number>(0);
  const ids = useId();
  const { state } = slip;
  const lines = slipLines(state);
  const changed = hasOddsChanges(state);
  const suspended = state.legs.some((leg) => leg.suspended);
  const systems = systemKinds(state.legs.length);
  const freeBet = state.source.startsWith('free_bet:')
    ? freeBets.find((item) => `free_bet:${item.id}` === state.source)
    : undefined;
  const bonusBalance = root?.isAuthenticated ? root.account.balance_betting_bonus : null;

  const stakeOf = (line: Line) => (freeBet ? freeBet.amount.amount : (state.stakes[line.key] ?? ''));
  const totalMinor = lines.reduce((sum, line) => {
    const stake = stakeToMinor(stakeOf(line), currency.exponent);
    return stake === null ? sum : sum + stake * BigInt(line.lines);
  }, 0n);
  const payoutMinor = lines.reduce((sum, line) => {
    const quote = slip.quotes[line.key];
    return quote?.potential_payout
      ? sum + toMinorUnits(quote.potential_payout.amount, currency.exponent)
      : sum;
  }, 0n);
  const payoutKnown = lines.some((line) => slip.quotes[line.key]?.potential_payout);
  const stakedLines = lines.filter((line) => stakeToMinor(stakeOf(line), currency.exponent) !== null);

  function explain(failure: ReturnType<typeof toApiFailure>, cause: unknown): string {
    const data = refusalData(cause);
    const fields = failure?.fields ?? {};
    if (fields.selections === 'odds_changed') {
      if (isSelectionList(data.selections)) slip.act({ type: 'quoted', selections: data.selections });
      else slip.requote();
      return t('slip.errors.odds_changed');
    }
    if (fields.selections)
      return t(`slip.errors.selections_${fields.selections}`, { defaultValue: failure?.message });
    if (fields.stake === 'above_maximum' && typeof data.max_stake === 'string') {
      return t('slip.errors.stake_above_maximum', {
        max: money({ amount: data.max_stake, currency: currency.code }),
      });
    }
    if (fields.stake) return t(`slip.errors.stake_${fields.stake}`, { defaultValue: failure?.message });
    if (fields.source) return t(`slip.errors.source_${fields.source}`, { defaultValue: failure?.message });
    if (fields.request_id) return t('slip.errors.duplicate');
    return failure?.message || t('slip.errors.generic');
  }

  async function place() {
    if (busy || stakedLines.length === 0) return;
    setBusy(true);
    setError(null);
    const done: string[] = [];
    try {
      for (const line of stakedLines) {
        await api.call('sportsbook.placeBet', {
          kind: line.kind,
          selections: JSON.stringify(
            line.legs.map(({ event_id, market_key, outcome_key, odds_milli }) => ({
              event_id,
              market_key,
              outcome_key,
              odds_milli,
            })),
          ),
          stake: stakeText(stakeOf(line)) ?? '',
          source: state.source,
          accept_odds: slip.acceptOdds,
          request_id: crypto.randomUUID(),
        });
        done.push(...(line.key === COMBO_STAKE ? line.legs.map(legKey) : [line.key]));
      }
    } catch (cause) {
      setError(explain(toApiFailure(cause), cause));
    } finally {
      if (done.length > 0) {
        slip.act({ type: 'placed', keys: done });
        if (freeBet) slip.act({ type: 'source', source: 'main' });
        setPlaced((count) => count + 1);
        toasts.show({ kind: 'success', title: t('slip.placed') });
        void revalidator.revalidate();
      }
      setBusy(false);
    }
  }

  return (
    <section className="flex h-full flex-col gap-3" aria-labelledby={`${ids}-title`} data-testid="bet-slip">
      <header className="flex items-center justify-between gap-2">
        <h2 id={`${ids}-title`} className="flex items-center gap-2 text-lg font-bold">
          <Ticket className="size-5 text-gold" aria-hidden focusable={false} />
          {t('slip.title')}
          <span className="rounded-full bg-gold px-2 text-xs text-background" data-testid="slip-count">
            {state.legs.length}
          </span>
        </h2>
        <div className="flex items-center gap-1">
          {state.legs.length > 0 && (
            <button
              type="button"
              className="rounded p-1 text-sm text-muted hover:text-text"
              onClick={() => slip.act({ type: 'clear' })}
            >
              {t('slip.clear')}
            </button>
          )}
          {onClose && (
            <button
              type="button"
              className="rounded p-1 text-muted hover:text-text"
              onClick={onClose}
              aria-label={t('slip.close')}
            >
              <X className="size-5" aria-hidden focusable={false} />
            </button>
          )}
        </div>
      </header>

      {state.legs.length === 0 ? (
        <div
          className="rounded-xl border border-dashed border-border p-4 text-center text-sm text-muted"
          data-testid="slip-empty"
        >
          <p>{t('slip.empty')}</p>
          {placed > 0 && (
            <Link
              className="mt-2 inline-block text-gold underline"
              to={localizePath(bettingPath.profileBets, locale)}
            >
              {t('slip.toMyBets')}
            </Link>
          )}
        </div>
      ) : (
        <>
          {state.legs.length > 1 && (
            <div
              className="grid grid-cols-3 gap-1 rounded-lg bg-raised p-1 text-sm"
              role="tablist"
              aria-label={t('slip.modeLabel')}
            >
              {(['singles', 'accumulator', 'system'] as const).map((mode) => (
                <button
                  key={mode}
                  type="button"
                  role="tab"
                  aria-selected={state.mode === mode}
                  disabled={mode === 'system' && systems.length === 0}
                  onClick={() =>
                    slip.act({ type: 'mode', mode, system: mode === 'system' ? (systems[0] ?? null) : null })
                  }
                  className={cx(
                    'rounded-md px-2 py-1.5 disabled:opacity-40',
                    state.mode === mode ? 'bg-surface font-semibold text-gold' : 'text-muted',
                  )}
                >
                  {t(`slip.mode.${mode}`)}
                </button>
              ))}
            </div>
          )}
          {state.mode === 'system' && systems.length > 0 && (
            <label className="grid gap-1 text-sm">
              <span className="text-muted">{t('slip.systemLabel')}</span>
              <select
                className="rounded-lg border border-border bg-raised px-2 py-1.5"
                value={state.system ?? ''}
                onChange={(event) => slip.act({ type: 'mode', mode: 'system', system: event.target.value })}
                data-testid="slip-system"
              >
                {systems.map((kind) => (
                  <option key={kind} value={kind}>
                    {t(`slip.system.${kind.includes('/') ? 'kOfN' : kind}`, {
                      kind,
                      lines: linesOf(kind, state.legs.length),
                    })}
                  </option>
                ))}
              </select>
            </label>
          )}

          <ul className="grid gap-2" data-testid="slip-legs">
            {state.legs.map((leg) => (
              <li
                key={legKey(leg)}
                className={cx(
                  'rounded-lg border bg-raised p-2 text-sm',
                  // Marked, not dimmed: its names and the warning below stay readable.
                  leg.suspended ? 'border-dashed border-warning/60' : 'border-border',
                )}
                data-testid="slip-leg"
              >
                <div className="flex items-start justify-between gap-2">
                  <div className="min-w-0">
                    <p className="truncate font-semibold">{leg.outcome_name}</p>
                    <p className="truncate text-xs text-muted">{leg.market_name}</p>
                    <p className="truncate text-xs text-muted">{leg.event_name}</p>
                  </div>
                  <div className="flex items-center gap-1">
                    <span className="font-bold tabular-nums" data-testid="slip-leg-odds">
                      {leg.new_odds_milli !== null ? (
                        <>
                          <s className="text-muted">{formatOdds(leg.odds_milli, slip.oddsFormat)}</s>{' '}
                          <span
                            className={leg.new_odds_milli > leg.odds_milli ? 'text-accent' : 'text-danger'}
                          >
                            {formatOdds(leg.new_odds_milli, slip.oddsFormat)}
                          </span>
                        </>
                      ) : (
                        formatOdds(leg.odds_milli, slip.oddsFormat)
                      )}
                    </span>
                    <button
                      type="button"
                      className="rounded p-1 text-muted hover:text-danger"
                      aria-label={t('slip.remove', { outcome: leg.outcome_name })}
                      onClick={() => slip.act({ type: 'remove', key: legKey(leg) })}
                    >
                      <Trash2 className="size-4" aria-hidden focusable={false} />
                    </button>
                  </div>
                </div>
                {leg.suspended && <p className="mt-1 text-xs text-warning">{t('slip.legSuspended')}</p>}
                {state.mode === 'singles' && !freeBet && (
                  <StakeInput
                    label={t('slip.stakeFor', { outcome: leg.outcome_name })}
                    value={state.stakes[legKey(leg)] ?? ''}
                    onChange={(value) => slip.act({ type: 'stake', key: legKey(leg), value })}
                  />
                )}
              </li>
            ))}
          </ul>

          {state.mode !== 'singles' && lines[0] && (
            <div className="grid gap-1 text-sm">
              {state.mode === 'accumulator' && (
                <p className="flex justify-between">
                  <span className="text-muted">{t('slip.totalOdds')}</span>
                  <span className="font-bold tabular-nums" data-testid="slip-total-odds">
                    {formatOdds(combinedOddsMilli(state.legs.map((leg) => leg.odds_milli)), slip.oddsFormat)}
                  </span>
                </p>
              )}
              <p className="flex justify-between">
                <span className="text-muted">{t('slip.lines')}</span>
                <span className="tabular-nums" data-testid="slip-lines">
                  {lines[0].lines}
                </span>
              </p>
              {!freeBet && (
                <StakeInput
                  label={state.mode === 'system' ? t('slip.stakePerLine') : t('slip.stake')}
                  value={state.stakes[COMBO_STAKE] ?? ''}
                  onChange={(value) => slip.act({ type: 'stake', key: COMBO_STAKE, value })}
                />
              )}
            </div>
          )}
          {state.legs.length > SPORTSBOOK_MAX_LEGS - 1 && (
            <p className="text-xs text-muted">{t('slip.maxLegs')}</p>
          )}

          <div className="grid gap-2 text-sm">
            {root?.isAuthenticated && (
              <label className="grid gap-1">
                <span className="text-muted">{t('slip.source')}</span>
                <select
                  className="rounded-lg border border-border bg-raised px-2 py-1.5"
                  value={state.source}
                  onChange={(event) => slip.act({ type: 'source', source: event.target.value })}
                  data-testid="slip-source"
                >
                  <option value="main">{t('slip.sourceMain')}</option>
                  {bonusBalance && toMinorUnits(bonusBalance.amount, currency.exponent) > 0n && (
                    <option value="betting_bonus">
                      {t('slip.sourceBonus', { amount: money(bonusBalance) })}
                    </option>
                  )}
                  {freeBets.map((item) => (
                    <option key={item.id} value={`free_bet:${item.id}`}>
                      {t('slip.sourceFreeBet', { amount: money(item.amount) })}
                    </option>
                  ))}
                </select>
              </label>
            )}
            <label className="grid gap-1">
              <span className="text-muted">{t('slip.acceptLabel')}</span>
              <select
                className="rounded-lg border border-border bg-raised px-2 py-1.5"
                value={slip.acceptOdds}
                onChange={(event) => slip.setAcceptOdds(event.target.value as AcceptOdds)}
                data-testid="slip-accept"
              >
                {(['none', 'higher', 'any'] as const).map((value) => (
                  <option key={value} value={value}>
                    {t(`slip.accept.${value}`)}
                  </option>
                ))}
              </select>
            </label>
            <OddsFormatSelect />
          </div>

          <dl className="grid grid-cols-2 gap-1 border-t border-border pt-2 text-sm">
            <dt className="text-muted">{t('slip.totalStake')}</dt>
            <dd className="text-right font-semibold tabular-nums" data-testid="slip-total-stake">
              {freeBet ? money(freeBet.amount) : minor(totalMinor)}
            </dd>
            <dt className="text-muted">{t('slip.payout')}</dt>
            <dd className="text-right font-bold text-gold tabular-nums" data-testid="slip-payout">
              {payoutKnown ? minor(payoutMinor) : '—'}
            </dd>
          </dl>

          {error && (
            <p
              role="alert"
              className="rounded-lg border border-danger/40 bg-danger/10 p-2 text-sm"
              data-testid="slip-error"
            >
              {error}
            </p>
          )}
          {changed && (
            <Button
              variant="secondary"
              onClick={() => {
                slip.act({ type: 'acceptChanges' });
                setError(null);
              }}
              data-testid="slip-accept-changes"
            >
              {t('slip.acceptChanges')}
            </Button>
          )}
          {root?.isAuthenticated ? (
            <Button
              onClick={() => void place()}
              disabled={busy || changed || suspended || stakedLines.length === 0}
              data-testid="slip-place"
            >
              {busy ? t('slip.placing') : t('slip.place', { count: stakedLines.length || 1 })}
            </Button>
          ) : (
            <div className="grid gap-2 text-center text-sm" data-testid="slip-guest">
              <p className="text-muted">{t('slip.guest')}</p>
              <Link
                to={authHref('sign_in', locale, `${location.pathname}${location.search}`)}
                className="rounded-lg bg-accent px-3 py-2 font-semibold text-on-accent"
              >
                {t('slip.login')}
              </Link>
            </div>
          )}
        </>
      )}
    </section>
  );
}

function StakeInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const { currency } = useSbMoney();
  return (
    <label className="mt-2 flex items-center justify-between gap-2 text-sm">
      <span className="text-muted">{label}</span>
      <span className="flex items-center gap-1">
        <input
          className="w-24 rounded-lg border border-border bg-surface px-2 py-1 text-right tabular-nums"
          inputMode="decimal"
          autoComplete="off"
          value={value}
          onChange={(event) => onChange(event.target.value.slice(0, 14))}
          data-testid="slip-stake"
        />
        <span className="text-xs text-muted">{currency.symbol}</span>
      </span>
    </label>
  );
}

export function OddsFormatSelect() {
  const { t } = useTranslation('sportsbook');
  const slip = useBetSlip();
  return (
    <label className="grid gap-1 text-sm">
      <span className="text-muted">{t('oddsFormat.label')}</span>
      <select
        className="rounded-lg border border-border bg-raised px-2 py-1.5"
        value={slip.oddsFormat}
        onChange={(event) => slip.setOddsFormat(event.target.value as OddsFormat)}
        data-testid="odds-format"
      >
        {ODDS_FORMATS.map((format) => (
          <option key={format} value={format}>
            {t(`oddsFormat.${format}`)}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The slip beside the pages from laptop width; below, a bottom bar with the count opens a sheet. */
export function BetSlipDock({ freeBets }: { freeBets: readonly FreeBet[] }) {
  const { t } = useTranslation('sportsbook');
  const slip = useBetSlip();
  const [open, setOpen] = useState(false);
  const count = slip.state.legs.length;
  return (
    <>
      <aside className="hidden laptop:block" data-testid="slip-column">
        <div className="sticky top-[calc(var(--header-height)+0.5rem)] rounded-2xl border border-border bg-surface p-4">
          <BetSlipPanel freeBets={freeBets} />
        </div>
      </aside>
      <div className="laptop:hidden">
        {!open && (
          <button
            type="button"
            className="fixed right-3 bottom-20 z-30 flex items-center gap-2 rounded-full bg-gold px-4 py-3 font-semibold text-background shadow-lg"
            onClick={() => setOpen(true)}
            data-testid="slip-open"
          >
            <Ticket className="size-5" aria-hidden focusable={false} />
            {/* Named by what it shows (WCAG 2.5.3): "Bet slip 2". */}
            {t('slip.title')}{' '}
            <span className="rounded-full bg-background px-2 text-xs text-gold" data-testid="slip-badge">
              {count}
            </span>
          </button>
        )}
        {open && (
          <div
            className="fixed inset-0 z-[var(--z-dialogs)] flex flex-col justify-end bg-black/60"
            data-testid="slip-sheet"
          >
            <button
              type="button"
              className="flex-1"
              aria-label={t('slip.close')}
              onClick={() => setOpen(false)}
            />
            <div
              role="dialog"
              aria-modal="true"
              aria-label={t('slip.title')}
              className="max-h-[85vh] overflow-y-auto rounded-t-2xl border-t border-border bg-surface p-4"
            >
              <BetSlipPanel freeBets={freeBets} onClose={() => setOpen(false)} />
            </div>
          </div>
        )}
      </div>
    </>
  );
}
