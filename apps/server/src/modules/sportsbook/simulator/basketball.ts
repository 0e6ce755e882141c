/**
 * Basketball, possession by possession (ADR 030): each side scores 0, 1, 2 or 3 points a possession
 * with its own probabilities; about 100 possessions each in four 12-minute quarters, five-minute
 * overtimes while level. Odds use the normal approximation of the points still to come (mean and
 * variance per possession × possessions left), with a continuity correction; a tie after
 * regulation goes to overtime, counted half each in the moneyline.
 */
import type { FeedEventStatusPayload } from '../feed/messages.ts';
import {
  lineText,
  normalCdf,
  type Probabilities,
  type SettledMarketWire,
  settleLine,
  settleWinners,
} from './markets.ts';
import { type PricedMarket, priceMarket } from './pricing.ts';
import type { Random } from './random.ts';
import type { Step } from './steps.ts';

/** Points per possession: P(0), P(1), P(2), P(3). */
export type PossessionModel = [number, number, number, number];

const POSSESSION_SECONDS = 14.4;
const QUARTER = 720;

export function possessionModel(rating: number): PossessionModel {
  // rating around 1: better attack, fewer empty possessions.
  const p3 = 0.11 * rating;
  const p2 = 0.36 * rating;
  const p1 = 0.05;
  return [1 - p1 - p2 - p3, p1, p2, p3];
}

function moments(m: PossessionModel): [number, number] {
  const mean = m[1] + 2 * m[2] + 3 * m[3];
  const square = m[1] + 4 * m[2] + 9 * m[3];
  return [mean, square - mean * mean];
}

export interface BasketballLines {
  totals: number[];
  handicaps: number[];
}

/** The match's lines, fixed before tip-off around the expected total and margin (half points: no push). */
export function basketballLines(home: PossessionModel, away: PossessionModel): BasketballLines {
  const possessions = (4 * QUARTER) / POSSESSION_SECONDS / 2;
  const total = Math.round(possessions * (moments(home)[0] + moments(away)[0]));
  const diff = Math.round(possessions * (moments(home)[0] - moments(away)[0]));
  return {
    totals: [total - 10.5, total - 0.5, total + 9.5],
    handicaps: [-diff - 5.5, -diff + 0.5, -diff + 6.5],
  };
}

export interface BasketballState {
  home: number;
  away: number;
  /** Seconds of regulation left (0 at the end of the 4th quarter). */
  secondsLeft: number;
}

export function basketballProbabilities(
  modelHome: PossessionModel,
  modelAway: PossessionModel,
  lines: BasketballLines,
  state: BasketballState,
): Map<string, Probabilities> {
  const n = state.secondsLeft / POSSESSION_SECONDS / 2;
  const [mh, vh] = moments(modelHome);
  const [ma, va] = moments(modelAway);
  const sd = Math.sqrt(n * (vh + va));
  const diffMean = state.home - state.away + n * (mh - ma);
  const totalMean = state.home + state.away + n * (mh + ma);
  const markets = new Map<string, Probabilities>();
  const homeWin = 1 - normalCdf(0.5, diffMean, sd);
  const tie = normalCdf(0.5, diffMean, sd) - normalCdf(-0.5, diffMean, sd);
  markets.set('moneyline', [
    ['home', homeWin + tie / 2],
    ['away', 1 - homeWin - tie / 2],
  ]);
  for (const line of lines.totals) {
    const over = 1 - normalCdf(line, totalMean, sd);
    markets.set(`totals|total=${lineText(line)}`, [
      ['over', over],
      ['under', 1 - over],
    ]);
  }
  for (const line of lines.handicaps) {
    const covers = 1 - normalCdf(-line, diffMean, sd);
    markets.set(`handicap|hcp=${lineText(line)}`, [
      ['home', covers],
      ['away', 1 - covers],
    ]);
  }
  return markets;
}

