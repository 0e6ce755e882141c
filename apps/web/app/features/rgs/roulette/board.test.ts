/**
 * The bet board's geometry: a click on a border or an intersection produces the split, corner,
 * street or six-line a croupier would read there, in both orientations, and the board covers
 * every European bet exactly once.
 */
import { parseRouletteBet, ROULETTE_POSITIONS } from '@croupier/games/roulette';
import { describe, expect, test } from 'vitest';
import {
  BOARD_SIZE,
  boardSpots,
  numberCell,
  type Orientation,
  type Spot,
  spotAt,
  toRouletteBet,
} from './board.ts';
import { pocketAngle, pocketColour, RED_NUMBERS, WHEEL_ORDER } from './wheel.ts';

function centreOf(n: number, orientation: Orientation) {
  const cell = numberCell(n, orientation);
  return { x: cell.x + cell.width / 2, y: cell.y + cell.height / 2 };
}

/** The drawing point halfway between the centres of two or four numbers. */
function between(numbers: number[], orientation: Orientation) {
  const centres = numbers.map((n) => centreOf(n, orientation));
  return {
    x: centres.reduce((sum, c) => sum + c.x, 0) / centres.length,
    y: centres.reduce((sum, c) => sum + c.y, 0) / centres.length,
  };
}

function clickAt(spots: Spot[], point: { x: number; y: number }) {
  const spot = spotAt(spots, point.x, point.y);
  return spot ? { kind: spot.kind, numbers: spot.numbers } : undefined;
}

describe.each(['landscape', 'portrait'] as const)('%s board', (orientation) => {
  const spots = boardSpots(orientation);

  test('the middle of a number is a straight bet on it', () => {
    for (const n of [0, 1, 17, 36]) {
      expect(clickAt(spots, centreOf(n, orientation))).toEqual({ kind: 'straight', numbers: [n] });
    }
  });

  test('the border between two numbers of a street is their split', () => {
    expect(clickAt(spots, between([1, 2], orientation))).toEqual({ kind: 'split', numbers: [1, 2] });
    expect(clickAt(spots, between([35, 36], orientation))).toEqual({ kind: 'split', numbers: [35, 36] });
  });

  test('the border between two streets is the split of n and n+3', () => {
    expect(clickAt(spots, between([8, 11], orientation))).toEqual({ kind: 'split', numbers: [8, 11] });
    expect(clickAt(spots, between([33, 36], orientation))).toEqual({ kind: 'split', numbers: [33, 36] });
  });

  test('the point where four numbers meet is their corner', () => {
    expect(clickAt(spots, between([1, 2, 4, 5], orientation))).toEqual({
      kind: 'corner',
      numbers: [1, 2, 4, 5],
    });
    expect(clickAt(spots, between([29, 30, 32, 33], orientation))).toEqual({
      kind: 'corner',
      numbers: [29, 30, 32, 33],
    });
  });

  test('the outer border of a street is the street, the outer point between two streets the six-line', () => {
    const street = spots.find((spot) => spot.id === 'street:13-14-15')!;
    expect(clickAt(spots, street.chipAt)).toEqual({ kind: 'street', numbers: [13, 14, 15] });
    // The street band sits on the outer edge of 13, the first number of the street.
    const cell13 = numberCell(13, orientation);
    const outer =
      orientation === 'landscape'
        ? { x: cell13.x + 0.5, y: cell13.y + cell13.height }
        : { x: cell13.x, y: cell13.y + 0.5 };
    expect(clickAt(spots, outer)).toEqual({ kind: 'street', numbers: [13, 14, 15] });
    const line =
      orientation === 'landscape' ? { x: cell13.x + 1, y: cell13.y + 1 } : { x: cell13.x, y: cell13.y + 1 };
    expect(clickAt(spots, line)).toEqual({ kind: 'line', numbers: [13, 14, 15, 16, 17, 18] });
  });

  test('zero borders: splits with 1, 2 and 3, the trios and the first four', () => {
    const zeroEdge = (n: number) => {
      const cell = numberCell(n, orientation);
      return orientation === 'landscape' ? { x: cell.x, y: cell.y + 0.5 } : { x: cell.x + 0.5, y: cell.y };
    };
    expect(clickAt(spots, zeroEdge(1))).toEqual({ kind: 'split', numbers: [0, 1] });
    expect(clickAt(spots, zeroEdge(2))).toEqual({ kind: 'split', numbers: [0, 2] });
    expect(clickAt(spots, zeroEdge(3))).toEqual({ kind: 'split', numbers: [0, 3] });
    const trio = spots.find((spot) => spot.kind === 'trio' && spot.numbers.includes(3))!;
    expect(clickAt(spots, trio.chipAt)).toEqual({ kind: 'trio', numbers: [0, 2, 3] });
    const firstFour = spots.find((spot) => spot.kind === 'first_four')!;
    expect(clickAt(spots, firstFour.chipAt)).toEqual({ kind: 'first_four', numbers: [0, 1, 2, 3] });
  });

  test('outside bets cover the right numbers', () => {
    const byId = new Map(spots.map((spot) => [spot.id, spot]));
    expect(byId.get('column:1')?.numbers).toEqual([1, 4, 7, 10, 13, 16, 19, 22, 25, 28, 31, 34]);
    expect(byId.get('column:3')?.numbers).toEqual([3, 6, 9, 12, 15, 18, 21, 24, 27, 30, 33, 36]);
    expect(byId.get('dozen:2')?.numbers).toEqual([13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24]);
    expect(byId.get('red')?.numbers).toEqual([...RED_NUMBERS].sort((a, b) => a - b));
    expect(byId.get('black')?.numbers).toHaveLength(18);
    expect(byId.get('black')?.numbers.some((n) => RED_NUMBERS.has(n))).toBe(false);
    expect(byId.get('odd')?.numbers.every((n) => n % 2 === 1)).toBe(true);
    expect(byId.get('low')?.numbers).toEqual(Array.from({ length: 18 }, (_, i) => i + 1));
    expect(byId.get('high')?.numbers[0]).toBe(19);
  });

  test('every European bet exists once, inside the drawing', () => {
    const count = (kind: Spot['kind']) => spots.filter((spot) => spot.kind === kind).length;
    // 37 straights; 60 splits (24 in streets + 33 across + 3 with zero); 12 streets; 22 corners;
    // 11 six-lines; 2 trios; the first four; 3 columns; 3 dozens; 6 even-money bets.
    expect({
      straight: count('straight'),
      split: count('split'),
      street: count('street'),
      corner: count('corner'),
      line: count('line'),
      trio: count('trio'),
      firstFour: count('first_four'),
      column: count('column'),
      dozen: count('dozen'),
    }).toEqual({
      straight: 37,
      split: 60,
      street: 12,
      corner: 22,
      line: 11,
      trio: 2,
      firstFour: 1,
      column: 3,
      dozen: 3,
    });
    expect(new Set(spots.map((spot) => spot.id)).size).toBe(spots.length);
    const { width, height } = BOARD_SIZE[orientation];
    for (const spot of spots) {
      expect(spot.chipAt.x).toBeGreaterThanOrEqual(0);
      expect(spot.chipAt.x).toBeLessThanOrEqual(width);
      expect(spot.chipAt.y).toBeGreaterThanOrEqual(0);
      expect(spot.chipAt.y).toBeLessThanOrEqual(height);
    }
  });
});

