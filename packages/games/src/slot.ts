/**
 * The in-house 5×3 video slot ("neon-reels", "aurora-reels", "gem-cascade", "tidal-treasure" are
 * themes of this one engine): 20 fixed paylines, eight paying symbols, a WILD and a SCATTER, and a
 * free-spins feature. Rules (docs/games/slot.md):
 *
 * - Each of the 5 reels stops at a uniformly drawn position of its strip (random.int(strip length),
 *   reels left to right); the window shows that symbol and the next two (wrapping), top to bottom.
 * - A line pays the best of: the leading run of WILDs as WILDs, or the first non-wild symbol with
 *   every WILD before and after it counted as that symbol; 3, 4 or 5 of a kind from the leftmost reel,
 *   in multiples of the line bet (stake / 20). SCATTERs never count on a line.
 * - SCATTERs pay anywhere in multiples of the total stake (3, 4, 5 of them) and 3 or more award 10
 *   free spins played on the free-spins strips with every win tripled; 3 or more during free spins
 *   award 10 more, up to 100 free spins in a round. The free spins belong to the round that
 *   triggered them: one stake, one payout.
 *
 * The declared RTP is exact (slotRtp): line pays by linearity of expectation over symbol 5-tuples,
 * scatters by convolution, and the feature through the exact distribution of the number of free
 * spins (hitting-time theorem) and Wald's identity. slot.test.ts checks it against an enumeration of
 * every stop combination of small reel sets through the real evaluator.
 */
import { checkStakeLimits, expectObject, parseMinor, WIDE_LIMITS } from './bet-input.ts';
import { type BetLimits, formatRational, type GameEngine, GameInputError, type Rational } from './engine.ts';
import type { FairRandom, IntSource } from './fair.ts';
import { add, div, mul, rational, rationalJson, sub, ZERO } from './rational.ts';

export const SLOT_SYMBOLS = ['wild', 'scatter', 'h1', 'h2', 'h3', 'h4', 'l1', 'l2', 'l3', 'l4'] as const;
export type SlotSymbol = (typeof SLOT_SYMBOLS)[number];
export type PayingSymbol = Exclude<SlotSymbol, 'scatter'>;

const WILD = 0;
const SCATTER = 1;
export const REELS = 5;
export const ROWS = 3;

export interface SlotConfig {
  /** Row (0 top, 1 middle, 2 bottom) of each reel for every payline; the stake is split evenly over them. */
  paylines: readonly (readonly number[])[];
  /** Multiples of the line bet for 3, 4 and 5 of a kind. */
  linePays: Readonly<Record<PayingSymbol, readonly [number, number, number]>>;
  /** Multiples of the total stake for 3, 4 and 5 SCATTERs anywhere. */
  scatterPays: readonly [number, number, number];
  /** Five reel strips of the base game, symbols separated by spaces. */
  baseStrips: readonly string[];
  /** Five reel strips of the free spins. */
  freeStrips: readonly string[];
  freeSpins: {
    /** Spins awarded by 3+ SCATTERs (base game or free spins). */
    award: number;
    /** Every free-spin win is multiplied by this. */
    multiplier: number;
    /** Most free spins in one round (a multiple of `award`): retriggers beyond it award nothing. */
    max: number;
  };
}

/**
 * The paylines, rows per reel. Line index i in the round view refers to PAYLINES[i].
 */
export const PAYLINES: readonly (readonly number[])[] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [1, 0, 1, 2, 1],
  [1, 2, 1, 0, 1],
  [0, 1, 1, 1, 0],
  [2, 1, 1, 1, 2],
  [0, 1, 0, 1, 0],
  [2, 1, 2, 1, 2],
  [1, 1, 0, 1, 1],
  [1, 1, 2, 1, 1],
  [0, 0, 2, 0, 0],
  [2, 2, 0, 2, 2],
  [0, 2, 2, 2, 0],
];

