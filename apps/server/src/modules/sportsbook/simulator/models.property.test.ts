/**
 * Property tests of the simulator's models and pricing: every market's probabilities sum to 1, the
 * offered odds stay within bounds and carry exactly the configured overround, settlement covers
 * every priced market (with the void cases of pushed lines), and scripts are deterministic.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_ODDS_MILLI, MIN_ODDS_MILLI } from '../feed/messages.ts';
import {
  basketballLines,
  basketballProbabilities,
  basketballSettlement,
  possessionModel,
} from './basketball.ts';
import { footballMarkets, footballProbabilities, footballSettlement } from './football.ts';
import { halfLines, lineProbabilities, settleLine } from './markets.ts';
import { overround, type PricedMarket, priceMarket } from './pricing.ts';
import { CANCELLED_ONE_IN, isCalledOff, matchScript } from './script.ts';
import { createSimulatorAdapter } from './simulator.ts';
import { gameProbability, TennisModel, tennisProbabilities } from './tennis.ts';

function expectSumsToOne(markets: Map<string, ReadonlyArray<readonly [string, number]>>) {
  for (const [key, probabilities] of markets) {
    const sum = probabilities.reduce((s, [, p]) => s + p, 0);
    expect(Math.abs(sum - 1), key).toBeLessThan(1e-9);
    for (const [, p] of probabilities) expect(p).toBeGreaterThanOrEqual(-1e-12);
  }
}

/** Odds within bounds; where no outcome was capped, floored or inactive, overround = 1 + margin. */
function expectFairlyPriced(
  market: PricedMarket,
  probabilities: ReadonlyArray<readonly [string, number]>,
  margin: number,
) {
  for (const o of market.outcomes) {
    expect(Number.isInteger(o.oddsMilli)).toBe(true);
    expect(o.oddsMilli).toBeGreaterThanOrEqual(MIN_ODDS_MILLI);
    expect(o.oddsMilli).toBeLessThanOrEqual(MAX_ODDS_MILLI);
  }
  const unclamped = probabilities.every(
    ([, p]) => p * (1 + margin) < 1 / 1.002 && p * (1 + margin) > 1 / 999,
  );
  if (market.status === 'active' && unclamped) {
    const o = overround(market);
    expect(o).toBeGreaterThanOrEqual(1 + margin - 1e-9);
    // Odds are rounded down to the thousandth: the overround is above the margin by at most that.
    const slack = market.outcomes.reduce((s, x) => s + 1000 / x.oddsMilli - 1000 / (x.oddsMilli + 1), 0);
    expect(o).toBeLessThanOrEqual(1 + margin + slack + 1e-9);
  }
}

const margin = fc.double({ min: 0, max: 0.15, noNaN: true });

describe('pricing', () => {
  it('gives each outcome 1 / (p × (1 + margin)) in thousandths, rounded down', () => {
    const market = priceMarket(
      'x',
      [
        ['a', 0.5],
        ['b', 0.5],
      ],
      0.05,
    );
    expect(market.outcomes.map((o) => o.oddsMilli)).toEqual([1904, 1904]);
    expect(
      priceMarket(
        'x',
        [
          ['a', 0.999],
          ['b', 0.001],
        ],
        0.05,
      ).status,
    ).toBe('suspended');
    expect(
      priceMarket(
        'x',
        [
          ['a', 1],
          ['b', 0],
        ],
        0.05,
      ).outcomes[1],
    ).toMatchObject({ active: false, oddsMilli: MAX_ODDS_MILLI });
  });

  it('has the overround of the margin for any distribution', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0.01, max: 1, noNaN: true }), { minLength: 2, maxLength: 30 }),
        margin,
        (weights, m) => {
          const total = weights.reduce((s, w) => s + w, 0);
          const probabilities = weights.map((w, i) => [`o${i}`, w / total] as const);
          expectFairlyPriced(priceMarket('x', probabilities, m), probabilities, m);
        },
      ),
    );
  });
});

