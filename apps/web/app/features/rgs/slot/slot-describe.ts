/**
 * The slot engine's describe() and view, as the client reads them (packages/games/src/slot.ts is
 * the source: `describe()` of createSlotEngine, `SlotState` as view). A shape change fails loudly.
 */
import type { SlotState, SlotSymbol, SpinResult } from '@croupier/games/slot';

export type { SlotState, SlotSymbol, SpinResult };

export interface SlotSymbolInfo {
  id: SlotSymbol;
  kind: 'wild' | 'scatter' | 'high' | 'low';
  /** Line-bet multiples for 3, 4, 5 (SCATTER: multiples of the total stake). */
  pays: [number, number, number];
}

export interface SlotDescribe {
  reels: number;
  rows: number;
  stakeMultipleOf: number;
  paylines: number[][];
  symbols: SlotSymbolInfo[];
  strips: { base: SlotSymbol[][]; free: SlotSymbol[][] };
  freeSpins: { award: number; multiplier: number; max: number; triggeredBy: number; retrigger: boolean };
  rtp: {
    percent: string;
    baseLinesPercent: string;
    scatterPercent: string;
    featurePercent: string;
    triggerOneIn: string;
  };
}

function fail(what: string): never {
  throw new Error(`slot: unexpected describe() shape (${what})`);
}

export function parseSlotDescribe(input: unknown): SlotDescribe {
  if (typeof input !== 'object' || input === null) fail('not an object');
  const d = input as Record<string, unknown>;
  const { reels, rows, stakeMultipleOf, paylines, symbols, strips, freeSpins, rtp } = d;
  if (typeof reels !== 'number' || typeof rows !== 'number') fail('reels/rows');
  if (typeof stakeMultipleOf !== 'number') fail('stakeMultipleOf');
  if (!Array.isArray(paylines) || paylines.some((line) => !Array.isArray(line) || line.length !== reels)) {
    fail('paylines');
  }
  if (!Array.isArray(symbols) || symbols.length === 0) fail('symbols');
  const s = strips as { base?: unknown; free?: unknown } | undefined;
  if (!s || !Array.isArray(s.base) || !Array.isArray(s.free) || s.base.length !== reels) fail('strips');
  const f = freeSpins as Record<string, unknown> | undefined;
  if (!f || typeof f.award !== 'number' || typeof f.multiplier !== 'number') fail('freeSpins');
  const r = rtp as Record<string, unknown> | undefined;
  if (!r || typeof r.percent !== 'string') fail('rtp');
  return {
    reels,
    rows,
    stakeMultipleOf,
    paylines: paylines as number[][],
    symbols: symbols as SlotSymbolInfo[],
    strips: s as SlotDescribe['strips'],
    freeSpins: {
      award: f.award,
      multiplier: f.multiplier,
      max: typeof f.max === 'number' ? f.max : f.award,
      triggeredBy: typeof f.triggeredBy === 'number' ? f.triggeredBy : 3,
      retrigger: f.retrigger !== false,
    },
    rtp: {
      percent: r.percent,
      baseLinesPercent: String(r.baseLinesPercent ?? ''),
      scatterPercent: String(r.scatterPercent ?? ''),
      featurePercent: String(r.featurePercent ?? ''),
      triggerOneIn: String(r.triggerOneIn ?? ''),
    },
  };
}

/** The window a reel shows when its top row is strip position `stop` (wrapping), top to bottom. */
export function windowAt(strip: readonly SlotSymbol[], stop: number, rows: number): SlotSymbol[] {
  const result: SlotSymbol[] = [];
  for (let row = 0; row < rows; row += 1) {
    const symbol = strip[(stop + row) % strip.length];
    if (symbol) result.push(symbol);
  }
  return result;
}

/** The symbols that scroll past between two windows: the strip continuing after the new window. */
export function fillerAfter(
  strip: readonly SlotSymbol[],
  stop: number,
  rows: number,
  count: number,
): SlotSymbol[] {
  const result: SlotSymbol[] = [];
  for (let index = 0; index < count; index += 1) {
    const symbol = strip[(stop + rows + index) % strip.length];
    if (symbol) result.push(symbol);
  }
  return result;
}

/** Total win of a round's free spins (minor units). */
export function featureTotal(state: SlotState): bigint {
  return state.spins.slice(1).reduce((sum, spin) => sum + BigInt(spin.win), 0n);
}