export const SLOT_CONFIG: SlotConfig = {
  paylines: PAYLINES,
  linePays: {
    wild: [50, 250, 1000],
    h1: [40, 150, 600],
    h2: [30, 100, 400],
    h3: [20, 60, 200],
    h4: [15, 50, 150],
    l1: [10, 25, 100],
    l2: [8, 20, 80],
    l3: [5, 15, 60],
    l4: [5, 15, 50],
  },
  scatterPays: [3, 10, 50],
  // Base game: 32–33 stops, one SCATTER per reel, one WILD on reel 1 and two on reels 2–5.
  baseStrips: [
    'l3 scatter l4 l1 l2 h3 h4 h1 h2 l3 l4 l1 l2 l3 l4 h3 wild h4 l1 l2 l3 l4 l1 h1 l2 h2 h3 h4 l3 l4 l1 l2',
    'h1 wild h2 l1 l3 l2 l4 h3 l1 l3 l2 h4 l4 l1 l3 l2 l4 h1 wild h2 h3 h4 l1 l3 l2 l4 l1 scatter l3 l2 l4 h3 h4',
    'h3 h4 l4 l2 l3 l1 l4 l2 l3 l1 wild h2 h1 h3 h4 l4 l2 l3 l1 l4 scatter l2 l3 l1 h3 h4 wild h2 h1 l4 l2 l3 l1',
    'l4 l1 l2 wild h1 h2 h4 h3 l3 l4 l1 l2 l3 scatter l4 l1 l2 h4 h3 wild h1 h2 l3 l4 l1 l2 l3 l4 h4 l1 l2 h3 l3',
    'h3 l1 l3 l2 l4 l1 scatter l3 l2 l4 h4 h3 h1 h2 l1 wild l3 l2 l4 l1 l3 l2 l4 h4 h3 l1 l3 l2 l4 h1 h2 wild h4',
  ],
  // Free spins: shorter strips with fewer low symbols and three WILDs on reels 2–5.
  freeStrips: [
    'h1 h2 l4 l2 l3 l1 h3 wild h4 l4 l2 l3 l1 h1 h2 h3 l4 l2 h4 l3 l1 l4 scatter l2 l3 l1 h3 h4',
    'l3 l2 h4 h3 wild l1 l4 l3 l2 h2 h1 h4 h3 wild l1 l4 l3 l2 l1 scatter l4 l3 h4 l2 h3 wild h2 h1 l1 l4',
    'l1 l2 h2 h1 h3 wild h4 l3 l4 l1 l2 l3 scatter l4 l1 l2 h3 wild h4 h2 h1 l3 l4 l1 l2 h3 wild h4 l3 l4',
    'l1 l3 l2 l4 l1 scatter l3 l2 h3 l4 wild h4 h1 h2 l1 l3 l2 l4 h3 wild h4 l1 l3 l2 l4 h1 h2 h3 wild h4',
    'l3 wild h4 l1 h3 h2 h1 l4 l2 l3 l1 wild h4 h3 l4 l2 l3 l1 h2 h1 wild h4 h3 l4 l2 l3 l1 l4 scatter l2',
  ],
  freeSpins: { award: 10, multiplier: 3, max: 100 },
};

/** A config checked and turned into symbol indices for fast evaluation. */
export interface CompiledSlot {
  config: SlotConfig;
  lineCount: number;
  /** pays[symbol][count]: line-bet multiples, 0 below 3 of a kind and for SCATTER. */
  pays: number[][];
  /** scatterPays[count]: total-stake multiples. */
  scatterPays: number[];
  base: Uint8Array[];
  free: Uint8Array[];
  /** The strips with their first ROWS − 1 symbols repeated at the end: a window never wraps. */
  baseView: Uint8Array[];
  freeView: Uint8Array[];
  /** Every payline's cells in a spin's view (reel·ROWS + row), lines after each other. */
  lineCells: Uint8Array;
  /** The paylines worth evaluating, by stop: built on the first spin (lineFilter), not at import. */
  lineFilter: LineFilter | undefined;
}

/**
 * Which paylines of a spin can pay, known before evaluating them. Built once per compiled slot on
 * its first spin (about 20 ms; the browser's fairness verifier imports the engine, so not at import).
 */
export interface LineFilter {
  /**
   * mayPay[(s0·N + s1)·N + s2] (N symbols): 1 when a line starting with those three symbols pays for
   * some last two, 0 when it pays nothing whatever follows.
   */
  mayPay: Uint8Array;
  /**
   * The paylines that may pay (bit i: payline i, by mayPay) for each stop of the first three reels:
   * baseLeads[(stop0·L1 + stop1)·L2 + stop2] for the base strips (L: strip lengths), freeLeads for
   * the free-spin strips. Most spins' mask is 0 or one line: scanSpin evaluates only those lines.
   */
  baseLeads: Uint32Array;
  freeLeads: Uint32Array;
}

