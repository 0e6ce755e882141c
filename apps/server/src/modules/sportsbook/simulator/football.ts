/**
 * Football: goals of each side are independent Poisson processes (ADR 030). Pre-match the expected
 * goals are λ_home and λ_away for 90 minutes; live, the final score is the current score plus
 * Poisson(λ × minutes left / 90) more for each side. Every market is read off that score matrix.
 */
import type { FeedEventStatusPayload } from '../feed/messages.ts';
import {
  lineProbabilities,
  lineText,
  type Probabilities,
  type SettledMarketWire,
  settleLine,
  settleWinners,
} from './markets.ts';
import { type PricedMarket, priceMarket } from './pricing.ts';
import type { Random } from './random.ts';
import type { Step } from './steps.ts';

export const FOOTBALL_TOTALS = [0.5, 1.5, 2.5, 3.5, 4.5];
/** Home's handicap lines: half lines, whole lines (push = void) and a quarter line (half void). */
export const FOOTBALL_HANDICAPS = [-1.5, -1, -0.75, 0.25, 1];
const MAX_GOALS = 10;
const CORRECT_SCORES: string[] = [];
for (let h = 0; h <= 4; h += 1) for (let a = 0; a <= 4; a += 1) CORRECT_SCORES.push(`${h}-${a}`);

function poisson(lambda: number, max: number): number[] {
  const out: number[] = [];
  let p = Math.exp(-lambda);
  for (let k = 0; k <= max; k += 1) {
    out.push(p);
    p = (p * lambda) / (k + 1);
  }
  const sum = out.reduce((s, x) => s + x, 0);
  return out.map((x) => x / sum);
}

export interface FootballState {
  home: number;
  away: number;
  /** 0 (kick-off) … 90. */
  minute: number;
  lambdaHome: number;
  lambdaAway: number;
}

/** Final-score probabilities: [homeGoals, awayGoals, p]. */
export function footballScores(state: FootballState): Array<[number, number, number]> {
  const left = Math.max(0, 90 - state.minute) / 90;
  const ph = poisson(state.lambdaHome * left, MAX_GOALS);
  const pa = poisson(state.lambdaAway * left, MAX_GOALS);
  const out: Array<[number, number, number]> = [];
  for (let i = 0; i <= MAX_GOALS; i += 1)
    for (let j = 0; j <= MAX_GOALS; j += 1) {
      const p = ph[i]! * pa[j]!;
      if (p > 0) out.push([state.home + i, state.away + j, p]);
    }
  return out;
}

/** Each market's mutually exclusive outcomes with their fair probabilities (double chance aside). */
export function footballProbabilities(state: FootballState): Map<string, Probabilities> {
  const scores = footballScores(state);
  const sum = (test: (h: number, a: number) => boolean) =>
    scores.reduce((s, [h, a, p]) => s + (test(h, a) ? p : 0), 0);
  const markets = new Map<string, Probabilities>();
  const home = sum((h, a) => h > a);
  const draw = sum((h, a) => h === a);
  const away = sum((h, a) => h < a);
  markets.set('1x2', [
    ['home', home],
    ['draw', draw],
    ['away', away],
  ]);
  for (const line of FOOTBALL_TOTALS) {
    const over = sum((h, a) => h + a > line);
    markets.set(`totals|total=${lineText(line)}`, [
      ['over', over],
      ['under', 1 - over],
    ]);
  }
  const margins = new Map<number, number>();
  for (const [h, a, p] of scores) margins.set(h - a, (margins.get(h - a) ?? 0) + p);
  for (const line of FOOTBALL_HANDICAPS) {
    const [first, second] = lineProbabilities([...margins], line);
    markets.set(`handicap|hcp=${lineText(line)}`, [
      ['home', first],
      ['away', second],
    ]);
  }
  const both = sum((h, a) => h > 0 && a > 0);
  markets.set('btts', [
    ['yes', both],
    ['no', 1 - both],
  ]);
  const correct: Probabilities = CORRECT_SCORES.map((score) => {
    const [h, a] = score.split('-').map(Number) as [number, number];
    return [score, sum((x, y) => x === h && y === a)];
  });
  correct.push(['other', sum((h, a) => h > 4 || a > 4)]);
  markets.set('correct_score', correct);
  return markets;
}

export function footballMarkets(state: FootballState, margin: number): PricedMarket[] {
  const markets = footballProbabilities(state);
  const priced = [...markets].map(([key, probabilities]) => priceMarket(key, probabilities, margin));
  // Double chance: each outcome is the complement of one 1X2 outcome, priced against it.
  const x = new Map(markets.get('1x2'));
  const pairs = [
    ['home_draw', 1 - x.get('away')!],
    ['home_away', 1 - x.get('draw')!],
    ['draw_away', 1 - x.get('home')!],
  ] as const;
  const two = pairs.map(([key, p]) => ({
    key,
    market: priceMarket(
      'double_chance',
      [
        ['x', p],
        ['rest', 1 - p],
      ],
      margin,
    ),
  }));
  const dc: PricedMarket = {
    key: 'double_chance',
    status:
      priced[0]!.status === 'active' && two.every((t) => t.market.status === 'active')
        ? 'active'
        : 'suspended',
    outcomes: two.map((t) => ({ ...t.market.outcomes[0]!, key: t.key })),
  };
  return [priced[0]!, dc, ...priced.slice(1)];
}

