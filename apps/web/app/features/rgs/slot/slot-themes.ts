/**
 * Slot themes (presentation only; one engine, packages/games/src/slot.ts): palette, frame and the
 * art of each symbol. Symbols are drawn in SVG by slot-symbols.tsx from these specs.
 */
import type { SlotSymbol } from '@croupier/games/slot';

/** A drawing of slot-symbols.tsx. */
export type SymbolShape =
  | 'seven'
  | 'diamond'
  | 'bell'
  | 'cherry'
  | 'star'
  | 'crown'
  | 'moon'
  | 'snowflake'
  | 'tree'
  | 'shell'
  | 'fish'
  | 'starfish'
  | 'pearl'
  | 'ruby'
  | 'sapphire'
  | 'emerald'
  | 'amethyst'
  | 'bolt'
  | 'swirl'
  | 'chest'
  | 'trident'
  | 'letter';

export interface SymbolArt {
  shape: SymbolShape;
  /** Gradient from → to (top → bottom) of the main fill. */
  from: string;
  to: string;
  /** Outline / detail colour. */
  edge: string;
  /** For letters and the WILD badge. */
  text?: string;
}

export interface SlotTheme {
  id: string;
  vars: Record<string, string>;
  /** Tailwind classes of the stage background. */
  background: string;
  /** Reel window: frame gradient and the reels' own background. */
  frameFrom: string;
  frameTo: string;
  reelBg: string;
  reelDivider: string;
  /** Payline colours, cycled. */
  lineColors: readonly string[];
  symbols: Record<SlotSymbol, SymbolArt>;
  /** Free-spins palette (the reels change colour during the feature). */
  featureReelBg: string;
}

/** The four low symbols as card letters A K Q J, each with its own gradient. */
const LETTERS = (
  colors: readonly [
    readonly [string, string],
    readonly [string, string],
    readonly [string, string],
    readonly [string, string],
  ],
  edge: string,
) =>
  ({
    l1: { shape: 'letter', from: colors[0][0], to: colors[0][1], edge, text: 'A' },
    l2: { shape: 'letter', from: colors[1][0], to: colors[1][1], edge, text: 'K' },
    l3: { shape: 'letter', from: colors[2][0], to: colors[2][1], edge, text: 'Q' },
    l4: { shape: 'letter', from: colors[3][0], to: colors[3][1], edge, text: 'J' },
  }) satisfies Partial<Record<SlotSymbol, SymbolArt>>;

const NEON: SlotTheme = {
  id: 'neon',
  vars: {
    '--game-accent': '#f0abfc',
    '--game-accent-contrast': '#2e0330',
    '--game-glow': 'rgba(232, 121, 249, 0.7)',
    '--game-gold': '#fde047',
  },
  background: 'bg-[radial-gradient(ellipse_at_top,#3b0764_0%,#12052b_50%,#05020f_100%)]',
  frameFrom: '#e879f9',
  frameTo: '#22d3ee',
  reelBg: '#0d0620',
  reelDivider: 'rgba(232,121,249,0.18)',
  lineColors: ['#fde047', '#22d3ee', '#f472b6', '#a3e635', '#fb923c', '#c084fc'],
  featureReelBg: '#1a0733',
  symbols: {
    wild: { shape: 'star', from: '#fde047', to: '#f97316', edge: '#fff7ae', text: 'WILD' },
    scatter: { shape: 'bolt', from: '#22d3ee', to: '#6366f1', edge: '#cffafe' },
    h1: { shape: 'seven', from: '#fb7185', to: '#be123c', edge: '#ffe4e6' },
    h2: { shape: 'diamond', from: '#67e8f9', to: '#0891b2', edge: '#ecfeff' },
    h3: { shape: 'bell', from: '#fde047', to: '#ca8a04', edge: '#fefce8' },
    h4: { shape: 'cherry', from: '#f472b6', to: '#9d174d', edge: '#fce7f3' },
    ...LETTERS(
      [
        ['#c084fc', '#7e22ce'],
        ['#38bdf8', '#1d4ed8'],
        ['#4ade80', '#15803d'],
        ['#fb923c', '#c2410c'],
      ],
      '#ffffff',
    ),
  },
};

