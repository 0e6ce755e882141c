/**
 * The European roulette bet board as geometry: every spot a player can click, the numbers that
 * spot covers, and where it sits on the drawn board. Pure, so the tests can ask "which numbers
 * does a click on this border produce?" without a DOM.
 *
 * Grid coordinates: `u` runs along the twelve streets (street s covers u ∈ [s, s+1]; the zero is
 * u ∈ [-1, 0]); `v` runs across the three columns (column c covers v ∈ [c, c+1], column 0 holds
 * 1, 4 … 34). So number n sits at street ⌊(n-1)/3⌋, column (n-1) mod 3. Outside bets lie below
 * v = 0 (dozens at v ∈ [-1, 0], even-money bets at v ∈ [-2, -1]) and the "2 to 1" column bets
 * at u ∈ [12, 13]. An orientation maps the grid to the drawing: landscape (zero on the left,
 * 3 6 9 … on top, as on a real table) for wide screens, portrait (zero on top, 1 2 3 across) for
 * phones.
 *
 * Inside bets by click position (casino convention): the middle of a number is a straight bet;
 * the border between two numbers a split; the point where four numbers meet a corner; the outer
 * border of a street (beside 1, 4 …) the street; the outer point between two streets the six-line;
 * the border between 0 and 1/2/3 a split with zero; the points there trios (0-1-2, 0-2-3); the
 * outer corner by 0 and 1 the first four (0-1-2-3).
 */
import type { RouletteBetType } from '@croupier/games/roulette';

/** The engine's bet types (packages/games/src/roulette.ts): a spot's kind is its bet `type`. */
export type SpotKind = RouletteBetType;

export const INSIDE_KINDS: ReadonlySet<SpotKind> = new Set([
  'straight',
  'split',
  'street',
  'corner',
  'line',
  'trio',
  'first_four',
]);

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Spot {
  /** Stable id, e.g. `split:1-2`, `column:3`, `red`. */
  id: string;
  kind: SpotKind;
  /** The covered numbers, ascending. */
  numbers: number[];
  /** Where a click selects it, in drawing units. */
  hit: Rect;
  /** Where its chip stack is drawn (the centre of the hit area). */
  chipAt: { x: number; y: number };
}

export type Orientation = 'landscape' | 'portrait';

/** Drawing size in board units for an orientation. */
export const BOARD_SIZE: Record<Orientation, { width: number; height: number }> = {
  landscape: { width: 14, height: 5 },
  portrait: { width: 5, height: 14 },
};

interface GridRect {
  u0: number;
  u1: number;
  v0: number;
  v1: number;
}

function toDrawing(rect: GridRect, orientation: Orientation): Rect {
  if (orientation === 'landscape') {
    // x = 1 + u, y = 3 - v
    return { x: 1 + rect.u0, y: 3 - rect.v1, width: rect.u1 - rect.u0, height: rect.v1 - rect.v0 };
  }
  // x = 2 + v, y = 1 + u
  return { x: 2 + rect.v0, y: 1 + rect.u0, width: rect.v1 - rect.v0, height: rect.u1 - rect.u0 };
}

export function numberAt(street: number, column: number): number {
  return street * 3 + column + 1;
}

/** Half the thickness of a border's click band and of an intersection's click square. */
const EDGE = 0.16;
/** How far a border's band stops short of the cell corners (where the intersections are). */
const INSET = 0.2;

function edgeAlongU(u: number, v0: number, v1: number): GridRect {
  return { u0: u - EDGE, u1: u + EDGE, v0: v0 + INSET, v1: v1 - INSET };
}

function edgeAlongV(v: number, u0: number, u1: number): GridRect {
  return { u0: u0 + INSET, u1: u1 - INSET, v0: v - EDGE, v1: v + EDGE };
}

function point(u: number, v: number): GridRect {
  return { u0: u - EDGE, u1: u + EDGE, v0: v - EDGE, v1: v + EDGE };
}

function sorted(numbers: number[]): number[] {
  return [...numbers].sort((a, b) => a - b);
}

function spot(
  kind: SpotKind,
  numbers: number[],
  area: GridRect,
  orientation: Orientation,
  id?: string,
): Spot {
  const ordered = sorted(numbers);
  const hit = toDrawing(area, orientation);
  return {
    id: id ?? `${kind}:${ordered.join('-')}`,
    kind,
    numbers: ordered,
    hit,
    chipAt: { x: hit.x + hit.width / 2, y: hit.y + hit.height / 2 },
  };
}

function range(from: number, to: number): number[] {
  const result: number[] = [];
  for (let n = from; n <= to; n += 1) result.push(n);
  return result;
}

export const COLUMN_NUMBERS = (column: number): number[] =>
  range(1, 36).filter((n) => (n - 1) % 3 === column);

/** The even-money bets in board order along the streets. */
export const EVEN_MONEY: ReadonlyArray<{ kind: SpotKind; numbers: number[] }> = [
  { kind: 'low', numbers: range(1, 18) },
  { kind: 'even', numbers: range(1, 36).filter((n) => n % 2 === 0) },
  {
    kind: 'red',
    numbers: [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36],
  },
  {
    kind: 'black',
    numbers: [2, 4, 6, 8, 10, 11, 13, 15, 17, 20, 22, 24, 26, 28, 29, 31, 33, 35],
  },
  { kind: 'odd', numbers: range(1, 36).filter((n) => n % 2 === 1) },
  { kind: 'high', numbers: range(19, 36) },
];