export function footballSettlement(home: number, away: number): SettledMarketWire[] {
  const out: SettledMarketWire[] = [];
  const winner = home > away ? 'home' : home < away ? 'away' : 'draw';
  out.push(settleWinners('1x2', ['home', 'draw', 'away'], [winner]));
  const dc = {
    home: ['home_draw', 'home_away'],
    draw: ['home_draw', 'draw_away'],
    away: ['home_away', 'draw_away'],
  }[winner];
  out.push(settleWinners('double_chance', ['home_draw', 'home_away', 'draw_away'], dc));
  for (const line of FOOTBALL_TOTALS)
    out.push(
      settleWinners(
        `totals|total=${lineText(line)}`,
        ['over', 'under'],
        [home + away > line ? 'over' : 'under'],
      ),
    );
  for (const line of FOOTBALL_HANDICAPS)
    out.push(settleLine(`handicap|hcp=${lineText(line)}`, home - away, line, ['home', 'away']));
  out.push(settleWinners('btts', ['yes', 'no'], [home > 0 && away > 0 ? 'yes' : 'no']));
  const score = home <= 4 && away <= 4 ? `${home}-${away}` : 'other';
  out.push(settleWinners('correct_score', [...CORRECT_SCORES, 'other'], [score]));
  return out;
}

/** A match's course: minutes of goals and of dangerous moments (no goal), in order. */
export interface FootballCourse {
  /** [minute, 'home' | 'away' | null (a dangerous moment that came to nothing)] */
  moments: Array<[number, 'home' | 'away' | null]>;
}

/** Plays 90 minutes a minute at a time: a goal in a minute with probability λ/90. */
export function playFootball(rng: Random, lambdaHome: number, lambdaAway: number): FootballCourse {
  const moments: FootballCourse['moments'] = [];
  for (let minute = 1; minute <= 90; minute += 1) {
    const r = rng.next();
    const second = rng.next();
    if (r < lambdaHome / 90) moments.push([minute - 1 + second * 0.9, 'home']);
    else if (r < (lambdaHome + lambdaAway) / 90) moments.push([minute - 1 + second * 0.9, 'away']);
    else if (r > 0.97) moments.push([minute - 1 + second * 0.9, null]);
  }
  return { moments };
}

const HALF_TIME_BREAK = 300;

/** Seconds of match time from kick-off (with a 5-minute break) for a match minute. */
function clockAt(minute: number): number {
  return minute < 45 ? minute * 60 : minute * 60 + HALF_TIME_BREAK;
}

function footballStatus(
  home: number,
  away: number,
  minute: number,
  status: 'live' | 'ended' = 'live',
  halfTime?: [number, number],
): FeedEventStatusPayload {
  return {
    status,
    homeScore: home,
    awayScore: away,
    period: status === 'ended' ? 'ended' : minute < 45 ? '1st_half' : minute === 45 ? 'halftime' : '2nd_half',
    clockSeconds: Math.round(minute * 60),
    detail: halfTime ? { ht_home: halfTime[0], ht_away: halfTime[1] } : {},
  };
}

/**
 * A match as steps: odds every 5 minutes; before each goal or dangerous moment a bet stop, then the
 * odds again (with the score) 30 seconds after; half time; at the end the final score and settlement.
 */
export function playFootballMatch(
  rng: Random,
  lambdaHome: number,
  lambdaAway: number,
  margin: number,
): { steps: Step[]; end: number; score: [number, number] } {
  const course = playFootball(rng, lambdaHome, lambdaAway);
  const steps: Step[] = [];
  let home = 0;
  let away = 0;
  let halfTime: [number, number] | undefined;
  const state = (minute: number) => ({ home, away, minute, lambdaHome, lambdaAway });
  const quiet = (minute: number) => course.moments.every(([m]) => minute < m - 0.5 || minute > m + 0.6);
  const events: Array<[number, 'tick' | 'home' | 'away' | null]> = [];
  // Every 5 minutes (45: half time).
  for (let minute = 0; minute < 90; minute += 5) events.push([minute, 'tick']);
  for (const [minute, side] of course.moments) events.push([minute, side]);
  events.sort((a, b) => a[0] - b[0]);
  for (const [minute, what] of events) {
    if (minute === 45 && what === 'tick') {
      halfTime = [home, away];
      steps.push({
        at: clockAt(45) - HALF_TIME_BREAK + 1,
        kind: 'odds',
        status: footballStatus(home, away, 45, 'live', halfTime),
        markets: footballMarkets(state(45), margin),
      });
      continue;
    }
    if (what === 'tick') {
      if (quiet(minute))
        steps.push({
          at: clockAt(minute),
          kind: 'odds',
          status: footballStatus(home, away, minute, 'live', halfTime),
          markets: footballMarkets(state(minute), margin),
        });
      continue;
    }
    steps.push({ at: Math.max(0, clockAt(minute) - 20), kind: 'bet_stop' });
    if (what === 'home') home += 1;
    if (what === 'away') away += 1;
    const after = Math.min(89.9, minute + 0.5);
    steps.push({
      at: Math.min(clockAt(minute) + 30, clockAt(90) - 2),
      kind: 'odds',
      status: footballStatus(home, away, after, 'live', halfTime),
      markets: footballMarkets(state(after), margin),
    });
  }
  const end = clockAt(90);
  steps.push({
    at: end,
    kind: 'odds',
    status: footballStatus(home, away, 90, 'ended', halfTime),
    markets: [],
  });
  steps.push({ at: end, kind: 'settle', markets: footballSettlement(home, away) });
  steps.sort((a, b) => a.at - b.at);
  return { steps, end, score: [home, away] };
}

export function footballPrematch(lambdaHome: number, lambdaAway: number, margin: number): PricedMarket[] {
  return footballMarkets({ home: 0, away: 0, minute: 0, lambdaHome, lambdaAway }, margin);
}