const AURORA: SlotTheme = {
  id: 'aurora',
  vars: {
    '--game-accent': '#5eead4',
    '--game-accent-contrast': '#042f2e',
    '--game-glow': 'rgba(94, 234, 212, 0.6)',
    '--game-gold': '#fde68a',
  },
  background: 'bg-[radial-gradient(ellipse_at_top,#134e4a_0%,#0c1a3a_45%,#050a1a_100%)]',
  frameFrom: '#5eead4',
  frameTo: '#a78bfa',
  reelBg: '#08132b',
  reelDivider: 'rgba(94,234,212,0.16)',
  lineColors: ['#5eead4', '#a78bfa', '#fde68a', '#93c5fd', '#f9a8d4', '#86efac'],
  featureReelBg: '#0f2440',
  symbols: {
    wild: { shape: 'swirl', from: '#5eead4', to: '#8b5cf6', edge: '#ecfeff', text: 'WILD' },
    scatter: { shape: 'star', from: '#fde68a', to: '#f59e0b', edge: '#fffbeb' },
    h1: { shape: 'snowflake', from: '#e0f2fe', to: '#7dd3fc', edge: '#f0f9ff' },
    h2: { shape: 'moon', from: '#fef3c7', to: '#fbbf24', edge: '#fffbeb' },
    h3: { shape: 'tree', from: '#6ee7b7', to: '#047857', edge: '#d1fae5' },
    h4: { shape: 'crown', from: '#c4b5fd', to: '#6d28d9', edge: '#ede9fe' },
    ...LETTERS(
      [
        ['#99f6e4', '#0d9488'],
        ['#c4b5fd', '#7c3aed'],
        ['#bae6fd', '#0284c7'],
        ['#fbcfe8', '#db2777'],
      ],
      '#f0fdfa',
    ),
  },
};

const GEMS: SlotTheme = {
  id: 'gems',
  vars: {
    '--game-accent': '#fbbf24',
    '--game-accent-contrast': '#2a1700',
    '--game-glow': 'rgba(251, 191, 36, 0.6)',
    '--game-gold': '#fde68a',
  },
  background: 'bg-[radial-gradient(ellipse_at_top,#3f1d0b_0%,#1a0f07_50%,#0a0604_100%)]',
  frameFrom: '#fde68a',
  frameTo: '#b45309',
  reelBg: '#160d08',
  reelDivider: 'rgba(253,230,138,0.14)',
  lineColors: ['#fde68a', '#f87171', '#60a5fa', '#34d399', '#c084fc', '#fb923c'],
  featureReelBg: '#261508',
  symbols: {
    wild: { shape: 'diamond', from: '#f8fafc', to: '#94a3b8', edge: '#ffffff', text: 'WILD' },
    scatter: { shape: 'crown', from: '#fde68a', to: '#d97706', edge: '#fffbeb' },
    h1: { shape: 'ruby', from: '#fb7185', to: '#9f1239', edge: '#ffe4e6' },
    h2: { shape: 'sapphire', from: '#60a5fa', to: '#1e3a8a', edge: '#dbeafe' },
    h3: { shape: 'emerald', from: '#34d399', to: '#065f46', edge: '#d1fae5' },
    h4: { shape: 'amethyst', from: '#c084fc', to: '#581c87', edge: '#f3e8ff' },
    ...LETTERS(
      [
        ['#fde68a', '#b45309'],
        ['#fcd34d', '#92400e'],
        ['#fef3c7', '#a16207'],
        ['#fed7aa', '#9a3412'],
      ],
      '#fffbeb',
    ),
  },
};

const OCEAN: SlotTheme = {
  id: 'ocean',
  vars: {
    '--game-accent': '#38bdf8',
    '--game-accent-contrast': '#03202f',
    '--game-glow': 'rgba(56, 189, 248, 0.6)',
    '--game-gold': '#fde68a',
  },
  background: 'bg-[radial-gradient(ellipse_at_top,#0c4a6e_0%,#082f49_45%,#020c17_100%)]',
  frameFrom: '#7dd3fc',
  frameTo: '#0f766e',
  reelBg: '#041a2b',
  reelDivider: 'rgba(125,211,252,0.16)',
  lineColors: ['#fde68a', '#7dd3fc', '#fda4af', '#86efac', '#fdba74', '#c4b5fd'],
  featureReelBg: '#062a40',
  symbols: {
    wild: { shape: 'trident', from: '#fde68a', to: '#d97706', edge: '#fffbeb', text: 'WILD' },
    scatter: { shape: 'chest', from: '#fbbf24', to: '#92400e', edge: '#fef3c7' },
    h1: { shape: 'pearl', from: '#ffffff', to: '#c7d2fe', edge: '#e0e7ff' },
    h2: { shape: 'shell', from: '#fda4af', to: '#e11d48', edge: '#ffe4e6' },
    h3: { shape: 'fish', from: '#fdba74', to: '#ea580c', edge: '#ffedd5' },
    h4: { shape: 'starfish', from: '#fca5a5', to: '#dc2626', edge: '#fee2e2' },
    ...LETTERS(
      [
        ['#7dd3fc', '#0369a1'],
        ['#5eead4', '#0f766e'],
        ['#a5b4fc', '#4338ca'],
        ['#99f6e4', '#0e7490'],
      ],
      '#f0f9ff',
    ),
  },
};

const THEMES: Record<string, SlotTheme> = { neon: NEON, aurora: AURORA, gems: GEMS, ocean: OCEAN };

export function slotTheme(theme: string): SlotTheme {
  return THEMES[theme] ?? NEON;
}
