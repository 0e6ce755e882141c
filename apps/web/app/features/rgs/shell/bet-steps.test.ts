import { describe, expect, it } from 'vitest';
import {
  clampStake,
  defaultStake,
  MAX_STEPS,
  scaleStake,
  stakeSteps,
  stepStake,
  validRange,
} from './bet-steps.ts';

describe('stake ladder', () => {
  it('runs 1-2-5 between the limits, both ends included', () => {
    expect(stakeSteps({ min: 10n, max: 10_000n })).toEqual([
      10n,
      20n,
      50n,
      100n,
      200n,
      500n,
      1000n,
      2000n,
      5000n,
      10_000n,
    ]);
    expect(stakeSteps({ min: 15n, max: 120n })).toEqual([15n, 20n, 50n, 100n, 120n]);
  });

  it('keeps every step a multiple of the game unit (the slot: 20 lines)', () => {
    const steps = stakeSteps({ min: 10n, max: 10_000n, multipleOf: 20n });
    expect(steps).toEqual([20n, 40n, 100n, 200n, 400n, 1000n, 2000n, 4000n, 10_000n]);
    for (const step of steps) expect(step % 20n).toBe(0n);
  });

  it('never leaves the limits', () => {
    for (const [min, max, unit] of [
      [1n, 1n, 1n],
      [7n, 9_999_999n, 1n],
      [30n, 50_000n, 20n],
      [100n, 100n, 20n],
    ] as const) {
      const steps = stakeSteps({ min, max, multipleOf: unit });
      for (const step of steps) {
        expect(step).toBeGreaterThanOrEqual(min);
        expect(step).toBeLessThanOrEqual(max);
        expect(step % unit).toBe(0n);
      }
      expect(steps.length).toBeLessThanOrEqual(MAX_STEPS);
    }
  });

  it('is empty when no stake fits (min 30, max 35, unit 20)', () => {
    expect(validRange({ min: 30n, max: 35n, multipleOf: 20n })).toBeNull();
    expect(stakeSteps({ min: 30n, max: 35n, multipleOf: 20n })).toEqual([]);
  });

  it('thins a huge range to at most MAX_STEPS, keeping both ends', () => {
    const steps = stakeSteps({ min: 1n, max: 10n ** 30n });
    expect(steps.length).toBeLessThanOrEqual(MAX_STEPS);
    expect(steps[0]).toBe(1n);
    expect(steps.at(-1)).toBe(10n ** 30n);
  });
});

describe('stepping', () => {
  const steps = stakeSteps({ min: 10n, max: 10_000n });

  it('moves one step up or down and stays at the ends', () => {
    expect(stepStake(steps, 100n, 1)).toBe(200n);
    expect(stepStake(steps, 100n, -1)).toBe(50n);
    expect(stepStake(steps, 10_000n, 1)).toBe(10_000n);
    expect(stepStake(steps, 10n, -1)).toBe(10n);
  });

  it('from between two steps goes to the neighbour in that direction', () => {
    expect(stepStake(steps, 150n, 1)).toBe(200n);
    expect(stepStake(steps, 150n, -1)).toBe(100n);
  });

  it('clamps and rounds to the unit', () => {
    const rules = { min: 10n, max: 10_000n, multipleOf: 20n };
    expect(clampStake(5n, rules)).toBe(20n);
    expect(clampStake(99_999n, rules)).toBe(10_000n);
    expect(clampStake(150n, rules)).toBe(140n);
  });

  it('halves and doubles within the limits', () => {
    const rules = { min: 10n, max: 1000n };
    expect(scaleStake(100n, 'half', rules)).toBe(50n);
    expect(scaleStake(15n, 'half', rules)).toBe(10n);
    expect(scaleStake(800n, 'double', rules)).toBe(1000n);
    expect(scaleStake(60n, 'half', { ...rules, multipleOf: 20n })).toBe(20n);
  });

  it('starts at the step nearest one major unit', () => {
    expect(defaultStake(steps, 2)).toBe(100n);
    expect(defaultStake(stakeSteps({ min: 500n, max: 1000n }), 2)).toBe(500n);
    expect(defaultStake(stakeSteps({ min: 1n, max: 50n }), 2)).toBe(50n);
  });
});
