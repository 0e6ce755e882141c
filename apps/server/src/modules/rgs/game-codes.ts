/**
 * The game server's catalogue (docs/game-server.md, "Catalogue"): every code the RGS launches, the engine
 * that plays it, its theme (presentation only: palette, symbol art) and its display name. The
 * platform's catalogue seed creates one game per code (`sysname` = `provider_game_code` = code), so
 * the studio and hall type are here too. Studios other than Croupier Originals are fictional demo
 * studios running the in-house engines under their own themes: the same maths, never a copy of a
 * real vendor's game.
 */
import type { BetLimits, GameName } from '@croupier/games/engine';
import { currencyExponent, isKnownCurrency } from '@croupier/money/currencies';
import { minorUnitsPerMajor } from '@croupier/money/decimal';

export type HallType = 'slot' | 'casino' | 'fast';

export interface GameCodeEntry {
  code: string;
  engine: GameName;
  theme: string;
  name: string;
  studio: { sysname: string; name: string };
  hallType: HallType;
}

const ORIGINALS = { sysname: 'croupier-originals', name: 'Croupier Originals' };
const NORTHWIND = { sysname: 'northwind', name: 'Northwind Studio' };
const LUMEN = { sysname: 'lumen', name: 'Lumen Gaming' };
const TIDEWATER = { sysname: 'tidewater', name: 'Tidewater Games' };

export const GAME_CODES: readonly GameCodeEntry[] = [
  {
    code: 'neon-reels',
    engine: 'slot',
    theme: 'neon',
    name: 'Neon Reels',
    studio: ORIGINALS,
    hallType: 'slot',
  },
  {
    code: 'european-roulette',
    engine: 'roulette',
    theme: 'classic',
    name: 'European Roulette',
    studio: ORIGINALS,
    hallType: 'casino',
  },
  {
    code: 'blackjack-classic',
    engine: 'blackjack',
    theme: 'classic',
    name: 'Blackjack Classic',
    studio: ORIGINALS,
    hallType: 'casino',
  },
  {
    code: 'dice-duel',
    engine: 'dice',
    theme: 'neon',
    name: 'Dice Duel',
    studio: ORIGINALS,
    hallType: 'fast',
  },
  {
    code: 'plinko-drop',
    engine: 'plinko',
    theme: 'neon',
    name: 'Plinko Drop',
    studio: ORIGINALS,
    hallType: 'fast',
  },
  {
    code: 'aurora-reels',
    engine: 'slot',
    theme: 'aurora',
    name: 'Aurora Reels',
    studio: NORTHWIND,
    hallType: 'slot',
  },
  {
    code: 'frost-blackjack',
    engine: 'blackjack',
    theme: 'frost',
    name: 'Frost Blackjack',
    studio: NORTHWIND,
    hallType: 'casino',
  },
  {
    code: 'polar-plinko',
    engine: 'plinko',
    theme: 'frost',
    name: 'Polar Plinko',
    studio: NORTHWIND,
    hallType: 'fast',
  },
  {
    code: 'gem-cascade',
    engine: 'slot',
    theme: 'gems',
    name: 'Gem Cascade',
    studio: LUMEN,
    hallType: 'slot',
  },
  {
    code: 'roulette-royale',
    engine: 'roulette',
    theme: 'royale',
    name: 'Roulette Royale',
    studio: LUMEN,
    hallType: 'casino',
  },
  { code: 'lucky-dice', engine: 'dice', theme: 'gems', name: 'Lucky Dice', studio: LUMEN, hallType: 'fast' },
  {
    code: 'tidal-treasure',
    engine: 'slot',
    theme: 'ocean',
    name: 'Tidal Treasure',
    studio: TIDEWATER,
    hallType: 'slot',
  },
  {
    code: 'deep-sea-plinko',
    engine: 'plinko',
    theme: 'ocean',
    name: 'Deep Sea Plinko',
    studio: TIDEWATER,
    hallType: 'fast',
  },
];

const BY_CODE = new Map(GAME_CODES.map((entry) => [entry.code, entry]));

export function findGameCode(code: string): GameCodeEntry | undefined {
  return BY_CODE.get(code);
}

/**
 * Stake bounds per currency, derived from its exponent: 0.10 to 100.00 major units where the
 * currency has cents (EUR, USD, FUN …, and 0.100–100.000 with three decimals). A currency without
 * minor units (JPY, KRW …) is worth about a hundredth of a euro per unit, so it gets 10 to 10,000.
 * Each stake a round takes (a bet, a double, a split, insurance) must lie within these bounds.
 */
export function betLimits(currency: string): BetLimits | undefined {
  if (!isKnownCurrency(currency)) return undefined;
  const exponent = currencyExponent(currency);
  if (exponent === 0) return { minStakeMinor: 10n, maxStakeMinor: 10_000n };
  const unit = minorUnitsPerMajor(exponent);
  return { minStakeMinor: unit / 10n, maxStakeMinor: 100n * unit };
}