function compileStrips(strips: readonly string[], name: string): Uint8Array[] {
  if (strips.length !== REELS) throw new RangeError(`${name}: ${REELS} strips expected`);
  return strips.map((text, reel) => {
    const ids = text.trim().split(/\s+/);
    if (ids.length < ROWS) throw new RangeError(`${name} reel ${reel}: at least ${ROWS} stops`);
    const strip = Uint8Array.from(ids, (id) => {
      const index = SLOT_SYMBOLS.indexOf(id as SlotSymbol);
      if (index < 0) throw new RangeError(`${name} reel ${reel}: unknown symbol ${id}`);
      return index;
    });
    // At most one SCATTER in any window: the exact scatter maths (and the rule "3 SCATTERs on 3
    // reels") rely on it. Two SCATTERs must be at least ROWS apart around the strip.
    const at = [...strip.keys()].filter((i) => strip[i] === SCATTER);
    for (let k = 0; k < at.length && at.length > 1; k += 1) {
      const gap = ((at[(k + 1) % at.length]! - at[k]! + strip.length) % strip.length ||
        strip.length) as number;
      if (gap < ROWS) throw new RangeError(`${name} reel ${reel}: SCATTERs closer than ${ROWS} stops`);
    }
    return strip;
  });
}

export function compileSlot(config: SlotConfig): CompiledSlot {
  for (const line of config.paylines) {
    if (line.length !== REELS || line.some((row) => !Number.isInteger(row) || row < 0 || row >= ROWS)) {
      throw new RangeError('bad payline');
    }
  }
  // A spin's paylines that may pay are one 32-bit mask (LineFilter).
  if (config.paylines.length < 1 || config.paylines.length > 32) throw new RangeError('1 to 32 paylines');
  const { award, multiplier, max } = config.freeSpins;
  if (!(award >= 1 && multiplier >= 1 && max >= award && max % award === 0)) {
    throw new RangeError('bad free-spin rules');
  }
  const pays = SLOT_SYMBOLS.map((id) => {
    if (id === 'scatter') return [0, 0, 0, 0, 0, 0];
    const [p3, p4, p5] = config.linePays[id];
    return [0, 0, 0, p3, p4, p5];
  });
  const base = compileStrips(config.baseStrips, 'base');
  const free = compileStrips(config.freeStrips, 'free');
  return {
    lineFilter: undefined,
    config,
    lineCount: config.paylines.length,
    pays,
    scatterPays: [0, 0, 0, ...config.scatterPays],
    base,
    free,
    baseView: base.map(viewStrip),
    freeView: free.map(viewStrip),
    lineCells: Uint8Array.from(config.paylines.flatMap((rows) => rows.map((row, reel) => reel * ROWS + row))),
  };
}

/** The slot's LineFilter, built on first use. */
export function lineFilter(c: CompiledSlot): LineFilter {
  if (!c.lineFilter) {
    const mayPay = mayPayTable(c.pays);
    c.lineFilter = {
      mayPay,
      baseLeads: leadsTable(c.config.paylines, c.baseView, mayPay),
      freeLeads: leadsTable(c.config.paylines, c.freeView, mayPay),
    };
  }
  return c.lineFilter;
}

/**
 * LineFilter.mayPay: each three leading symbols with the last two that could make them pay. When a
 * non-WILD symbol X is among the three, the run is X's (the WILD run ends before X) and a last
 * symbol only matters as continuing it or not: WILD continues it as X would, SCATTER never does, so
 * those two stand for all ten. Three WILDs can go on as any symbol's run: all ten are tried.
 */
function mayPayTable(pays: number[][]): Uint8Array {
  const n = SLOT_SYMBOLS.length;
  const table = new Uint8Array(n * n * n);
  const line = new Uint8Array(REELS);
  const every = SLOT_SYMBOLS.map((_, symbol) => symbol);
  const twoKinds = [WILD, SCATTER];
  for (let lead = 0; lead < table.length; lead += 1) {
    line[0] = Math.floor(lead / (n * n));
    line[1] = Math.floor(lead / n) % n;
    line[2] = lead % n;
    const last = line[0] === WILD && line[1] === WILD && line[2] === WILD ? every : twoKinds;
    for (const s3 of last) {
      for (const s4 of last) {
        line[3] = s3;
        line[4] = s4;
        if (linePayPacked(pays, line) > 0) table[lead] = 1;
      }
    }
  }
  return table;
}