/**
 * Every spot of the board, in drawing order: cells first (zero, numbers, outside bets), then the
 * border bands and intersection points on top so they win the click where they overlap a cell.
 */
export function boardSpots(orientation: Orientation): Spot[] {
  const cells: Spot[] = [];
  const borders: Spot[] = [];
  const points: Spot[] = [];

  cells.push(spot('straight', [0], { u0: -1, u1: 0, v0: 0, v1: 3 }, orientation));
  for (let s = 0; s < 12; s += 1) {
    for (let c = 0; c < 3; c += 1) {
      cells.push(spot('straight', [numberAt(s, c)], { u0: s, u1: s + 1, v0: c, v1: c + 1 }, orientation));
    }
  }
  for (let c = 0; c < 3; c += 1) {
    cells.push(
      spot('column', COLUMN_NUMBERS(c), { u0: 12, u1: 13, v0: c, v1: c + 1 }, orientation, `column:${c + 1}`),
    );
  }
  for (let d = 0; d < 3; d += 1) {
    const numbers = range(d * 12 + 1, d * 12 + 12);
    cells.push(
      spot('dozen', numbers, { u0: d * 4, u1: d * 4 + 4, v0: -1, v1: 0 }, orientation, `dozen:${d + 1}`),
    );
  }
  EVEN_MONEY.forEach((bet, k) => {
    cells.push(
      spot(bet.kind, bet.numbers, { u0: k * 2, u1: k * 2 + 2, v0: -2, v1: -1 }, orientation, bet.kind),
    );
  });

  // Zero's border with the first street: splits 0-1, 0-2, 0-3; trios at the inner points; the
  // first four at the outer corner.
  for (let c = 0; c < 3; c += 1) {
    borders.push(spot('split', [0, numberAt(0, c)], edgeAlongU(0, c, c + 1), orientation));
  }
  points.push(spot('trio', [0, 1, 2], point(0, 1), orientation));
  points.push(spot('trio', [0, 2, 3], point(0, 2), orientation));
  points.push(spot('first_four', [0, 1, 2, 3], point(0, 0), orientation));

  for (let s = 0; s < 12; s += 1) {
    // Splits inside a street (n, n+1) on the borders between columns.
    for (let c = 0; c < 2; c += 1) {
      borders.push(
        spot('split', [numberAt(s, c), numberAt(s, c + 1)], edgeAlongV(c + 1, s, s + 1), orientation),
      );
    }
    // The street on the outer border of its first number.
    borders.push(
      spot('street', [numberAt(s, 0), numberAt(s, 1), numberAt(s, 2)], edgeAlongV(0, s, s + 1), orientation),
    );
    if (s < 11) {
      // Splits across streets (n, n+3) on the borders between streets.
      for (let c = 0; c < 3; c += 1) {
        borders.push(
          spot('split', [numberAt(s, c), numberAt(s + 1, c)], edgeAlongU(s + 1, c, c + 1), orientation),
        );
      }
      // Corners where four numbers meet.
      for (let c = 0; c < 2; c += 1) {
        points.push(
          spot(
            'corner',
            [numberAt(s, c), numberAt(s, c + 1), numberAt(s + 1, c), numberAt(s + 1, c + 1)],
            point(s + 1, c + 1),
            orientation,
          ),
        );
      }
      // The six-line on the outer point between two streets.
      points.push(spot('line', [...range(s * 3 + 1, s * 3 + 6)], point(s + 1, 0), orientation));
    }
  }
  return [...cells, ...borders, ...points];
}

/** The topmost spot under a drawing point (last in drawing order wins), or undefined. */
export function spotAt(spots: readonly Spot[], x: number, y: number): Spot | undefined {
  for (let i = spots.length - 1; i >= 0; i -= 1) {
    const candidate = spots[i]!;
    const { hit } = candidate;
    if (x >= hit.x && x <= hit.x + hit.width && y >= hit.y && y <= hit.y + hit.height) return candidate;
  }
  return undefined;
}

/** The cell rectangle of a number (0 included), for drawing and for the winning highlight. */
export function numberCell(n: number, orientation: Orientation): Rect {
  if (n === 0) return toDrawing({ u0: -1, u1: 0, v0: 0, v1: 3 }, orientation);
  const s = Math.floor((n - 1) / 3);
  const c = (n - 1) % 3;
  return toDrawing({ u0: s, u1: s + 1, v0: c, v1: c + 1 }, orientation);
}

export interface RouletteBetInput {
  bets: Array<{ type: SpotKind; numbers: number[]; stake: string }>;
}

/**
 * The engine's bet payload (`{ bets: [{ type, numbers, stake }] }`, stakes as minor-unit integer
 * strings) from the amounts per spot. Unknown spot ids are a bug in the caller and throw.
 */
export function toRouletteBet(
  amounts: ReadonlyMap<string, bigint>,
  spots: readonly Spot[],
): RouletteBetInput {
  const byId = new Map(spots.map((candidate) => [candidate.id, candidate]));
  const bets: RouletteBetInput['bets'] = [];
  for (const [spotId, amountMinor] of amounts) {
    const found = byId.get(spotId);
    if (!found) throw new RangeError(`unknown roulette spot ${spotId}`);
    if (amountMinor > 0n)
      bets.push({ type: found.kind, numbers: found.numbers, stake: amountMinor.toString() });
  }
  return { bets };
}
