/** Chip arithmetic: bigint minor units throughout, limits on the total, undo and rebet. */
import { describe, expect, test } from 'vitest';
import {
  chipLabel,
  chipRank,
  chipValues,
  placeChip,
  rebet,
  stacks,
  stakeProblem,
  totalStake,
  undoChip,
} from './chips.ts';

const LIMITS = { minMinor: 10n, maxMinor: 10_000n };

describe('chip values', () => {
  test('1-2-5 series inside the limits, at most six, starting at the minimum', () => {
    expect(chipValues({ minMinor: 10n, maxMinor: 500n })).toEqual([10n, 20n, 50n, 100n, 200n, 500n]);
    const many = chipValues(LIMITS);
    expect(many).toHaveLength(6);
    expect(many[0]).toBe(10n);
    expect(many.every((value) => value >= 10n && value <= 10_000n)).toBe(true);
    expect(many).toEqual([10n, 50n, 100n, 500n, 1000n, 5000n]);
  });

  test('an odd minimum is a chip itself; impossible limits give none', () => {
    expect(chipValues({ minMinor: 15n, maxMinor: 60n })).toEqual([15n, 20n, 50n]);
    expect(chipValues({ minMinor: 0n, maxMinor: 60n })).toEqual([]);
    expect(chipValues({ minMinor: 100n, maxMinor: 50n })).toEqual([]);
  });

  test('huge amounts stay exact (no float rounding)', () => {
    const max = 10n ** 20n + 7n;
    const values = chipValues({ minMinor: 10n ** 18n, maxMinor: max });
    expect(values[0]).toBe(10n ** 18n);
    expect(values.at(-1)).toBe(10n ** 20n);
  });
});

describe('placing chips', () => {
  test('stacks add up per spot, the total is exact', () => {
    let chips = placeChip([], 'red', 10n, LIMITS);
    expect(chips.ok).toBe(true);
    if (!chips.ok) return;
    let placed = chips.chips;
    for (const [spot, amount] of [
      ['straight:17', 50n],
      ['red', 20n],
      ['split:1-2', 10n],
    ] as const) {
      chips = placeChip(placed, spot, amount, LIMITS);
      if (!chips.ok) throw new Error('refused');
      placed = chips.chips;
    }
    expect(totalStake(placed)).toBe(90n);
    expect([...stacks(placed)]).toEqual([
      ['red', 30n],
      ['straight:17', 50n],
      ['split:1-2', 10n],
    ]);
    expect(undoChip(placed).map((chip) => chip.spotId)).toEqual(['red', 'straight:17', 'red']);
  });

  test('a chip that would pass the maximum total is refused; a zero chip too', () => {
    const near = [{ spotId: 'red', amountMinor: 9_990n }];
    expect(placeChip(near, 'black', 10n, LIMITS).ok).toBe(true);
    expect(placeChip(near, 'black', 11n, LIMITS)).toEqual({ ok: false, problem: 'over_max' });
    expect(placeChip([], 'black', 0n, LIMITS)).toEqual({ ok: false, problem: 'bad_chip' });
  });

  test('the stake problem names what blocks a spin', () => {
    expect(stakeProblem([], LIMITS, 1000n)).toBe('empty');
    expect(stakeProblem([{ spotId: 'red', amountMinor: 5n }], LIMITS, 1000n)).toBe('under_min');
    expect(stakeProblem([{ spotId: 'red', amountMinor: 10_001n }], LIMITS, null)).toBe('over_max');
    expect(stakeProblem([{ spotId: 'red', amountMinor: 500n }], LIMITS, 499n)).toBe('over_balance');
    expect(stakeProblem([{ spotId: 'red', amountMinor: 500n }], LIMITS, 500n)).toBeUndefined();
  });

  test('rebet restores the last chips unless they no longer fit', () => {
    const last = [
      { spotId: 'red', amountMinor: 100n },
      { spotId: 'dozen:1', amountMinor: 200n },
    ];
    expect(rebet(last, LIMITS)).toEqual(last);
    expect(rebet(last, { minMinor: 10n, maxMinor: 250n })).toBeUndefined();
    expect(rebet([], LIMITS)).toBeUndefined();
  });
});

describe('chip faces', () => {
  test('short labels in major units, exact', () => {
    expect(chipLabel(10n, 2)).toBe('0.1');
    expect(chipLabel(50n, 2)).toBe('0.5');
    expect(chipLabel(250n, 2)).toBe('2.5');
    expect(chipLabel(100n, 2)).toBe('1');
    expect(chipLabel(2_500n, 2)).toBe('25');
    expect(chipLabel(100_000n, 2)).toBe('1K');
    expect(chipLabel(250_000n, 2)).toBe('2.5K');
    expect(chipLabel(100_000_000n, 2)).toBe('1M');
    expect(chipLabel(7n, 0)).toBe('7');
    expect(chipLabel(1n, 2)).toBe('0.01');
  });

  test('a stack takes the colour of the largest chip it reaches', () => {
    const values = [10n, 50n, 100n, 500n];
    expect(chipRank(10n, values)).toBe(0);
    expect(chipRank(60n, values)).toBe(1);
    expect(chipRank(100n, values)).toBe(2);
    expect(chipRank(10_000n, values)).toBe(3);
  });
});