/** LineFilter.baseLeads and freeLeads: every stop of the first three reels against every payline. */
function leadsTable(
  paylines: readonly (readonly number[])[],
  view: Uint8Array[],
  mayPay: Uint8Array,
): Uint32Array {
  const n = SLOT_SYMBOLS.length;
  const [v0, v1, v2] = view as [Uint8Array, Uint8Array, Uint8Array];
  const [l0, l1, l2] = [v0.length - ROWS + 1, v1.length - ROWS + 1, v2.length - ROWS + 1];
  const table = new Uint32Array(l0 * l1 * l2);
  for (let line = 0; line < paylines.length; line += 1) {
    const [r0, r1, r2] = paylines[line] as [number, number, number];
    const bit = 1 << line;
    for (let s0 = 0, at = 0; s0 < l0; s0 += 1) {
      for (let s1 = 0; s1 < l1; s1 += 1) {
        const first = (v0[s0 + r0]! * n + v1[s1 + r1]!) * n;
        for (let s2 = 0; s2 < l2; s2 += 1, at += 1) {
          if (mayPay[first + v2[s2 + r2]!] === 1) table[at]! |= bit;
        }
      }
    }
  }
  return table;
}

function viewStrip(strip: Uint8Array): Uint8Array {
  const view = new Uint8Array(strip.length + ROWS - 1);
  view.set(strip);
  view.set(strip.subarray(0, ROWS - 1), strip.length);
  return view;
}

/**
 * The best pay of one line's five symbols (left to right), packed as pay·128 + symbol·8 + count so
 * the hot loop allocates nothing (pay in line-bet multiples before the free-spin multiplier; 0 when
 * the line pays nothing). A WILD run pays as WILDs; the first other symbol pays with every WILD
 * around it; the larger wins (a tie keeps the WILD pay).
 */
export function linePayPacked(pays: number[][], s: ArrayLike<number>): number {
  let wilds = 0;
  while (wilds < REELS && s[wilds] === WILD) wilds += 1;
  let pay = pays[WILD]![wilds]!;
  let packed = pay * 128 + WILD * 8 + wilds;
  if (wilds < REELS) {
    const symbol = s[wilds]!;
    if (symbol !== SCATTER) {
      let count = wilds + 1;
      while (count < REELS && (s[count] === symbol || s[count] === WILD)) count += 1;
      const symbolPay = pays[symbol]![count]!;
      if (symbolPay > pay) {
        pay = symbolPay;
        packed = pay * 128 + symbol * 8 + count;
      }
    }
  }
  return pay > 0 ? packed : 0;
}

export interface LinePay {
  symbol: SlotSymbol;
  count: number;
  /** Line-bet multiples, before the free-spin multiplier; 0 when the line pays nothing. */
  pay: number;
}

/** linePayPacked, readable: the best pay of five symbol ids on a line. */
export function linePay(config: CompiledSlot, symbols: readonly SlotSymbol[]): LinePay {
  const packed = linePayPacked(
    config.pays,
    symbols.map((id) => SLOT_SYMBOLS.indexOf(id)),
  );
  return { symbol: SLOT_SYMBOLS[(packed >> 3) & 15]!, count: packed & 7, pay: Math.floor(packed / 128) };
}

export interface LineWin {
  /** Index into describe().paylines (0-based). */
  line: number;
  symbol: SlotSymbol;
  count: number;
  /** [reel, row] of the winning symbols. */
  positions: [number, number][];
  /** Minor units, free-spin multiplier included. */
  amount: string;
}

export interface SpinResult {
  kind: 'base' | 'free';
  /** Win multiplier of this spin (1 in the base game). */
  multiplier: number;
  /** Strip position shown on the top row of each reel. */
  stops: number[];
  /** grid[reel][row], rows top to bottom. */
  grid: SlotSymbol[][];
  lineWins: LineWin[];
  scatter: { count: number; positions: [number, number][]; amount: string };
  /** Free spins this spin awarded (0 when none, or when the round is at its free-spin maximum). */
  freeSpinsWon: number;
  /** Everything this spin paid, minor units. */
  win: string;
}

export interface SlotBet {
  stake: bigint;
}

export interface SlotState {
  stake: string;
  lineBet: string;
  /** spins[0] is the paid spin; the free spins follow in play order. */
  spins: SpinResult[];
  freeSpinsAwarded: number;
  freeSpinsPlayed: number;
  payout: string;
}

export function drawStops(strips: Uint8Array[], random: IntSource): number[] {
  return strips.map((strip) => random.int(strip.length));
}

/**
 * A spin's scratch space, reused by the simulation so a round allocates nothing: its stops, the
 * symbols in view (`cells[reel·ROWS + row]`), one payline's five symbols and each payline's packed
 * result (linePayPacked).
 */
