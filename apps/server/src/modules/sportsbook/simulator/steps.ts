/** What a sport model's match yields: steps at seconds of match time, turned into feed messages. */
import type { FeedEventStatusPayload } from '../feed/messages.ts';
import type { SettledMarketWire } from './markets.ts';
import type { PricedMarket } from './pricing.ts';

export type Step =
  | { at: number; kind: 'bet_stop' }
  | { at: number; kind: 'odds'; status: FeedEventStatusPayload; markets: PricedMarket[] }
  | { at: number; kind: 'settle'; markets: SettledMarketWire[] };
