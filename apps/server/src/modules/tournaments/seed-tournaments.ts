/**
 * The demo tournaments (seed `tournaments-demo-v1`, demo profile only), on the in-house slots:
 * a weekly one running now (recurring), a buy-in one starting tomorrow, and one that ended
 * yesterday. Dates are relative to the seed's time.
 */
import { mediaUrl } from '../cms/media-art.ts';
import type { TournamentDefinition } from './tournament-definition.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The slot the demo's running tournament plays (the e2e journey spins it). */
export const DEMO_TOURNAMENT_GAME = 'neon-reels';

export function demoTournaments(now: Date): TournamentDefinition[] {
  const t = now.getTime();
  return [
    {
      key: 'weekly-reels-race',
      name: { en: 'Weekly Reels Race', fr: 'Course aux rouleaux de la semaine' },
      description: {
        en: 'Join, spin Neon Reels and Aurora Reels, and climb the leaderboard: every euro you stake is a point. The top ten share the cash and free spins; places 11 to 25 win loyalty points.',
        fr: 'Inscrivez-vous, jouez à Neon Reels et Aurora Reels, et grimpez au classement : chaque euro misé compte. Les dix premiers se partagent l’argent et les tours gratuits ; les places 11 à 25 gagnent des points de fidélité.',
      },
      imageUrl: mediaUrl('banner-tournament.svg'),
      tags: ['slots', 'weekly'],
      startsAt: new Date(t - DAY),
      endsAt: new Date(t + 6 * DAY),
      recurDays: 7,
      currency: 'EUR',
      scoring: 'total_bet',
      entry: 'opt_in',
      resetOnCashout: true,
      prizes: [
        { from: 1, to: 1, kind: 'cash', amountMinor: '500000' },
        { from: 2, to: 2, kind: 'cash', amountMinor: '300000' },
        { from: 3, to: 3, kind: 'cash', amountMinor: '200000' },
        {
          from: 4,
          to: 10,
          kind: 'free_spins',
          templateKey: 'free-spins-20',
          label: { en: '20 free spins', fr: '20 tours gratuits' },
        },
        { from: 11, to: 25, kind: 'loyalty_points', points: 500 },
      ],
      games: [DEMO_TOURNAMENT_GAME, 'aurora-reels'],
    },
    {
      key: 'gem-cascade-cup',
      name: { en: 'Gem Cascade Cup', fr: 'Coupe Gem Cascade' },
      description: {
        en: 'A buy-in tournament for the biggest win multiplier on Gem Cascade. One spin can take the cup.',
        fr: "Un tournoi à droit d'entrée pour le plus gros multiplicateur de gain sur Gem Cascade. Un seul tour peut suffire.",
      },
      imageUrl: mediaUrl('banner-tournament.svg'),
      tags: ['slots', 'buy-in'],
      startsAt: new Date(t + DAY),
      endsAt: new Date(t + 3 * DAY),
      currency: 'EUR',
      scoring: 'biggest_multiplier',
      minStakeMinor: 50n,
      entry: 'buy_in',
      buyInMinor: 500n,
      maxParticipants: 500,
      prizes: [
        { from: 1, to: 1, kind: 'cash', amountMinor: '100000' },
        { from: 2, to: 5, kind: 'cash', amountMinor: '10000' },
      ],
      games: ['gem-cascade'],
    },
    {
      key: 'autumn-spin-sprint',
      name: { en: 'Autumn Spin Sprint', fr: "Sprint d'automne" },
      description: {
        en: 'Ten points for every spin of at least €0.20 on Tidal Treasure. Every player took part automatically.',
        fr: 'Dix points par tour d’au moins 0,20 € sur Tidal Treasure. Chaque joueur participait automatiquement.',
      },
      imageUrl: mediaUrl('banner-tournament.svg'),
      tags: ['slots'],
      startsAt: new Date(t - 8 * DAY),
      endsAt: new Date(t - DAY),
      currency: 'EUR',
      scoring: 'points_per_bet',
      pointsPerBet: 10,
      minStakeMinor: 20n,
      entry: 'automatic',
      prizes: [
        { from: 1, to: 1, kind: 'cash', amountMinor: '20000' },
        { from: 2, to: 3, kind: 'cash', amountMinor: '5000' },
      ],
      games: ['tidal-treasure'],
    },
  ];
}