interface SpinScratch {
  stops: Int32Array;
  cells: Uint8Array;
  lines: Int32Array;
  symbols: Uint8Array;
  /** The last spin's line wins added up, in line-bet multiples (before the free-spin multiplier). */
  lineMultiples: number;
}

function spinScratch(c: CompiledSlot): SpinScratch {
  return {
    stops: new Int32Array(REELS),
    cells: new Uint8Array(REELS * ROWS),
    lines: new Int32Array(c.lineCount),
    symbols: new Uint8Array(REELS),
    lineMultiples: 0,
  };
}

/**
 * The rules of one spin, shared by the player's round (evaluateSpin, which then describes it) and
 * the RTP simulation (simulateSlotRound, which only adds it up): fills the view from the stops and
 * every payline's packed result, with their multiples added up; returns the number of SCATTERs in
 * view.
 */
function scanSpin(
  c: CompiledSlot,
  kind: 'base' | 'free',
  stops: ArrayLike<number>,
  scratch: SpinScratch,
): number {
  const { cells, lines, symbols } = scratch;
  const strips = kind === 'base' ? c.baseView : c.freeView;
  let scatters = 0;
  for (let reel = 0; reel < REELS; reel += 1) {
    const strip = strips[reel]!;
    const stop = stops[reel]!;
    for (let row = 0; row < ROWS; row += 1) {
      const symbol = strip[stop + row]!;
      cells[reel * ROWS + row] = symbol;
      if (symbol === SCATTER) scatters += 1;
    }
  }
  const { lineCells, pays } = c;
  lines.fill(0);
  const l1 = strips[1]!.length - ROWS + 1;
  const l2 = strips[2]!.length - ROWS + 1;
  const filter = c.lineFilter ?? lineFilter(c);
  const leads = kind === 'base' ? filter.baseLeads : filter.freeLeads;
  let multiples = 0;
  // Only the lines that may pay (their lowest bit first); the others pay nothing whatever follows.
  for (let mask = leads[(stops[0]! * l1 + stops[1]!) * l2 + stops[2]!]!; mask !== 0; mask &= mask - 1) {
    const line = 31 - Math.clz32(mask & -mask);
    const at = line * REELS;
    for (let reel = 0; reel < REELS; reel += 1) symbols[reel] = cells[lineCells[at + reel]!]!;
    const packed = linePayPacked(pays, symbols);
    lines[line] = packed;
    multiples += Math.floor(packed / 128);
  }
  scratch.lineMultiples = multiples;
  return scatters;
}

/** Evaluates one spin from its stops. Amounts are lineBet × multiples × multiplier (exact integers). */
export function evaluateSpin(
  c: CompiledSlot,
  kind: 'base' | 'free',
  stops: readonly number[],
  lineBet: bigint,
): SpinResult & { winMinor: bigint; scatterCount: number } {
  const multiplier = kind === 'base' ? 1 : c.config.freeSpins.multiplier;
  const scratch = spinScratch(c);
  const scatterCount = scanSpin(c, kind, stops, scratch);
  const { cells, lines } = scratch;
  const lineWins: LineWin[] = [];
  let winMinor = 0n;
  const paylines = c.config.paylines;
  for (let line = 0; line < paylines.length; line += 1) {
    const packed = lines[line]!;
    if (packed > 0) {
      const rows = paylines[line]!;
      const count = packed & 7;
      const amount = lineBet * BigInt(Math.floor(packed / 128) * multiplier);
      winMinor += amount;
      const positions: [number, number][] = [];
      for (let reel = 0; reel < count; reel += 1) positions.push([reel, rows[reel]!]);
      const symbol = SLOT_SYMBOLS[(packed >> 3) & 15]!;
      lineWins.push({ line, symbol, count, positions, amount: amount.toString() });
    }
  }
  const scatterPositions: [number, number][] = [];
  for (let reel = 0; reel < REELS; reel += 1) {
    for (let row = 0; row < ROWS; row += 1)
      if (cells[reel * ROWS + row] === SCATTER) scatterPositions.push([reel, row]);
  }
  const scatterAmount = lineBet * BigInt(c.lineCount * c.scatterPays[scatterCount]! * multiplier);
  winMinor += scatterAmount;
  const grid: SlotSymbol[][] = [];
  for (let reel = 0; reel < REELS; reel += 1) {
    const column: SlotSymbol[] = [];
    for (let row = 0; row < ROWS; row += 1) column.push(SLOT_SYMBOLS[cells[reel * ROWS + row]!]!);
    grid.push(column);
  }
  return {
    kind,
    multiplier,
    stops: [...stops],
    grid,
    lineWins,
    scatter: { count: scatterCount, positions: scatterPositions, amount: scatterAmount.toString() },
    freeSpinsWon: 0,
    win: winMinor.toString(),
    winMinor,
    scatterCount,
  };
}

