/**
 * A verified (or refused) round: the hash check first — the one thing that proves the seed was
 * fixed before play — then the outcome drawn for its game, the stake and the payout.
 */
import { BadgeCheck, CircleAlert, CircleSlash, Info, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation.tsx';
import { cx } from '../../../ui/class-names.ts';
import { minorText, multiplierText } from './money-text.ts';
import { OutcomeView } from './outcome-view.tsx';
import type { Verification } from './verify-form.ts';

export function FairnessResult({
  verification,
}: {
  verification: Exclude<Verification, { kind: 'problems' }>;
}) {
  const { t } = useTranslation('fairness');

  if (verification.kind === 'rejected') {
    const known = t(`result.codes.${verification.code}`, { defaultValue: '' });
    return (
      <Notice tone="danger" icon={<CircleSlash aria-hidden focusable={false} />} testId="fairness-rejected">
        <p className="font-semibold">{t('result.rejected')}</p>
        {known && <p className="mt-1">{known}</p>}
        <p className="mt-2 text-xs text-muted">
          {t('result.rejectedDetail')}:{' '}
          <code className="font-mono break-all text-text">
            {verification.code}
            {verification.field ? ` (${verification.field})` : ''} — {verification.message}
          </code>
        </p>
      </Notice>
    );
  }
  if (verification.kind === 'failed') {
    return (
      <Notice tone="danger" icon={<CircleAlert aria-hidden focusable={false} />} testId="fairness-failed">
        <p className="font-semibold">{t('result.failed')}</p>
        <p className="mt-2 font-mono text-xs break-all text-muted">{verification.message}</p>
      </Notice>
    );
  }

  const { replay, record } = verification;
  return (
    <div className="flex flex-col gap-5" data-testid="fairness-verified">
      {replay.hashMatches === true ? (
        <Notice tone="success" icon={<BadgeCheck aria-hidden focusable={false} />} testId="fairness-hash-ok">
          <p className="font-semibold">{t('result.hashMatches')}</p>
        </Notice>
      ) : replay.hashMatches === false ? (
        <Notice
          tone="danger"
          icon={<TriangleAlert aria-hidden focusable={false} />}
          testId="fairness-hash-bad"
        >
          <p className="font-semibold">{t('result.hashMismatch')}</p>
          <p className="mt-1 text-sm">{t('result.hashMismatchHint')}</p>
        </Notice>
      ) : (
        <Notice tone="info" icon={<Info aria-hidden focusable={false} />} testId="fairness-hash-none">
          <p>{t('result.hashNotGiven')}</p>
        </Notice>
      )}
      <div>
        <p className="text-xs font-semibold tracking-wider text-muted uppercase">
          {t('result.computedHash')}
        </p>
        <p className="mt-1 font-mono text-xs break-all text-text" data-testid="fairness-computed-hash">
          {replay.computedHash}
        </p>
      </div>

      <div>
        <p className="mb-2 text-xs font-semibold tracking-wider text-muted uppercase">
          {t('result.outcome')}
        </p>
        <OutcomeView game={record.game} view={replay.view} />
      </div>

      {!replay.done && (
        <Notice tone="warning" icon={<Info aria-hidden focusable={false} />} testId="fairness-unfinished">
          <p>{t('result.unfinished')}</p>
        </Notice>
      )}

      <dl className="grid grid-cols-3 gap-3">
        <Figure label={t('result.stake')} value={minorText(replay.stake)} />
        <Figure
          label={t('result.payout')}
          value={minorText(replay.payout)}
          highlight={replay.payout > 0n}
          testId="fairness-payout"
        />
        <Figure label={t('result.multiplier')} value={multiplierText(replay.stake, replay.payout)} />
      </dl>
      <p className="-mt-2 text-xs text-muted">{t('result.minorUnits')}</p>

      <details className="rounded-xl border border-border bg-background/60 p-3 text-sm">
        <summary className="cursor-pointer text-muted hover:text-text">{t('raw')}</summary>
        <pre className="mt-3 max-h-80 overflow-auto font-mono text-xs text-muted">
          {JSON.stringify(replay.view, null, 2)}
        </pre>
      </details>
    </div>
  );
}

function Figure({
  label,
  value,
  highlight = false,
  testId,
}: {
  label: string;
  value: string;
  highlight?: boolean;
  testId?: string;
}) {
  return (
    <div className="rounded-xl border border-border bg-raised/50 px-3 py-2.5">
      <dt className="text-xs text-muted">{label}</dt>
      <dd
        className={cx('amount mt-0.5 text-lg font-bold', highlight ? 'text-accent' : 'text-text')}
        data-testid={testId}
      >
        {value}
      </dd>
    </div>
  );
}

const TONE: Record<'success' | 'danger' | 'info' | 'warning', string> = {
  success: 'border-accent/40 bg-accent/10 text-accent',
  danger: 'border-danger/40 bg-danger/10 text-danger',
  info: 'border-info/40 bg-info/10 text-info',
  warning: 'border-warning/40 bg-warning/10 text-warning',
};

function Notice({
  tone,
  icon,
  children,
  testId,
}: {
  tone: keyof typeof TONE;
  icon: ReactNode;
  children: ReactNode;
  testId: string;
}) {
  return (
    <div
      role={tone === 'danger' ? 'alert' : 'status'}
      className={cx('flex gap-3 rounded-xl border p-3 text-sm', TONE[tone])}
      data-testid={testId}
    >
      <span className="mt-0.5 shrink-0 [&>svg]:size-5">{icon}</span>
      <div className="min-w-0 text-text">{children}</div>
    </div>
  );
}
