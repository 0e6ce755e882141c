/** The latest jackpot wins on /winners: jackpot, masked winner, amount, time, a link to the jackpot. */
import type { JackpotWinOutput } from '@croupier/contract/jackpots/common';
import { Crown } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { usePageLocale } from '../../lib/use-root-data.ts';
import { useFormatDateTime } from '../../ui/use-format-date-time.ts';
import { useJackpotMoney } from './jackpot-money.ts';
import { jackpotPath } from './jackpot-paths.ts';

export function JackpotWinsStrip({ wins }: { wins: readonly JackpotWinOutput[] }) {
  const { t } = useTranslation('jackpots');
  const locale = usePageLocale();
  const money = useJackpotMoney();
  const formatDateTime = useFormatDateTime();
  if (wins.length === 0) return null;
  return (
    <section className="mt-8" aria-labelledby="jackpot-wins">
      <h2 id="jackpot-wins" className="flex items-center gap-2 text-lg font-semibold tracking-tight">
        <Crown className="size-5 text-gold" aria-hidden focusable={false} />
        {t('winners.title')}
      </h2>
      <ol className="mt-3 grid gap-2.5 tablet:grid-cols-2" data-testid="jackpot-wins">
        {wins.map((win) => (
          <li
            key={`${win.jackpot_id}-${win.cycle}`}
            className="flex items-center justify-between gap-3 rounded-2xl border border-gold/40 bg-surface p-3 ps-4"
          >
            <p className="min-w-0 text-sm">
              <span className="font-semibold">{win.player}</span>{' '}
              <Link to={jackpotPath(win.jackpot_id, locale)} className="text-muted hover:text-accent">
                {t('winners.won', { jackpot: win.jackpot_name })}
              </Link>
              <br />
              <time dateTime={win.at} className="text-xs text-muted">
                {formatDateTime(win.at)}
              </time>
            </p>
            <span className="amount shrink-0 text-base font-bold text-gold tablet:text-lg">
              {money(win.amount, win.currency)}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
