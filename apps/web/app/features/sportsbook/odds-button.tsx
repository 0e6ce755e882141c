/**
 * One outcome's odds as a button (ADR 035): a click adds it to the bet slip or takes it out; a
 * change of price flashes up (green) or down (red) for a moment; a suspended market or an inactive
 * outcome is greyed and cannot be clicked.
 */
import type {
  sportsbookEvent,
  sportsbookMarket,
  sportsbookOutcome,
} from '@croupier/contract/sportsbook/catalogue';
import { Lock } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { cx } from '../../ui/class-names.ts';
import { useBetSlip } from './bet-slip-context.tsx';
import { formatOdds } from './odds-format.ts';
import { legKey } from './slip-state.ts';

type SbEvent = z.infer<typeof sportsbookEvent>;
type SbMarket = z.infer<typeof sportsbookMarket>;
type SbOutcome = z.infer<typeof sportsbookOutcome>;

export const ODDS_FLASH_MS = 1500;

/** 'up' or 'down' for a moment after the value changed. */
function useFlash(value: number): 'up' | 'down' | null {
  const previous = useRef(value);
  const [flash, setFlash] = useState<'up' | 'down' | null>(null);
  useEffect(() => {
    if (value === previous.current) return;
    setFlash(value > previous.current ? 'up' : 'down');
    previous.current = value;
    const handle = window.setTimeout(() => setFlash(null), ODDS_FLASH_MS);
    return () => window.clearTimeout(handle);
  }, [value]);
  return flash;
}

export function eventName(event: Pick<SbEvent, 'home' | 'away'>): string {
  return `${event.home.name} – ${event.away.name}`;
}

export function OddsButton({
  event,
  market,
  outcome,
  compact = false,
}: {
  event: Pick<SbEvent, 'id' | 'home' | 'away' | 'status'>;
  market: SbMarket;
  outcome: SbOutcome;
  compact?: boolean;
}) {
  const { t } = useTranslation('sportsbook');
  const slip = useBetSlip();
  const flash = useFlash(outcome.odds_milli);
  const open = market.status === 'active' && outcome.active;
  const key = legKey({ event_id: event.id, market_key: market.key, outcome_key: outcome.key });
  const selected = slip.isSelected(key);
  const odds = formatOdds(outcome.odds_milli, slip.oddsFormat);
  return (
    <button
      type="button"
      disabled={!open}
      aria-pressed={selected}
      data-testid="odds-button"
      data-flash={flash ?? undefined}
      onClick={() =>
        slip.act({
          type: 'toggle',
          leg: {
            event_id: event.id,
            market_key: market.key,
            outcome_key: outcome.key,
            odds_milli: outcome.odds_milli,
            event_name: eventName(event),
            market_name: market.name,
            outcome_name: outcome.name,
            live: event.status === 'live',
          },
        })
      }
      className={cx(
        'flex min-w-0 flex-1 items-center justify-between gap-2 rounded-lg border px-3 py-2 text-sm transition-colors',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold',
        selected ? 'border-gold bg-gold/15' : 'border-border bg-raised hover:border-border-strong',
        !open && 'cursor-not-allowed opacity-40 hover:border-border',
        flash === 'up' && 'border-accent bg-accent/15',
        flash === 'down' && 'border-danger bg-danger/15',
        compact && 'flex-col items-stretch gap-0.5 px-2 py-1.5 text-center',
      )}
    >
      {/* Named by what it shows (WCAG 2.5.3): the outcome, then the odds or the lock's "Suspended". */}
      <span className="truncate text-muted">{outcome.name}</span>{' '}
      <span className="font-semibold tabular-nums" data-testid="odds-value">
        {open ? odds : <Lock className="inline size-3.5" aria-label={t('odds.suspended')} />}
        {flash && <span aria-hidden="true">{flash === 'up' ? ' ▲' : ' ▼'}</span>}
      </span>
    </button>
  );
}