describe('football (Poisson)', () => {
  const state = fc.record({
    home: fc.integer({ min: 0, max: 5 }),
    away: fc.integer({ min: 0, max: 5 }),
    minute: fc.double({ min: 0, max: 90, noNaN: true }),
    lambdaHome: fc.double({ min: 0.2, max: 3.5, noNaN: true }),
    lambdaAway: fc.double({ min: 0.2, max: 3.5, noNaN: true }),
  });

  it('sums to 1 per market and prices with the margin', () => {
    fc.assert(
      fc.property(state, margin, (s, m) => {
        const probabilities = footballProbabilities(s);
        expectSumsToOne(probabilities);
        for (const market of footballMarkets(s, m)) {
          const p = probabilities.get(market.key);
          if (p) expectFairlyPriced(market, p, m);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('settles every market it prices, pushes void', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 7 }), fc.integer({ min: 0, max: 7 }), (h, a) => {
        const settled = footballSettlement(h, a);
        const priced = footballMarkets(
          { home: 0, away: 0, minute: 0, lambdaHome: 1.4, lambdaAway: 1.1 },
          0.05,
        );
        expect(settled.map((m) => m.key)).toEqual(priced.map((m) => m.key));
        for (const market of settled) {
          const keys = priced.find((m) => m.key === market.key)!.outcomes.map((o) => o.key);
          expect(market.outcomes.map((o) => o.key)).toEqual(keys);
        }
      }),
    );
    const byKey = (h: number, a: number, key: string) =>
      footballSettlement(h, a).find((m) => m.key === key)!.outcomes;
    expect(byKey(2, 1, 'handicap|hcp=-1')).toEqual([
      { key: 'home', result: 'void', voidFactor: '1' },
      { key: 'away', result: 'void', voidFactor: '1' },
    ]);
    expect(byKey(2, 1, 'handicap|hcp=-0.75')).toEqual([
      { key: 'home', result: 'won', voidFactor: '0.5' },
      { key: 'away', result: 'lost', voidFactor: '0.5' },
    ]);
    expect(byKey(5, 0, 'correct_score').find((o) => o.result === 'won')?.key).toBe('other');
    expect(
      byKey(1, 1, 'double_chance')
        .filter((o) => o.result === 'won')
        .map((o) => o.key),
    ).toEqual(['home_draw', 'draw_away']);
  });

  it('prices a quarter line on the stake shares it wins', () => {
    expect(halfLines(-0.75)).toEqual([-1, -0.5]);
    // Home wins by 1 (half won, half pushed) or loses: the fair odds make both sides' expectation 0.
    const [home, away] = lineProbabilities(
      [
        [1, 0.5],
        [-1, 0.5],
      ],
      -0.75,
    );
    expect(home).toBeCloseTo(0.25 / 0.75, 12);
    expect(away).toBeCloseTo(0.5 / 0.75, 12);
    expect(settleLine('h', 0, 0.25, ['home', 'away']).outcomes[0]).toEqual({
      key: 'home',
      result: 'won',
      voidFactor: '0.5',
    });
  });
});

describe('tennis (point by point)', () => {
  it('knows the textbook game probability', () => {
    expect(gameProbability(0.5)).toBeCloseTo(0.5, 12);
    expect(gameProbability(0.6)).toBeCloseTo(0.7357, 4);
    const even = new TennisModel(0.62, 0.62);
    expect(even.match(0, 0, 0, 0, true)).toBeCloseTo(0.5, 2);
    expect(even.tiebreak(0, 0, true)).toBeCloseTo(0.5, 9);
  });

  it('sums to 1 per market and prices with the margin in any state', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.45, max: 0.8, noNaN: true }),
        fc.double({ min: 0.45, max: 0.8, noNaN: true }),
        fc.integer({ min: 0, max: 1 }),
        fc.integer({ min: 0, max: 1 }),
        fc.integer({ min: 0, max: 6 }),
        fc.integer({ min: 0, max: 6 }),
        fc.boolean(),
        margin,
        (ph, pa, sh, sa, gh, ga, serves, m) => {
          const model = new TennisModel(ph, pa);
          const state = {
            sets: [sh, sa] as [number, number],
            games: [gh, ga] as [number, number],
            homeServes: serves,
            setScores: [],
          };
          const probabilities = tennisProbabilities(model, state);
          expectSumsToOne(probabilities);
          for (const [key, p] of probabilities) {
            for (const [, x] of p) expect(x).toBeLessThanOrEqual(1 + 1e-12);
            expectFairlyPriced(priceMarket(key, p, m), p, m);
          }
        },
      ),
      { numRuns: 80 },
    );
  });
});

describe('basketball (possessions)', () => {
  it('sums to 1 per market, prices with the margin and settles every line without push', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.85, max: 1.15, noNaN: true }),
        fc.double({ min: 0.85, max: 1.15, noNaN: true }),
        fc.integer({ min: 0, max: 130 }),
        fc.integer({ min: 0, max: 130 }),
        fc.integer({ min: 0, max: 2880 }),
        margin,
        (rh, ra, home, away, secondsLeft, m) => {
          const mh = possessionModel(rh);
          const ma = possessionModel(ra);
          const lines = basketballLines(mh, ma);
          const probabilities = basketballProbabilities(mh, ma, lines, { home, away, secondsLeft });
          expectSumsToOne(probabilities);
          for (const [key, p] of probabilities) expectFairlyPriced(priceMarket(key, p, m), p, m);
          const final = home === away ? [home + 1, away] : [home, away];
          for (const market of basketballSettlement(final[0]!, final[1]!, lines))
            expect(market.outcomes.filter((o) => o.result === 'won')).toHaveLength(1);
        },
      ),
      { numRuns: 80 },
    );
  });
});

