/** The demo jackpots (seed `jackpots-demo-v1`, demo profile only), on the in-house games. */
import type { JackpotDefinition } from './jackpot-draw.ts';

export const DEMO_JACKPOTS: JackpotDefinition[] = [
  {
    key: 'mega-reels-eur',
    name: { en: 'Mega Reels Jackpot', fr: 'Jackpot Mega Reels' },
    currency: 'EUR',
    contributionBp: 100,
    reserveBp: 2000,
    seedMinor: 100_000n,
    ceilingMinor: 500_000n,
    games: ['neon-reels', 'aurora-reels', 'gem-cascade', 'tidal-treasure'],
  },
  {
    key: 'quick-drop-eur',
    name: { en: 'Quick Drop', fr: 'Quick Drop' },
    currency: 'EUR',
    contributionBp: 50,
    reserveBp: 1000,
    seedMinor: 5_000n,
    ceilingMinor: 25_000n,
    games: ['dice-duel', 'plinko-drop', 'polar-plinko', 'lucky-dice', 'deep-sea-plinko'],
  },
];
