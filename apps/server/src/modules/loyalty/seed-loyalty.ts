/**
 * The demo loyalty club (seed `loyalty-demo-v1`, demo profile only): one programme with 4 levels,
 * 4 characters and 4 shop products granting the demo bonus templates (bonuses/seed-bonuses.ts).
 */
import { mediaUrl } from '../cms/media-art.ts';
import type { loyaltyCharacters, loyaltyProducts } from './loyalty.tables.ts';
import type { LoyaltyProgrammeInput } from './loyalty-programme.ts';

const coin = mediaUrl('loyalty-coin.svg');

/** 1 point per 1.00 staked in real money on casino games, 2 per 1.00 on sport (EUR, USD, GBP). */
const rates: LoyaltyProgrammeInput['rates'] = ['EUR', 'USD', 'GBP'].flatMap((currency) => [
  { product: 'casino' as const, gameType: null, currency, points: 1, perMinor: 100n },
  { product: 'casino' as const, gameType: 'live', currency, points: 1, perMinor: 200n },
  { product: 'sport' as const, gameType: null, currency, points: 2, perMinor: 100n },
]);

export const DEMO_LOYALTY_PROGRAMME: LoyaltyProgrammeInput = {
  key: 'croupier-club',
  name: { en: 'Croupier Club', fr: 'Club Croupier' },
  description: {
    en: 'Earn coins on every real-money bet, climb the levels and spend your coins in the shop.',
    fr: 'Gagnez des jetons à chaque mise en argent réel, montez de niveau et dépensez vos jetons dans la boutique.',
  },
  pointsAlias: { en: 'coins', fr: 'jetons' },
  pointsAliasOne: { en: 'coin', fr: 'jeton' },
  expiryDays: 90,
  downgrade: 'keep',
  rates,
  levels: [
    {
      position: 1,
      threshold: 0,
      name: { en: 'Bronze', fr: 'Bronze' },
      perks: { en: ['Access to the shop'], fr: ['Accès à la boutique'] },
      image: coin,
    },
    {
      position: 2,
      threshold: 500,
      name: { en: 'Silver', fr: 'Argent' },
      perks: {
        en: ['Access to the shop', 'Birthday surprise'],
        fr: ['Accès à la boutique', 'Surprise d’anniversaire'],
      },
      image: coin,
    },
    {
      position: 3,
      threshold: 2_000,
      name: { en: 'Gold', fr: 'Or' },
      perks: {
        en: ['Access to the shop', 'Birthday surprise', 'Faster withdrawals review'],
        fr: ['Accès à la boutique', 'Surprise d’anniversaire', 'Examen plus rapide des retraits'],
      },
      image: coin,
    },
    {
      position: 4,
      threshold: 10_000,
      name: { en: 'Platinum', fr: 'Platine' },
      perks: {
        en: ['Access to the shop', 'Birthday surprise', 'Faster withdrawals review', 'Personal manager'],
        fr: [
          'Accès à la boutique',
          'Surprise d’anniversaire',
          'Examen plus rapide des retraits',
          'Gestionnaire personnel',
        ],
      },
      image: coin,
    },
  ],
};

type CharacterSeed = Omit<typeof loyaltyCharacters.$inferInsert, 'id'>;

export const DEMO_LOYALTY_CHARACTERS: CharacterSeed[] = [
  {
    key: 'ace',
    name: { en: 'Ace', fr: 'As' },
    description: { en: 'Bold and lucky.', fr: 'Audacieux et chanceux.' },
    image: mediaUrl('character-ace.svg'),
    position: 1,
  },
  {
    key: 'queen',
    name: { en: 'Queen', fr: 'Dame' },
    description: { en: 'Calm and strategic.', fr: 'Calme et stratège.' },
    image: mediaUrl('character-queen.svg'),
    position: 2,
  },
  {
    key: 'joker',
    name: { en: 'Joker', fr: 'Joker' },
    description: { en: 'Plays for fun.', fr: 'Joue pour le plaisir.' },
    image: mediaUrl('character-joker.svg'),
    position: 3,
  },
  {
    key: 'dealer',
    name: { en: 'Dealer', fr: 'Croupier' },
    description: { en: 'Knows every table.', fr: 'Connaît toutes les tables.' },
    image: mediaUrl('character-dealer.svg'),
    position: 4,
  },
];

type ProductSeed = Omit<typeof loyaltyProducts.$inferInsert, 'id'>;

export const DEMO_LOYALTY_PRODUCTS: ProductSeed[] = [
  {
    key: 'free-spins-20',
    name: { en: '20 free spins on Neon Reels', fr: '20 tours gratuits sur Neon Reels' },
    description: {
      en: '20 free spins on Neon Reels at 0.20 each; winnings are bonus money wagered 10 times.',
      fr: '20 tours gratuits sur Neon Reels à 0,20 chacun ; les gains sont de l’argent bonus à miser 10 fois.',
    },
    image: coin,
    kind: 'free_spins',
    bonusTemplateKey: 'free-spins-20',
    pricePoints: 300,
    position: 1,
  },
  {
    key: 'bonus-10',
    name: { en: 'Bonus of 10', fr: 'Bonus de 10' },
    description: {
      en: 'A 10 bonus on slots, wagered 10 times within 7 days; at most 50 converts.',
      fr: 'Un bonus de 10 sur les machines à sous, à miser 10 fois en 7 jours ; au plus 50 est converti.',
    },
    image: coin,
    kind: 'bonus',
    bonusTemplateKey: 'no-deposit-10',
    pricePoints: 500,
    position: 2,
  },
  {
    key: 'betting-20',
    name: { en: 'Betting bonus of 20', fr: 'Bonus de paris de 20' },
    description: {
      en: 'A 20 betting bonus for sports bets, wagered 5 times within 14 days.',
      fr: 'Un bonus de paris de 20 pour les paris sportifs, à miser 5 fois en 14 jours.',
    },
    image: coin,
    kind: 'betting_bonus',
    bonusTemplateKey: 'betting-20',
    pricePoints: 800,
    position: 3,
  },
  {
    key: 'free-spins-20-member',
    name: { en: 'Member pack: 20 free spins', fr: 'Pack membre : 20 tours gratuits' },
    description: {
      en: 'The Neon Reels pack at a member price: 20 spins at 0.20, winnings wagered 10 times.',
      fr: 'Le pack Neon Reels à prix membre : 20 tours à 0,20, gains à miser 10 fois.',
    },
    image: coin,
    kind: 'free_spins',
    bonusTemplateKey: 'free-spins-20',
    pricePoints: 200,
    position: 4,
  },
];