/**
 * The free spins a spin with `scatters` SCATTERs awards when the round has awarded `awarded` so far:
 * `award` for 3 or more, never beyond the round's maximum.
 */
function freeSpinsWon(c: CompiledSlot, scatters: number, awarded: number): number {
  const { award, max } = c.config.freeSpins;
  return scatters >= 3 && awarded < max ? Math.min(award, max - awarded) : 0;
}

/** Plays a whole round: the paid spin, then every free spin it leads to. */
export function playSlotRound(c: CompiledSlot, stake: bigint, random: IntSource): SlotState {
  const lineBet = stake / BigInt(c.lineCount);
  const spins: SpinResult[] = [];
  let payout = 0n;
  let awarded = 0;
  const push = (spin: ReturnType<typeof evaluateSpin>) => {
    const { winMinor, scatterCount, ...result } = spin;
    result.freeSpinsWon = freeSpinsWon(c, scatterCount, awarded);
    awarded += result.freeSpinsWon;
    payout += winMinor;
    spins.push(result);
  };
  push(evaluateSpin(c, 'base', drawStops(c.base, random), lineBet));
  // Bounded: `awarded` never exceeds config.freeSpins.max.
  let played = 0;
  while (played < awarded) {
    push(evaluateSpin(c, 'free', drawStops(c.free, random), lineBet));
    played += 1;
  }
  return {
    stake: stake.toString(),
    lineBet: lineBet.toString(),
    spins,
    freeSpinsAwarded: awarded,
    freeSpinsPlayed: played,
    payout: payout.toString(),
  };
}

/**
 * What playSlotRound pays, for the RTP simulation: the same draws in the same order through the
 * same rules (scanSpin), added up as line-bet multiples without describing the round. Every amount
 * of a round is lineBet × an integer, and a round's total is far below 2⁵³ line bets (at most 101
 * spins of 20 lines × 1,000 × 3, plus scatters), so the sum is exact; slot.test.ts checks it equals
 * playSlotRound's payout round by round.
 */
export function simulateSlotRound(
  c: CompiledSlot,
  lineBet: bigint,
  random: IntSource,
  scratch: SpinScratch = spinScratch(c),
): bigint {
  const { multiplier } = c.config.freeSpins;
  const { stops } = scratch;
  let multiples = 0;
  let awarded = 0;
  for (let played = -1; played < awarded; played += 1) {
    // played −1: the paid spin on the base strips; then the free spins.
    const kind = played < 0 ? 'base' : 'free';
    const strips = played < 0 ? c.base : c.free;
    for (let reel = 0; reel < REELS; reel += 1) stops[reel] = random.int(strips[reel]!.length);
    const scatters = scanSpin(c, kind, stops, scratch);
    const spin = c.lineCount * c.scatterPays[scatters]! + scratch.lineMultiples;
    multiples += played < 0 ? spin : spin * multiplier;
    awarded += freeSpinsWon(c, scatters, awarded);
  }
  // Most rounds pay nothing: no bigint product for them.
  return multiples === 0 ? 0n : lineBet * BigInt(multiples);
}

// ---------------------------------------------------------------------------------------------
// Exact RTP
// ---------------------------------------------------------------------------------------------

function symbolCounts(strip: Uint8Array): number[] {
  const counts = new Array<number>(SLOT_SYMBOLS.length).fill(0);
  for (const s of strip) counts[s]! += 1;
  return counts;
}

/**
 * E[line-bet multiples paid by one line] for a strip set. Every row of a reel shows each strip
 * position exactly once over the strip's stops, so the symbol a line sees on a reel is distributed
 * as the strip's symbol frequencies, independently across reels: enumerate symbol 5-tuples weighted
 * by the product of frequencies. All 20 lines have this same expectation, and their line bets add
 * up to the stake, so this is also the lines' share of the RTP.
 */
