/** Plinko themes (presentation only): neon (Plinko Drop), frost (Polar Plinko), ocean (Deep Sea Plinko). */

export interface PlinkoTheme {
  id: string;
  vars: Record<string, string>;
  background: string;
  peg: string;
  pegGlow: string;
  ball: [string, string];
  /** Bucket colours from the centre (lowest multipliers) to the edges (highest). */
  bucketCool: [number, number, number];
  bucketHot: [number, number, number];
  bucketText: string;
}

const THEMES: Record<string, PlinkoTheme> = {
  neon: {
    id: 'neon',
    vars: {
      '--game-accent': '#f472b6',
      '--game-accent-contrast': '#2b0418',
      '--game-glow': 'rgba(244, 114, 182, 0.65)',
    },
    background: 'bg-[radial-gradient(ellipse_at_top,#312e81_0%,#120a2e_50%,#05030f_100%)]',
    peg: '#e0e7ff',
    pegGlow: 'rgba(165,180,252,0.8)',
    ball: ['#fdf4ff', '#f472b6'],
    bucketCool: [250, 204, 21],
    bucketHot: [244, 63, 94],
    bucketText: '#1a0410',
  },
  frost: {
    id: 'frost',
    vars: {
      '--game-accent': '#7dd3fc',
      '--game-accent-contrast': '#052233',
      '--game-glow': 'rgba(125, 211, 252, 0.6)',
    },
    background: 'bg-[radial-gradient(ellipse_at_top,#1e3a5f_0%,#0b1a30_50%,#040a14_100%)]',
    peg: '#f0f9ff',
    pegGlow: 'rgba(186,230,253,0.9)',
    ball: ['#ffffff', '#93c5fd'],
    bucketCool: [165, 243, 252],
    bucketHot: [129, 140, 248],
    bucketText: '#0b1530',
  },
  ocean: {
    id: 'ocean',
    vars: {
      '--game-accent': '#2dd4bf',
      '--game-accent-contrast': '#022c27',
      '--game-glow': 'rgba(45, 212, 191, 0.6)',
    },
    background: 'bg-[radial-gradient(ellipse_at_top,#115e59_0%,#062a3a_50%,#020b12_100%)]',
    peg: '#ccfbf1',
    pegGlow: 'rgba(94,234,212,0.8)',
    ball: ['#fefce8', '#fbbf24'],
    bucketCool: [45, 212, 191],
    bucketHot: [251, 146, 60],
    bucketText: '#04201c',
  },
};

export function plinkoTheme(theme: string): PlinkoTheme {
  return THEMES[theme] ?? (THEMES.neon as PlinkoTheme);
}

/** The bucket colour at distance `t` (0 centre … 1 edge). */
export function bucketColor(theme: PlinkoTheme, t: number): string {
  const mix = theme.bucketCool.map((cool, index) =>
    Math.round(cool + ((theme.bucketHot[index] ?? cool) - cool) * t),
  );
  return `rgb(${mix.join(' ')})`;
}
