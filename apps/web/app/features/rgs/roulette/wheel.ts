/**
 * European roulette facts the UI draws: the single-zero wheel's pocket order (clockwise from 0, as
 * on every European wheel) and the red numbers. The engine decides outcomes; these only place the
 * ball and colour the board.
 */

export const WHEEL_ORDER: readonly number[] = [
  0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22,
  18, 29, 7, 28, 12, 35, 3, 26,
];

export const RED_NUMBERS: ReadonlySet<number> = new Set([
  1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36,
]);

export type PocketColour = 'green' | 'red' | 'black';

export function pocketColour(n: number): PocketColour {
  if (n === 0) return 'green';
  return RED_NUMBERS.has(n) ? 'red' : 'black';
}

/** Degrees of one pocket on the wheel. */
export const POCKET_DEGREES = 360 / WHEEL_ORDER.length;

/** Angle (degrees, clockwise from the top) of the centre of a number's pocket on the wheel at rest. */
export function pocketAngle(n: number): number {
  const index = WHEEL_ORDER.indexOf(n);
  if (index < 0) throw new RangeError(`not a roulette number: ${n}`);
  return index * POCKET_DEGREES;
}