describe('wheel', () => {
  test('the European order holds every number once, colours alternate red and black', () => {
    expect([...WHEEL_ORDER].sort((a, b) => a - b)).toEqual(Array.from({ length: 37 }, (_, i) => i));
    for (let i = 1; i < WHEEL_ORDER.length - 1; i += 1) {
      expect(pocketColour(WHEEL_ORDER[i]!)).not.toBe(pocketColour(WHEEL_ORDER[i + 1]!));
    }
    expect(pocketAngle(0)).toBe(0);
    expect(pocketAngle(32)).toBeCloseTo(360 / 37);
  });
});

describe('bet payload', () => {
  const spots = boardSpots('landscape');

  test('every spot of the board is a legal position of the engine, and every position is on the board', () => {
    const key = (type: string, numbers: readonly number[]) => `${type}:${numbers.join('-')}`;
    const board = new Set(spots.map((spot) => key(spot.kind, spot.numbers)));
    const engine = new Set(ROULETTE_POSITIONS.map((position) => key(position.type, position.numbers)));
    expect(board).toEqual(engine);
  });

  test('amounts per spot become the engine bet, which the engine accepts', () => {
    const bet = toRouletteBet(
      new Map([
        ['split:1-2', 150n],
        ['red', 1000n],
        ['first_four:0-1-2-3', 20n],
      ]),
      spots,
    );
    expect(bet).toEqual({
      bets: [
        { type: 'split', numbers: [1, 2], stake: '150' },
        {
          type: 'red',
          numbers: [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36],
          stake: '1000',
        },
        { type: 'first_four', numbers: [0, 1, 2, 3], stake: '20' },
      ],
    });
    const parsed = parseRouletteBet(bet, { minStakeMinor: 10n, maxStakeMinor: 100_000n });
    expect(parsed.total).toBe(1170n);
    expect(() => toRouletteBet(new Map([['nope', 1n]]), spots)).toThrow(RangeError);
  });
});