export function exactLineExpectation(c: CompiledSlot, strips: Uint8Array[]): Rational {
  const counts = strips.map(symbolCounts);
  const present = counts.map((row) => [...row.keys()].filter((s) => row[s]! > 0));
  let total = 0n;
  const [p0, p1, p2, p3, p4] = present as [number[], number[], number[], number[], number[]];
  const [c0, c1, c2, c3, c4] = counts as [number[], number[], number[], number[], number[]];
  const tuple = new Uint8Array(REELS);
  for (const a of p0)
    for (const b of p1)
      for (const d of p2)
        for (const e of p3)
          for (const f of p4) {
            tuple[0] = a;
            tuple[1] = b;
            tuple[2] = d;
            tuple[3] = e;
            tuple[4] = f;
            const pay = Math.floor(linePayPacked(c.pays, tuple) / 128);
            if (pay > 0) total += BigInt(c0[a]! * c1[b]! * c2[d]! * c3[e]! * c4[f]!) * BigInt(pay);
          }
  const den = strips.reduce((acc, strip) => acc * BigInt(strip.length), 1n);
  return rational(total, den);
}

/**
 * The distribution of the number of SCATTERs in view, as weights over 0..5 out of Π strip lengths.
 * A strip holds at most one SCATTER per window, so reel r shows one with weight 3·(its SCATTERs) out
 * of its length, independently of the other reels: convolve.
 */
export function scatterWeights(strips: Uint8Array[]): bigint[] {
  let weights = [1n];
  for (const strip of strips) {
    const hit = BigInt(ROWS * symbolCounts(strip)[SCATTER]!);
    const miss = BigInt(strip.length) - hit;
    const next = new Array<bigint>(weights.length + 1).fill(0n);
    weights.forEach((w, k) => {
      next[k]! += w * miss;
      next[k + 1]! += w * hit;
    });
    weights = next;
  }
  return weights;
}

function binomial(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  let result = 1n;
  for (let i = 1; i <= k; i += 1) result = (result * BigInt(n - k + i)) / BigInt(i);
  return result;
}

function power(r: Rational, e: number): Rational {
  return { num: r.num ** BigInt(e), den: r.den ** BigInt(e) };
}

/**
 * E[number of free spins played] when A = `award` spins are awarded, each spin retriggers A more
 * with probability p, and at most `max` are played. Without the maximum the count N satisfies
 * E[N] = A + A·p·E[N], i.e. A / (1 − A·p) (uncappedFreeSpins). With it the count is min(N, max),
 * and N = A·k exactly when the walk "spins left" (start A, +A−1 on a retrigger, −1 otherwise) first
 * hits 0 at step A·k; by the hitting-time theorem for walks that step down by one,
 * P(N = A·k) = (A / (A·k)) · P(k−1 retriggers in A·k spins) = (1/k)·C(Ak, k−1)·p^(k−1)·(1−p)^((A−1)k+1).
 */
export function expectedFreeSpins(p: Rational, award: number, max: number): Rational {
  const q = sub({ num: 1n, den: 1n }, p);
  let expected = ZERO;
  let stoppedBeforeMax = ZERO;
  for (let k = 1; k * award < max; k += 1) {
    const pk = mul(
      rational(binomial(award * k, k - 1), k),
      mul(power(p, k - 1), power(q, (award - 1) * k + 1)),
    );
    expected = add(expected, mul(rational(award * k), pk));
    stoppedBeforeMax = add(stoppedBeforeMax, pk);
  }
  return add(expected, mul(rational(max), sub({ num: 1n, den: 1n }, stoppedBeforeMax)));
}

/** A / (1 − A·p): the expected free spins with no maximum (needs A·p < 1). */
export function uncappedFreeSpins(p: Rational, award: number): Rational {
  return div(rational(award), sub({ num: 1n, den: 1n }, mul(rational(award), p)));
}

export interface SlotRtp {
  /** Shares of the stake returned, each exact. */
  baseLines: Rational;
  baseScatter: Rational;
  /** P(3+ SCATTERs) on a base spin and on a free spin. */
  trigger: Rational;
  retrigger: Rational;
  /** Expected win of one free spin in stakes, multiplier included. */
  freeSpinValue: Rational;
  expectedFreeSpins: Rational;
  /** Expected win of the whole feature in stakes, once triggered. */
  featureValue: Rational;
  /** The feature's share of the RTP: trigger × featureValue. */
  feature: Rational;
  total: Rational;
}

function scatterParts(c: CompiledSlot, strips: Uint8Array[]): { pays: Rational; trigger: Rational } {
  const weights = scatterWeights(strips);
  const den = weights.reduce((a, b) => a + b, 0n);
  let pays = 0n;
  let trigger = 0n;
  weights.forEach((w, k) => {
    pays += w * BigInt(c.scatterPays[k]!);
    if (k >= 3) trigger += w;
  });
  return { pays: rational(pays, den), trigger: rational(trigger, den) };
}

