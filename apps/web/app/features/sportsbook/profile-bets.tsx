/**
 * /profile/bets (spec §2, ADR 035): the player's sports bets (open and settled, 4 per page) with
 * the cash-out offer — a refusal "amount changed" shows the new offer to accept — and the casino
 * rounds (games.getHistory) with the game history CSV export.
 */

import type { GameRound } from '@croupier/contract/games/get-history';
import type { HistoryExportOutput } from '@croupier/contract/games/history-export';
import type { Bet } from '@croupier/contract/sportsbook/betting';
import { useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { Button } from '../../ui/button.tsx';
import { cx } from '../../ui/class-names.ts';
import { useToasts } from '../../ui/toasts.tsx';
import { useFormatDateTime } from '../../ui/use-format-date-time.ts';
import { useBrowserApi } from '../auth/use-auth-actions.ts';
import { toApiFailure } from '../profile/api-failure.ts';
import { useBetSlip } from './bet-slip-context.tsx';
import { formatOdds } from './odds-format.ts';
import { useSbMoney } from './sportsbook-money.ts';

export type BetsTab = 'open' | 'settled' | 'casino';
export const BETS_TABS: readonly BetsTab[] = ['open', 'settled', 'casino'];

/** `"2.375"` (the contract's odds strings) in thousandths. */
export function oddsMilliOf(odds: string): number | null {
  const match = /^(\d+)(?:\.(\d{1,3}))?$/.exec(odds);
  if (!match) return null;
  return Number(match[1]) * 1000 + Number((match[2] ?? '').padEnd(3, '0'));
}

export function BetsTabs({ tab, hrefOf }: { tab: BetsTab; hrefOf: (tab: BetsTab, page?: number) => string }) {
  const { t } = useTranslation('sportsbook');
  return (
    <nav aria-label={t('bets.tabsLabel')} className="flex gap-2 overflow-x-auto" data-testid="bets-tabs">
      {BETS_TABS.map((item) => (
        <Link
          key={item}
          to={hrefOf(item)}
          aria-current={item === tab ? 'page' : undefined}
          className={cx(
            'rounded-full border px-3 py-1.5 text-sm whitespace-nowrap',
            item === tab ? 'border-gold bg-gold/15 font-semibold text-gold' : 'border-border text-muted',
          )}
        >
          {t(`bets.tab.${item}`)}
        </Link>
      ))}
    </nav>
  );
}

export function Pager({
  page,
  hasNext,
  hrefOf,
}: {
  page: number;
  hasNext: boolean;
  hrefOf: (page: number) => string;
}) {
  const { t } = useTranslation('sportsbook');
  if (page === 0 && !hasNext) return null;
  return (
    <nav
      aria-label={t('bets.pages')}
      className="flex items-center justify-between gap-2 text-sm"
      data-testid="bets-pager"
    >
      {page > 0 ? (
        <Link to={hrefOf(page - 1)} className="text-gold underline">
          {t('bets.previous')}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-muted">{t('bets.page', { page: page + 1 })}</span>
      {hasNext ? (
        <Link to={hrefOf(page + 1)} className="text-gold underline">
          {t('bets.next')}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

function CashOutButton({ bet }: { bet: Bet }) {
  const { t } = useTranslation('sportsbook');
  const api = useBrowserApi();
  const toasts = useToasts();
  const revalidator = useRevalidator();
  const { money } = useSbMoney();
  const [offer, setOffer] = useState(bet.cash_out);
  const [changed, setChanged] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A refresh brings a new offer: show it unless the player is answering a changed one.
  const shown = changed ? offer : bet.cash_out;
  if (!shown) return null;

  async function cashOut(amount: { amount: string; currency: string }) {
    setBusy(true);
    setError(null);
    try {
      await api.call('sportsbook.cashOut', {
        bet_id: bet.id,
        amount: amount.amount,
        request_id: crypto.randomUUID(),
      });
      setChanged(false);
      toasts.show({ kind: 'success', title: t('bets.cashedOut', { amount: money(amount) }) });
      await revalidator.revalidate();
    } catch (cause) {
      const failure = toApiFailure(cause);
      const data = (cause as { data?: { cash_out?: unknown } }).data;
      const next = data?.cash_out;
      if (
        failure?.fields.amount === 'changed' &&
        typeof next === 'object' &&
        next !== null &&
        'amount' in next
      ) {
        setOffer(next as { amount: string; currency: string });
        setChanged(true);
        setError(t('bets.offerChanged'));
      } else if (failure?.fields.bet_id) {
        setChanged(false);
        setError(t(`bets.cashOutRefused.${failure.fields.bet_id}`, { defaultValue: failure.message }));
        void revalidator.revalidate();
      } else {
        setError(failure?.message || t('slip.errors.generic'));
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="grid gap-1">
      {error && (
        <p role="alert" className="text-sm text-warning" data-testid="cash-out-error">
          {error}
        </p>
      )}
      <Button
        size="sm"
        variant="secondary"
        disabled={busy}
        onClick={() => void cashOut(shown)}
        data-testid="cash-out"
      >
        {changed
          ? t('bets.acceptOffer', { amount: money(shown) })
          : t('bets.cashOut', { amount: money(shown) })}
      </Button>
    </div>
  );
}

export function BetCard({ bet }: { bet: Bet }) {
  const { t } = useTranslation('sportsbook');
  const { money } = useSbMoney();
  const slip = useOddsFormat();
  const formatDateTime = useFormatDateTime();
  const odds = bet.odds ? oddsMilliOf(bet.odds) : null;
  return (
    <li className="grid gap-2 rounded-xl border border-border bg-surface p-3 text-sm" data-testid="bet-card">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold">
          {t(`bets.kind.${bet.kind.includes('/') ? 'system' : bet.kind}`, {
            kind: bet.kind,
            defaultValue: bet.kind,
          })}
          {odds !== null && <span className="ml-2 text-gold tabular-nums">@ {formatOdds(odds, slip)}</span>}
        </p>
        <span
          className={cx(
            'rounded-full px-2 py-0.5 text-xs font-semibold',
            bet.status === 'won' || bet.status === 'cashed_out'
              ? 'bg-accent/20 text-accent'
              : 'bg-raised text-muted',
          )}
          data-testid="bet-status"
        >
          {t(`bets.status.${bet.status}`)}
        </span>
      </div>
      <ul className="grid gap-1">
        {bet.legs.map((leg) => (
          <li
            key={`${leg.event_id}|${leg.market_name}|${leg.outcome_name}`}
            className="flex justify-between gap-2"
          >
            <span className="min-w-0">
              <span className="block truncate">
                {leg.outcome_name} · {leg.market_name}
              </span>
              <span className="block truncate text-xs text-muted">{leg.event_name}</span>
            </span>
            <span className="text-right tabular-nums">
              {(() => {
                const milli = oddsMilliOf(leg.odds);
                return milli !== null && milli > 1000 ? formatOdds(milli, slip) : leg.odds;
              })()}
              <span className="block text-xs text-muted">{t(`bets.result.${leg.result}`)}</span>
            </span>
          </li>
        ))}
      </ul>
      <dl className="grid grid-cols-2 gap-x-2 text-xs tablet:grid-cols-4">
        <dt className="text-muted">{t('bets.placedAt')}</dt>
        <dd>{formatDateTime(bet.placed_at, { timeZone: 'UTC' })}</dd>
        <dt className="text-muted">{t('bets.stake')}</dt>
        <dd className="tabular-nums">{money(bet.stake)}</dd>
        <dt className="text-muted">{bet.payout ? t('bets.payout') : t('bets.potential')}</dt>
        <dd className="tabular-nums" data-testid="bet-payout">
          {money(bet.payout ?? bet.potential_payout)}
        </dd>
      </dl>
      {bet.status === 'open' && <CashOutButton bet={bet} />}
    </li>
  );
}

function useOddsFormat() {
  return useBetSlip().oddsFormat;
}

export function RoundsList({ rounds }: { rounds: readonly GameRound[] }) {
  const { t } = useTranslation('sportsbook');
  const { money } = useSbMoney();
  const formatDateTime = useFormatDateTime();
  if (rounds.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-border p-6 text-center text-sm text-muted">
        {t('bets.noRounds')}
      </p>
    );
  }
  return (
    <ul className="grid gap-2" data-testid="casino-rounds">
      {rounds.map((round) => (
        <li
          key={round.id}
          className="grid grid-cols-2 gap-1 rounded-xl border border-border bg-surface p-3 text-sm tablet:grid-cols-4"
        >
          <span className="font-semibold">{round.game.name}</span>
          <span className="text-muted">{formatDateTime(round.created_at, { timeZone: 'UTC' })}</span>
          <span className="tabular-nums">{t('bets.roundBet', { amount: money(round.bet) })}</span>
          <span className="tabular-nums">{t('bets.roundWin', { amount: money(round.win) })}</span>
        </li>
      ))}
    </ul>
  );
}

/** The CSV export of the game history: ask for it, then download it when ready. */
export function HistoryExport({ latest }: { latest: HistoryExportOutput | null }) {
  const { t } = useTranslation('sportsbook');
  const api = useBrowserApi();
  const [current, setCurrent] = useState<
    HistoryExportOutput | { id: number; status: string; download_url?: null } | null
  >(latest);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function run(work: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (cause) {
      setError(toApiFailure(cause)?.message || t('slip.errors.generic'));
    } finally {
      setBusy(false);
    }
  }

  const request = () =>
    run(async () => {
      const created = await api.call('games.createhistoryexportrequest', {});
      setCurrent(await api.call('games.gethistoryexportrequest', { id: created.id }));
    });
  const check = (id: number) =>
    run(async () => setCurrent(await api.call('games.gethistoryexportrequest', { id })));

  return (
    <div className="flex flex-wrap items-center gap-3 text-sm" data-testid="history-export">
      <Button size="sm" variant="secondary" disabled={busy} onClick={() => void request()}>
        {t('bets.export')}
      </Button>
      {current?.status === 'ready' && current.download_url && (
        <a
          href={current.download_url}
          className="text-gold underline"
          download
          data-testid="history-export-link"
        >
          {t('bets.exportReady')}
        </a>
      )}
      {current && (current.status === 'pending' || current.status === 'processing') && (
        <button type="button" className="text-muted underline" onClick={() => void check(current.id)}>
          {t('bets.exportPending')}
        </button>
      )}
      {current?.status === 'failed' && <span className="text-warning">{t('bets.exportFailed')}</span>}
      {error && (
        <span role="alert" className="text-warning">
          {error}
        </span>
      )}
    </div>
  );
}
