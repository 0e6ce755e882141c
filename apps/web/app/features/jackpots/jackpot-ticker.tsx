/**
 * The home page's jackpot ticker (DESIGN.md "Home"): each running jackpot's amount, live from the
 * push stream, linking to its page.
 */
import type { JackpotOutput } from '@croupier/contract/jackpots/common';
import { localizePath } from '@croupier/contract/locales';
import { Crown } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { usePageLocale } from '../../lib/use-root-data.ts';
import { useLiveJackpotAmounts } from '../push/push-provider.tsx';
import { useJackpotMoney } from './jackpot-money.ts';
import { JACKPOTS_PATH, jackpotPath } from './jackpot-paths.ts';

export function JackpotTicker({ jackpots }: { jackpots: readonly JackpotOutput[] }) {
  const { t } = useTranslation('jackpots');
  const locale = usePageLocale();
  const money = useJackpotMoney();
  // Amounts pushed as they grow (ADR 037); the loader's until the first push.
  const live = useLiveJackpotAmounts();
  if (jackpots.length === 0) return null;
  return (
    <section
      className="mt-8 flex flex-col gap-3 rounded-2xl border border-gold/25 bg-surface/60 p-3 tablet:flex-row tablet:items-center tablet:gap-5 tablet:px-5"
      aria-labelledby="home-jackpots"
      data-testid="jackpot-ticker"
    >
      <h2 id="home-jackpots" className="flex shrink-0 items-center gap-2 text-sm font-semibold text-gold">
        <Crown className="size-5" aria-hidden focusable={false} />
        <Link to={localizePath(JACKPOTS_PATH, locale)} className="hover:underline">
          {t('list.eyebrow')}
        </Link>
      </h2>
      <ul className="flex gap-3 overflow-x-auto tablet:gap-6">
        {jackpots.map((jackpot) => (
          <li key={jackpot.id} className="shrink-0">
            <Link to={jackpotPath(jackpot.id, locale)} className="group flex items-baseline gap-2">
              <span className="text-sm text-muted group-hover:text-text">{jackpot.name}</span>
              <span className="amount text-base font-bold text-gold tabular-nums">
                {money(live?.get(jackpot.id)?.amount ?? jackpot.amount, jackpot.currency)}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