export function slotRtp(c: CompiledSlot): SlotRtp {
  const { award, multiplier, max } = c.config.freeSpins;
  const baseLines = exactLineExpectation(c, c.base);
  const base = scatterParts(c, c.base);
  const freeLines = exactLineExpectation(c, c.free);
  const free = scatterParts(c, c.free);
  const freeSpinValue = mul(rational(multiplier), add(freeLines, free.pays));
  const spins = expectedFreeSpins(free.trigger, award, max);
  // Wald's identity: whether free spin t is played depends only on spins before it, and spins are
  // independent and identically distributed, so E[feature win] = E[spins played] × E[one spin's win].
  const featureValue = mul(spins, freeSpinValue);
  const feature = mul(base.trigger, featureValue);
  return {
    baseLines,
    baseScatter: base.pays,
    trigger: base.trigger,
    retrigger: free.trigger,
    freeSpinValue,
    expectedFreeSpins: spins,
    featureValue,
    feature,
    total: add(add(baseLines, base.pays), feature),
  };
}

// ---------------------------------------------------------------------------------------------
// Engine
// ---------------------------------------------------------------------------------------------

export function parseSlotBet(c: CompiledSlot, input: unknown, limits: BetLimits): SlotBet {
  const record = expectObject(input, ['stake']);
  const stake = parseMinor(record.stake, 'stake');
  // The stake is spread evenly over the paylines; requiring a multiple keeps every pay an exact
  // integer of minor units (no rounding anywhere, so the declared RTP is exactly what is paid).
  if (stake % BigInt(c.lineCount) !== 0n) {
    throw new GameInputError('stake_not_multiple', `the stake must be a multiple of ${c.lineCount}`, 'stake');
  }
  checkStakeLimits(stake, limits, 'stake');
  return { stake };
}

export function createSlotEngine(config: SlotConfig = SLOT_CONFIG): GameEngine<SlotBet, SlotState> {
  const c = compileSlot(config);
  const simulated = { stake: -1n, lineBet: 0n, scratch: spinScratch(c) };
  let rtp: SlotRtp | undefined;
  const getRtp = () => {
    rtp ??= slotRtp(c);
    return rtp;
  };
  return {
    name: 'slot',
    parseBet: (input, limits) => parseSlotBet(c, input, limits),
    start(bet, random: FairRandom) {
      const state = playSlotRound(c, bet.stake, random);
      return { state, stake: bet.stake, done: true, payout: BigInt(state.payout) };
    },
    view: (state) => state,
    describe() {
      const r = getRtp();
      const percent = (v: Rational) => formatRational({ num: v.num * 100n, den: v.den }, 4);
      return {
        reels: REELS,
        rows: ROWS,
        stakeMultipleOf: c.lineCount,
        paylines: config.paylines,
        symbols: SLOT_SYMBOLS.map((id) => ({
          id,
          kind: id === 'wild' ? 'wild' : id === 'scatter' ? 'scatter' : id.startsWith('h') ? 'high' : 'low',
          /** Multiples of the line bet (stake / lines) for 3, 4, 5; SCATTER: multiples of the stake. */
          pays: id === 'scatter' ? config.scatterPays : config.linePays[id],
        })),
        strips: {
          base: c.base.map((strip) => [...strip].map((s) => SLOT_SYMBOLS[s]!)),
          free: c.free.map((strip) => [...strip].map((s) => SLOT_SYMBOLS[s]!)),
        },
        freeSpins: { ...config.freeSpins, triggeredBy: 3, retrigger: true },
        rtp: {
          percent: percent(r.total),
          exact: rationalJson(r.total),
          baseLinesPercent: percent(r.baseLines),
          scatterPercent: percent(r.baseScatter),
          featurePercent: percent(r.feature),
          triggerOneIn: formatRational(div({ num: 1n, den: 1n }, r.trigger), 1),
        },
      };
    },
    rtpVariants: () => [{ variant: 'default', rtp: getRtp().total }],
    simulate(variant, stakeMinor, random) {
      if (variant !== 'default') throw new RangeError(`unknown slot variant ${variant}`);
      // A simulation plays one stake for millions of rounds: it is checked once.
      if (stakeMinor !== simulated.stake) {
        simulated.stake = parseSlotBet(c, { stake: stakeMinor.toString() }, WIDE_LIMITS).stake;
        simulated.lineBet = stakeMinor / BigInt(c.lineCount);
      }
      return { staked: stakeMinor, paid: simulateSlotRound(c, simulated.lineBet, random, simulated.scratch) };
    },
  };
}

export const slotEngine = createSlotEngine();