export function basketballMarkets(
  home: PossessionModel,
  away: PossessionModel,
  lines: BasketballLines,
  state: BasketballState,
  margin: number,
): PricedMarket[] {
  return [...basketballProbabilities(home, away, lines, state)].map(([key, p]) =>
    priceMarket(key, p, margin),
  );
}

export function basketballSettlement(
  home: number,
  away: number,
  lines: BasketballLines,
): SettledMarketWire[] {
  return [
    settleWinners('moneyline', ['home', 'away'], [home > away ? 'home' : 'away']),
    ...lines.totals.map((line) =>
      settleWinners(
        `totals|total=${lineText(line)}`,
        ['over', 'under'],
        [home + away > line ? 'over' : 'under'],
      ),
    ),
    ...lines.handicaps.map((line) =>
      settleLine(`handicap|hcp=${lineText(line)}`, home - away, line, ['home', 'away']),
    ),
  ];
}

function points(rng: Random, m: PossessionModel): number {
  const r = rng.next();
  if (r < m[0]) return 0;
  if (r < m[0] + m[1]) return 1;
  if (r < m[0] + m[1] + m[2]) return 2;
  return 3;
}

/** Plays the match: odds every 8 possessions, a bet stop at each quarter's end, odds at the next tip. */
export function playBasketball(
  rng: Random,
  home: PossessionModel,
  away: PossessionModel,
  margin: number,
): { steps: Step[]; end: number; score: [number, number] } {
  const lines = basketballLines(home, away);
  const steps: Step[] = [];
  const score: [number, number] = [0, 0];
  const quarters: number[][] = [];
  let t = 0;
  const status = (period: string, clock: number, ended = false): FeedEventStatusPayload => {
    const detail: Record<string, number> = {};
    quarters.forEach(([h, a], i) => {
      detail[`p${i + 1}_home`] = h!;
      detail[`p${i + 1}_away`] = a!;
    });
    return {
      status: ended ? 'ended' : 'live',
      homeScore: score[0],
      awayScore: score[1],
      period,
      clockSeconds: clock,
      detail,
    };
  };
  let period = 0;
  let homeBall = rng.next() < 0.5;
  while (period < 4 || score[0] === score[1]) {
    period += 1;
    const length = period <= 4 ? QUARTER : 300;
    const name = period <= 4 ? `q${period}` : `ot${period - 4}`;
    const start: [number, number] = [score[0], score[1]];
    let clock = 0;
    let count = 0;
    const left = () => Math.max(0, (period <= 4 ? (4 - period) * QUARTER : 0) + length - clock);
    steps.push({
      at: t,
      kind: 'odds',
      status: status(name, clock),
      markets: basketballMarkets(
        home,
        away,
        lines,
        { home: score[0], away: score[1], secondsLeft: left() },
        margin,
      ),
    });
    while (clock < length) {
      const used = Math.min(length - clock, 8 + rng.next() * 13);
      clock += used;
      t += used;
      score[homeBall ? 0 : 1] += points(rng, homeBall ? home : away);
      homeBall = !homeBall;
      count += 1;
      if (count % 8 === 0 && clock < length - 30)
        steps.push({
          at: t,
          kind: 'odds',
          status: status(name, Math.round(clock)),
          markets: basketballMarkets(
            home,
            away,
            lines,
            { home: score[0], away: score[1], secondsLeft: left() },
            margin,
          ),
        });
    }
    quarters.push([score[0] - start[0], score[1] - start[1]]);
    steps.push({ at: t, kind: 'bet_stop' });
    t += period === 2 ? 300 : 60;
  }
  steps.push({ at: t, kind: 'odds', status: status('ended', 0, true), markets: [] });
  steps.push({ at: t, kind: 'settle', markets: basketballSettlement(score[0], score[1], lines) });
  return { steps, end: t, score };
}

export function basketballPrematch(
  home: PossessionModel,
  away: PossessionModel,
  margin: number,
): PricedMarket[] {
  return basketballMarkets(
    home,
    away,
    basketballLines(home, away),
    { home: 0, away: 0, secondsLeft: 4 * QUARTER },
    margin,
  );
}