describe('scripts', () => {
  const simulator = createSimulatorAdapter({ seed: 'property-test' });
  const day = Date.UTC(2026, 10, 26);

  it('are the same twice and differ with the seed', () => {
    for (const sport of ['football', 'tennis', 'basketball'] as const) {
      const fixture = simulator
        .fixtures(sport, day, day + 86_400_000)
        .find((f) => !isCalledOff(f, simulator.options.seed));
      const once = matchScript(fixture!, simulator.options);
      expect(matchScript(fixture!, simulator.options)).toEqual(once);
      expect(matchScript(fixture!, { ...simulator.options, seed: 'other' })).not.toEqual(once);
      // Strictly increasing time; the match ends settled.
      for (let i = 1; i < once.length; i += 1) expect(once[i]!.ts).toBeGreaterThan(once[i - 1]!.ts);
      expect(once.at(-1)!.message.kind).toBe('bet_settlement');
      expect(once.some((m) => m.message.kind === 'bet_stop')).toBe(true);
    }
  });

  it('call off a rare fixture before kick-off: fixture cancelled, every market cancelled', () => {
    const all = simulator.fixtures('football', day, day + 7 * 86_400_000);
    const off = all.filter((f) => isCalledOff(f, simulator.options.seed));
    expect(off.length).toBeGreaterThan(all.length / CANCELLED_ONE_IN / 3);
    expect(off.length).toBeLessThan((all.length / CANCELLED_ONE_IN) * 3);
    const script = matchScript(off[0]!, simulator.options);
    expect(script.map((m) => m.message.kind)).toEqual([
      'fixture_change',
      'odds_change',
      'fixture_change',
      'bet_cancel',
    ]);
    const odds = script[1]!.message as unknown as { markets: Array<{ key: string }> };
    const cancel = script[3]!.message as unknown as { marketKeys: string[]; startTime?: number };
    expect(cancel.marketKeys).toEqual(odds.markets.map((m) => m.key));
    expect(cancel.startTime).toBeUndefined();
    expect(script[2]!.ts).toBe(off[0]!.startTs - 10 * 60_000);
  });

  it('deliver again what a failed pass did not, and the snapshots still owed', async () => {
    const adapter = createSimulatorAdapter({ seed: 'failure' });
    await adapter.poll(day, async () => {});
    await adapter.requestRecovery({ product: 1, after: null, requestId: 4 });
    let delivered = 0;
    await expect(
      adapter.poll(day + 3_600_000, async () => {
        delivered += 1;
        if (delivered === 5) throw new Error('database restarting');
      }),
    ).rejects.toThrow('database restarting');
    const again: Array<{ kind: string; requestId?: number }> = [];
    await adapter.poll(day + 3_600_000, async (m) => {
      again.push(m as { kind: string });
    });
    expect(again.length).toBeGreaterThan(5);
    expect(again.filter((m) => m.kind === 'snapshot_complete')).toEqual([
      { kind: 'snapshot_complete', product: 1, timestamp: day + 3_600_000, requestId: 4 },
    ]);
    const fresh = createSimulatorAdapter({ seed: 'failure' });
    await fresh.poll(day, async () => {});
    await fresh.requestRecovery({ product: 1, after: null, requestId: 4 });
    let count = 0;
    await fresh.poll(day + 3_600_000, async () => {
      count += 1;
    });
    expect(again).toHaveLength(count);
  });

  it('deliver the same messages whatever the polling rhythm', async () => {
    const collect = async (step: number) => {
      const adapter = createSimulatorAdapter({ seed: 'rhythm' });
      const got: string[] = [];
      await adapter.poll(day, async () => {});
      for (let now = day + step; now <= day + 3_600_000; now += step)
        await adapter.poll(now, async (m) => {
          if ((m as { kind: string }).kind !== 'alive') got.push(JSON.stringify(m));
        });
      return got;
    };
    const fine = await collect(6_000);
    expect(fine.length).toBeGreaterThan(50);
    const coarse = await collect(60_000);
    expect(coarse.length).toBe(fine.length);
    expect(coarse.sort().join('\n') === fine.sort().join('\n')).toBe(true);
  });
});
