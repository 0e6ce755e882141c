/** Dice themes (presentation only): neon (Dice Duel) and gems (Lucky Dice). */

export interface DiceTheme {
  name: string;
  shape: 'cube' | 'gem';
  /** CSS variables for the shell's controls and the track. */
  vars: Record<string, string>;
  /** Tailwind classes painting the stage. */
  background: string;
  dieLight: string;
  dieDark: string;
  dieEdge: string;
  pip: string;
}

const THEMES: Record<string, DiceTheme> = {
  neon: {
    name: 'neon',
    shape: 'cube',
    vars: {
      '--game-accent': '#22d3ee',
      '--game-accent-contrast': '#04151a',
      '--game-glow': 'rgba(34, 211, 238, 0.65)',
      '--game-lose': 'rgba(244, 63, 94, 0.55)',
      '--game-handle': '#7c3aed',
    },
    background: 'bg-[radial-gradient(ellipse_at_top,#2e1065_0%,#0b0720_55%,#05030f_100%)]',
    dieLight: '#f472b6',
    dieDark: '#7c3aed',
    dieEdge: '#f0abfc',
    pip: '#ffffff',
  },
  gems: {
    name: 'gems',
    shape: 'gem',
    vars: {
      '--game-accent': '#34d399',
      '--game-accent-contrast': '#022c1e',
      '--game-glow': 'rgba(52, 211, 153, 0.6)',
      '--game-lose': 'rgba(168, 85, 247, 0.5)',
      '--game-handle': '#b45309',
    },
    background: 'bg-[radial-gradient(ellipse_at_top,#064e3b_0%,#06201a_50%,#030d0b_100%)]',
    dieLight: '#6ee7b7',
    dieDark: '#047857',
    dieEdge: '#fde68a',
    pip: '#ffffff',
  },
};

export function diceTheme(theme: string): DiceTheme {
  return THEMES[theme] ?? (THEMES.neon as DiceTheme);
}
