/**
 * Tennis, point by point (ADR 030): each player wins a point on their own serve with a fixed
 * probability (pHome, pAway). Games, tiebreaks (first to 7 by 2, at 6-6), sets and a best-of-three
 * match follow exactly from those two numbers (the classic Markov chain, memoised); live odds are
 * re-priced between games.
 */
import type { FeedEventStatusPayload } from '../feed/messages.ts';
import { type SettledMarketWire, settleWinners } from './markets.ts';
import { type PricedMarket, priceMarket } from './pricing.ts';
import type { Random } from './random.ts';
import type { Step } from './steps.ts';

/** Server's chance to win a game from points (s, r), winning each point with p. */
export function gameProbability(p: number, s = 0, r = 0): number {
  if (s >= 4 && s - r >= 2) return 1;
  if (r >= 4 && r - s >= 2) return 0;
  if (s >= 3 && r >= 3) {
    const deuce = (p * p) / (p * p + (1 - p) * (1 - p));
    if (s === r) return deuce;
    return s > r ? p + (1 - p) * deuce : p * deuce;
  }
  return p * gameProbability(p, s + 1, r) + (1 - p) * gameProbability(p, s, r + 1);
}

export class TennisModel {
  readonly holdHome: number;
  readonly holdAway: number;
  private readonly setMemo = new Map<string, number>();
  private readonly tiebreakMemo = new Map<string, number>();

  readonly pHome: number;
  readonly pAway: number;

  constructor(pHome: number, pAway: number) {
    this.pHome = pHome;
    this.pAway = pAway;
    this.holdHome = gameProbability(pHome);
    this.holdAway = gameProbability(pAway);
  }

  /** Home's chance to win a tiebreak at (a, b) points, `homeFirst`: home served its first point. */
  tiebreak(a: number, b: number, homeFirst: boolean): number {
    if (a >= 7 && a - b >= 2) return 1;
    if (b >= 7 && b - a >= 2) return 0;
    if (a >= 6 && b >= 6 && a === b) {
      const win = this.pHome * (1 - this.pAway);
      const lose = (1 - this.pHome) * this.pAway;
      return win / (win + lose);
    }
    const memoKey = `${a}:${b}:${homeFirst}`;
    const known = this.tiebreakMemo.get(memoKey);
    if (known !== undefined) return known;
    const k = a + b;
    const firstServes = Math.floor((k + 1) / 2) % 2 === 0;
    const homeServes = firstServes === homeFirst;
    const p = homeServes ? this.pHome : 1 - this.pAway;
    const value = p * this.tiebreak(a + 1, b, homeFirst) + (1 - p) * this.tiebreak(a, b + 1, homeFirst);
    this.tiebreakMemo.set(memoKey, value);
    return value;
  }

  /** Home's chance to win the next game (or the tiebreak at 6-6). */
  nextGame(games: [number, number], homeServes: boolean): number {
    if (games[0] === 6 && games[1] === 6) return this.tiebreak(0, 0, homeServes);
    return homeServes ? this.holdHome : 1 - this.holdAway;
  }

  /** Home's chance to win the set from games (gh, ga), `homeServes` the next game. */
  set(gh: number, ga: number, homeServes: boolean): number {
    if (gh === 7 || (gh >= 6 && gh - ga >= 2)) return 1;
    if (ga === 7 || (ga >= 6 && ga - gh >= 2)) return 0;
    const memoKey = `${gh}:${ga}:${homeServes}`;
    const known = this.setMemo.get(memoKey);
    if (known !== undefined) return known;
    const g = this.nextGame([gh, ga], homeServes);
    const value = g * this.set(gh + 1, ga, !homeServes) + (1 - g) * this.set(gh, ga + 1, !homeServes);
    this.setMemo.set(memoKey, value);
    return value;
  }

  /**
   * Home's chance to win the best-of-three match from sets (sh, sa) with the current set at games
   * (gh, ga). Sets not begun are priced with either player serving first, evenly (who serves first
   * in a later set depends on the games before: the average is close and keeps the chain small).
   */
  match(sh: number, sa: number, gh: number, ga: number, homeServes: boolean): number {
    if (sh === 2) return 1;
    if (sa === 2) return 0;
    const fresh = (this.set(0, 0, true) + this.set(0, 0, false)) / 2;
    const from = (h: number, a: number): number => {
      if (h === 2) return 1;
      if (a === 2) return 0;
      return fresh * from(h + 1, a) + (1 - fresh) * from(h, a + 1);
    };
    const s = this.set(gh, ga, homeServes);
    return s * from(sh + 1, sa) + (1 - s) * from(sh, sa + 1);
  }
}

export interface TennisState {
  sets: [number, number];
  games: [number, number];
  homeServes: boolean;
  /** Finished sets' games, e.g. [[6, 4], [3, 6]]. */
  setScores: Array<[number, number]>;
}

