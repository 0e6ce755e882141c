/**
 * The sportsbook trading desk's shapes (`/nfx/operator/sportsbook/events`, ADR 047) and the small
 * rules its screens share: the list refreshes every few seconds, a market's settlement names one
 * result per outcome.
 */

/** How often the events list and an event's markets are read again while open. */
export const TRADING_REFRESH_MS = 5000;

export const TRADER_RESULTS = ['won', 'lost', 'void', 'half_won', 'half_lost'] as const;
export type TraderResult = (typeof TRADER_RESULTS)[number];

export interface TradingEventSummary {
  id: string;
  sport: string;
  status: string;
  start_time: string;
  home: string;
  away: string;
  score: string;
  held: boolean;
  markets: { total: number; open: number; held: number; settled: number };
}

export interface OutcomeLiability {
  currency: string;
  /** What the house pays if this outcome wins minus the stakes it keeps (decimal string). */
  amount: string;
  payout: string;
  bets: number;
}

export interface TradingOutcome {
  key: string;
  name: string;
  odds: string;
  active: boolean;
  result: TraderResult | null;
  liability: OutcomeLiability[];
}

export interface TradingMarket {
  key: string;
  name: string;
  feed_status: string;
  recovery: boolean;
  held: boolean;
  hold_reason: string | null;
  /** active | suspended | deactivated | held | settled | cancelled */
  state: string;
  version: string;
  stakes: { amount: string; currency: string }[];
  outcomes: TradingOutcome[];
}

export interface TradingEvent {
  event: {
    id: string;
    sport: string;
    tournament: string | null;
    home: string;
    away: string;
    start_time: string;
    status: string;
    score: string;
    period: string | null;
    held: boolean;
    hold_reason: string | null;
  };
  markets: TradingMarket[];
}

export interface SettlementEffect {
  currency: string;
  bets: number;
  waiting: number;
  paid_before: string;
  paid_after: string;
  difference: string;
}

export interface SettlementPreview {
  market: string;
  mode: 'settle' | 'resettle';
  version: string;
  allowed: boolean;
  effect: SettlementEffect[];
}

export const eventPath = (eventId: string) =>
  `/nfx/operator/sportsbook/events/${encodeURIComponent(eventId)}`;
export const marketPath = (eventId: string, marketKey: string) =>
  `${eventPath(eventId)}/markets/${encodeURIComponent(marketKey)}`;

/** A market may be settled (not yet settled nor cancelled) or resettled (settled). */
export function settleMode(market: TradingMarket): 'settle' | 'resettle' | null {
  if (market.state === 'cancelled') return null;
  return market.state === 'settled' ? 'resettle' : 'settle';
}

/** The starting results of a settlement form: the market's current ones, else every outcome lost. */
export function initialResults(market: TradingMarket): Record<string, TraderResult> {
  return Object.fromEntries(market.outcomes.map((o) => [o.key, o.result ?? 'lost']));
}

/** Negative amounts are the house's gain: shown as such. */
export function isNegative(amount: string): boolean {
  return amount.startsWith('-');
}
