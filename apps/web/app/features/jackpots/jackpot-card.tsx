/** A jackpot on the /jackpots grid: its live amount, the ceiling it must drop by, and a link to its page. */
import type { JackpotOutput } from '@croupier/contract/jackpots/common';
import { Crown } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { usePageLocale } from '../../lib/use-root-data.ts';
import { buttonClassName } from '../../ui/button.tsx';
import { useJackpotMoney } from './jackpot-money.ts';
import { jackpotPath } from './jackpot-paths.ts';

export function JackpotCard({ jackpot }: { jackpot: JackpotOutput }) {
  const { t } = useTranslation('jackpots');
  const locale = usePageLocale();
  const money = useJackpotMoney();
  const href = jackpotPath(jackpot.id, locale);
  return (
    <article
      className="relative flex w-full flex-col overflow-hidden rounded-2xl border border-gold/25 bg-[radial-gradient(120%_120%_at_100%_0%,rgb(245_184_46/0.16),transparent_60%),linear-gradient(160deg,#1c2440,#141a2e)] p-5"
      data-testid="jackpot-card"
    >
      <Crown className="absolute end-4 top-4 size-10 text-gold/30" aria-hidden focusable={false} />
      <h2 className="pe-12 text-lg font-semibold tracking-tight">{jackpot.name}</h2>
      {/* Not a live region (it changes every few seconds while people play); a div, not a heading-sized paragraph. */}
      <div
        className="amount mt-3 text-3xl font-bold text-gold tabular-nums transition-colors tablet:text-4xl"
        data-testid="jackpot-amount"
      >
        {money(jackpot.amount, jackpot.currency)}
      </div>
      <p className="mt-1 text-sm font-medium text-text/85">
        {t('list.mustDropBy', { amount: money(jackpot.ceiling, jackpot.currency) })}
      </p>
      <ul className="mt-3 flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted">
        <li>{t('list.contribution', { percent: jackpot.rules.contribution_percent })}</li>
        <li>{t('list.games', { count: jackpot.games.length })}</li>
        {jackpot.last_win && (
          <li>{t('list.lastWin', { amount: money(jackpot.last_win.amount, jackpot.currency) })}</li>
        )}
      </ul>
      <div className="mt-auto pt-5">
        <Link
          to={href}
          className={buttonClassName({ variant: 'secondary', size: 'sm' })}
          aria-label={t('list.moreAbout', { name: jackpot.name })}
        >
          {t('list.more')}
        </Link>
      </div>
    </article>
  );
}