export function tennisProbabilities(model: TennisModel, state: TennisState) {
  const setNr = state.sets[0] + state.sets[1] + 1;
  const gameNr = state.games[0] + state.games[1] + 1;
  const match = model.match(state.sets[0], state.sets[1], state.games[0], state.games[1], state.homeServes);
  const set = model.set(state.games[0], state.games[1], state.homeServes);
  const game = model.nextGame(state.games, state.homeServes);
  return new Map<string, Array<readonly [string, number]>>([
    [
      'winner',
      [
        ['home', match],
        ['away', 1 - match],
      ],
    ],
    [
      `set_winner|setnr=${setNr}`,
      [
        ['home', set],
        ['away', 1 - set],
      ],
    ],
    [
      `game_winner|setnr=${setNr}|gamenr=${gameNr}`,
      [
        ['home', game],
        ['away', 1 - game],
      ],
    ],
  ]);
}

export function tennisMarkets(model: TennisModel, state: TennisState, margin: number): PricedMarket[] {
  return [...tennisProbabilities(model, state)].map(([key, probabilities]) =>
    priceMarket(key, probabilities, margin),
  );
}

function status(
  state: TennisState,
  live: 'live' | 'ended',
  points?: [number, number],
): FeedEventStatusPayload {
  const detail: Record<string, number> = {};
  state.setScores.forEach(([h, a], i) => {
    detail[`set${i + 1}_home`] = h;
    detail[`set${i + 1}_away`] = a;
  });
  if (live === 'live') {
    const n = state.setScores.length + 1;
    detail[`set${n}_home`] = state.games[0];
    detail[`set${n}_away`] = state.games[1];
    detail.points_home = points?.[0] ?? 0;
    detail.points_away = points?.[1] ?? 0;
    detail.serving = state.homeServes ? 1 : 2;
  }
  return {
    status: live,
    homeScore: state.sets[0],
    awayScore: state.sets[1],
    period: live === 'ended' ? 'ended' : `set${state.setScores.length + 1}`,
    clockSeconds: null,
    detail,
  };
}

/** Plays a match point by point; odds between games, a bet stop at each break point. */
export function playTennis(rng: Random, model: TennisModel, margin: number): { steps: Step[]; end: number } {
  const steps: Step[] = [];
  const state: TennisState = { sets: [0, 0], games: [0, 0], homeServes: rng.next() < 0.5, setScores: [] };
  let t = 0;
  steps.push({
    at: t,
    kind: 'odds',
    status: status(state, 'live'),
    markets: tennisMarkets(model, state, margin),
  });
  while (state.sets[0] < 2 && state.sets[1] < 2) {
    const setNr = state.sets[0] + state.sets[1] + 1;
    const gameNr = state.games[0] + state.games[1] + 1;
    const tiebreak = state.games[0] === 6 && state.games[1] === 6;
    const points: [number, number] = [0, 0];
    let stopped = false;
    let homeWon: boolean;
    for (;;) {
      const k = points[0] + points[1];
      const homeServing = tiebreak
        ? (Math.floor((k + 1) / 2) % 2 === 0) === state.homeServes
        : state.homeServes;
      // Break point (or set/mini-break point in a tiebreak): a dangerous moment.
      const [srv, rcv] = homeServing ? points : [points[1], points[0]];
      if (!tiebreak && !stopped && rcv >= 3 && rcv > srv) {
        steps.push({ at: t, kind: 'bet_stop' });
        stopped = true;
      }
      t += 25 + Math.floor(rng.next() * 25);
      const p = homeServing ? model.pHome : 1 - model.pAway;
      if (rng.next() < p) points[0] += 1;
      else points[1] += 1;
      const target = tiebreak ? 7 : 4;
      if (points[0] >= target && points[0] - points[1] >= 2) {
        homeWon = true;
        break;
      }
      if (points[1] >= target && points[1] - points[0] >= 2) {
        homeWon = false;
        break;
      }
    }
    const settle: SettledMarketWire[] = [
      settleWinners(
        `game_winner|setnr=${setNr}|gamenr=${gameNr}`,
        ['home', 'away'],
        [homeWon ? 'home' : 'away'],
      ),
    ];
    state.games[homeWon ? 0 : 1] += 1;
    state.homeServes = !state.homeServes;
    const [gh, ga] = state.games;
    if (gh === 7 || ga === 7 || (gh >= 6 && gh - ga >= 2) || (ga >= 6 && ga - gh >= 2)) {
      const homeSet = gh > ga;
      settle.push(settleWinners(`set_winner|setnr=${setNr}`, ['home', 'away'], [homeSet ? 'home' : 'away']));
      state.setScores.push([gh, ga]);
      state.sets[homeSet ? 0 : 1] += 1;
      state.games = [0, 0];
    }
    const over = state.sets[0] === 2 || state.sets[1] === 2;
    if (over) settle.push(settleWinners('winner', ['home', 'away'], [state.sets[0] === 2 ? 'home' : 'away']));
    t += 5;
    steps.push({
      at: t,
      kind: 'odds',
      status: status(state, over ? 'ended' : 'live'),
      markets: over ? [] : tennisMarkets(model, state, margin),
    });
    steps.push({ at: t, kind: 'settle', markets: settle });
    // Change of ends after odd games.
    if ((state.games[0] + state.games[1]) % 2 === 1) t += 60;
  }
  return { steps, end: t };
}

export function tennisPrematch(model: TennisModel, margin: number): PricedMarket[] {
  return tennisMarkets(model, { sets: [0, 0], games: [0, 0], homeServes: true, setScores: [] }, margin);
}
