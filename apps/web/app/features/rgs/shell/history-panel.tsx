/**
 * History drawer: the player's latest rounds of this game (GET /rgs/api/rounds), each opening its
 * detail (GET /rgs/api/rounds/{id}) with the game's own drawing of the result, the round's seeds,
 * and a link to the fairness page prefilled to replay it.
 */
import { ChevronDown, ExternalLink, RefreshCw } from 'lucide-react';
import { type ComponentType, useId, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation.tsx';
import { cx } from '../../../ui/class-names.ts';
import { Spinner } from '../../../ui/spinner.tsx';
import { useFormatDateTime } from '../../../ui/use-format-date-time.ts';
import { fairnessHref } from './fairness-link.ts';
import { useGameShell } from './game-shell-context.ts';
import { decimalToMinor, multiplierText } from './money.ts';
import type { RoundDetail, RoundSummary } from './rgs-client.ts';

export function HistoryPanel({
  initialRounds,
  RoundResult,
}: {
  initialRounds: RoundSummary[];
  RoundResult?: ComponentType<{ detail: RoundDetail }> | undefined;
}) {
  const { t } = useTranslation('rgs');
  const shell = useGameShell();
  const [rounds, setRounds] = useState(initialRounds);
  const [refreshing, setRefreshing] = useState(false);

  const refresh = async () => {
    setRefreshing(true);
    try {
      setRounds(await shell.client.listRounds(20));
    } catch (error) {
      shell.showError(error);
    } finally {
      setRefreshing(false);
    }
  };

  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm text-muted">{t('history.intro')}</p>
        <button
          type="button"
          onClick={() => void refresh()}
          disabled={refreshing}
          aria-label={t('history.refresh')}
          title={t('history.refresh')}
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl text-muted hover:bg-raised hover:text-text"
        >
          <RefreshCw className={cx('size-5', refreshing && 'motion-safe:animate-spin')} aria-hidden />
        </button>
      </div>
      {rounds.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-border p-6 text-center text-muted">
          {t('history.empty')}
        </p>
      ) : (
        <ul className="flex flex-col gap-2" data-testid="rgs-history">
          {rounds.map((round) => (
            <HistoryRow key={round.id} round={round} RoundResult={RoundResult} />
          ))}
        </ul>
      )}
    </div>
  );
}

function HistoryRow({
  round,
  RoundResult,
}: {
  round: RoundSummary;
  RoundResult?: ComponentType<{ detail: RoundDetail }> | undefined;
}) {
  const { t } = useTranslation('rgs');
  const shell = useGameShell();
  const formatDateTime = useFormatDateTime();
  const [open, setOpen] = useState(false);
  const [detail, setDetail] = useState<RoundDetail | null>(null);
  const [loading, setLoading] = useState(false);
  const panelId = useId();
  const { exponent } = shell.session;
  const stakeMinor = safeMinor(round.stake, exponent);
  const payoutMinor = safeMinor(round.payout, exponent);
  // Green only for a round that returned more than it took; the amount shown is what was paid.
  const won = payoutMinor > stakeMinor;

  const toggle = async () => {
    const next = !open;
    setOpen(next);
    if (!next || detail) return;
    setLoading(true);
    try {
      setDetail(await shell.client.getRound(round.id));
    } catch (error) {
      shell.showError(error);
      setOpen(false);
    } finally {
      setLoading(false);
    }
  };

  return (
    <li className="overflow-hidden rounded-2xl border border-border bg-background/60">
      <button
        type="button"
        onClick={() => void toggle()}
        aria-expanded={open}
        aria-controls={panelId}
        className="flex min-h-14 w-full items-center gap-3 px-3 py-2 text-left hover:bg-raised/60"
      >
        <div className="min-w-0 flex-1">
          <p className="amount text-sm text-muted">{formatDateTime(new Date(round.createdAt))}</p>
          <p className="amount text-sm text-text">
            {t('history.stake')} {shell.moneyText(round.stake)}
            {round.status !== 'settled' && (
              <span className="ml-2 rounded bg-warning/15 px-1.5 py-0.5 text-xs font-semibold text-warning">
                {t(`round.status.${round.status}`)}
              </span>
            )}
          </p>
        </div>
        <div className="text-right">
          <p className={cx('amount font-bold', won ? 'text-accent' : 'text-muted')}>
            {shell.moneyText(round.payout)}
          </p>
          <p className="amount text-xs text-muted">{multiplierText(payoutMinor, stakeMinor)}</p>
        </div>
        <ChevronDown
          className={cx('size-5 shrink-0 text-muted transition-transform', open && 'rotate-180')}
          aria-hidden
        />
      </button>
      {open && (
        <div id={panelId} className="border-t border-border px-3 py-3">
          {loading || !detail ? (
            <div className="flex justify-center py-4">
              <Spinner size="sm" label={t('history.loading')} />
            </div>
          ) : (
            <RoundDetailView detail={detail} RoundResult={RoundResult} />
          )}
        </div>
      )}
    </li>
  );
}

function RoundDetailView({
  detail,
  RoundResult,
}: {
  detail: RoundDetail;
  RoundResult?: ComponentType<{ detail: RoundDetail }> | undefined;
}) {
  const { t } = useTranslation('rgs');
  const shell = useGameShell();
  const { fairness } = detail;
  const href = fairnessHref(
    {
      game: detail.game,
      serverSeed: fairness.serverSeed,
      serverSeedHash: fairness.serverSeedHash,
      clientSeed: fairness.clientSeed,
      nonce: fairness.nonce,
      bet: fairness.bet,
      actions: fairness.actions,
    },
    shell.lang,
  );
  return (
    <div className="flex flex-col gap-3 text-sm">
      {RoundResult && <RoundResult detail={detail} />}
      <dl className="flex flex-col gap-2">
        <DetailRow label={t('history.roundId')} value={detail.id} mono />
        <DetailRow label={t('fairness.serverSeedHash')} value={fairness.serverSeedHash} mono />
        {fairness.serverSeed ? (
          <DetailRow label={t('fairness.serverSeed')} value={fairness.serverSeed} mono />
        ) : (
          <DetailRow label={t('fairness.serverSeed')} value={t('history.seedHidden')} />
        )}
        <DetailRow label={t('fairness.clientSeed')} value={fairness.clientSeed} mono />
        <DetailRow label={t('history.nonce')} value={String(fairness.nonce)} />
      </dl>
      <a
        href={href}
        target="_blank"
        rel="noopener"
        className="inline-flex min-h-11 items-center gap-2 self-start font-semibold text-accent underline-offset-4 hover:underline"
      >
        {fairness.serverSeed ? t('history.verify') : t('history.verifyLater')}
        <ExternalLink className="size-4" aria-hidden />
      </a>
    </div>
  );
}

function DetailRow({ label, value, mono = false }: { label: string; value: string; mono?: boolean }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className={cx('break-all text-text', mono ? 'font-mono text-xs' : 'text-sm')}>{value}</dd>
    </div>
  );
}

function safeMinor(decimal: string, exponent: number): bigint {
  try {
    return decimalToMinor(decimal, exponent);
  } catch {
    return 0n;
  }
}
