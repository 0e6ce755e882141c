/**
 * The seeded catalogue (docs/game-server.md, "Catalogue"): four studios, thirteen games, all running on
 * the in-house game server (RGS). Studios other than Croupier Originals are fictional demo studios
 * whose games are the in-house engines with their own theme; nothing pretends to be a real
 * vendor's game. `sysname` = the RGS game code.
 */
import type { GameType } from '@croupier/contract/games/common';
import type { GameName } from '@croupier/games/engine';
import type { LocalizedText } from './games.tables.ts';

export type EngineName = GameName;
export type ThemeName = 'neon' | 'aurora' | 'gems' | 'ocean' | 'classic' | 'royale' | 'frost';

export interface CatalogueProvider {
  sysname: string;
  name: string;
  sortOrder: number;
  gameParams: Record<string, unknown>;
}

export interface CatalogueCategory {
  slug: string;
  name: LocalizedText;
  icon: string;
  sortOrder: number;
}

export interface CatalogueGame {
  sysname: string;
  name: string;
  engine: EngineName;
  theme: ThemeName;
  provider: string;
  type: GameType;
  priority: number;
  tags: string[];
  categories: string[];
  description: LocalizedText;
}

/** The in-house launch endpoint every seeded studio uses (the RGS). */
export const RGS_LAUNCH_URL = '/rgs/launch';

export const CATALOGUE_PROVIDERS: CatalogueProvider[] = [
  {
    sysname: 'croupier-originals',
    name: 'Croupier Originals',
    sortOrder: 1,
    gameParams: { provably_fair: true, studio: 'in-house' },
  },
  { sysname: 'northwind', name: 'Northwind Studio', sortOrder: 2, gameParams: { provably_fair: true } },
  { sysname: 'lumen', name: 'Lumen Gaming', sortOrder: 3, gameParams: { provably_fair: true } },
  { sysname: 'tidewater', name: 'Tidewater Games', sortOrder: 4, gameParams: { provably_fair: true } },
];

export const CATALOGUE_CATEGORIES: CatalogueCategory[] = [
  { slug: 'popular', name: { en: 'Popular', fr: 'Populaires' }, icon: 'flame', sortOrder: 1 },
  { slug: 'new', name: { en: 'New', fr: 'Nouveautés' }, icon: 'sparkles', sortOrder: 2 },
  { slug: 'slots', name: { en: 'Slots', fr: 'Machines à sous' }, icon: 'slot', sortOrder: 3 },
  { slug: 'table-games', name: { en: 'Table games', fr: 'Jeux de table' }, icon: 'cards', sortOrder: 4 },
  { slug: 'fast-games', name: { en: 'Fast games', fr: 'Jeux rapides' }, icon: 'bolt', sortOrder: 5 },
  { slug: 'originals', name: { en: 'Originals', fr: 'Originaux' }, icon: 'star', sortOrder: 6 },
  {
    slug: 'low-stakes',
    name: { en: 'Low stakes friendly', fr: 'Petites mises' },
    icon: 'coin',
    sortOrder: 7,
  },
];

export const CATALOGUE_GAMES: CatalogueGame[] = [
  {
    sysname: 'neon-reels',
    name: 'Neon Reels',
    engine: 'slot',
    theme: 'neon',
    provider: 'croupier-originals',
    type: 'slot',
    priority: 100,
    tags: ['neon', 'paylines', 'wilds', 'free-spins', 'provably-fair'],
    categories: ['popular', 'slots', 'originals'],
    description: {
      en: 'A 5×3 video slot under city lights: paylines, wild symbols and scatters that unlock free spins.',
      fr: 'Une machine à sous 5×3 sous les néons de la ville : lignes de paiement, symboles wild et scatters qui déclenchent des tours gratuits.',
    },
  },
  {
    sysname: 'european-roulette',
    name: 'European Roulette',
    engine: 'roulette',
    theme: 'classic',
    provider: 'croupier-originals',
    type: 'casino',
    priority: 95,
    tags: ['roulette', 'table', 'classic', 'provably-fair'],
    categories: ['popular', 'table-games', 'originals', 'low-stakes'],
    description: {
      en: 'Single-zero roulette with the full betting board: straight, split, street, corner, dozens and even chances.',
      fr: 'La roue européenne à un seul zéro avec le tapis complet : plein, cheval, transversale, carré, douzaines et chances simples.',
    },
  },
  {
    sysname: 'blackjack-classic',
    name: 'Blackjack Classic',
    engine: 'blackjack',
    theme: 'classic',
    provider: 'croupier-originals',
    type: 'casino',
    priority: 90,
    tags: ['blackjack', 'cards', 'table', 'classic', 'provably-fair'],
    categories: ['popular', 'table-games', 'originals'],
    description: {
      en: 'Blackjack pays 3:2, the dealer stands on soft 17; double, split and insurance at a green felt table.',
      fr: 'Le blackjack payé 3:2, le croupier reste sur 17 souple ; doubler, séparer et assurance sur un tapis vert.',
    },
  },
  {
    sysname: 'dice-duel',
    name: 'Dice Duel',
    engine: 'dice',
    theme: 'neon',
    provider: 'croupier-originals',
    type: 'fast',
    priority: 80,
    tags: ['dice', 'neon', 'instant', 'provably-fair'],
    categories: ['fast-games', 'originals', 'low-stakes'],
    description: {
      en: 'Pick your win chance, roll over or under, and watch the neon dice decide in a second.',
      fr: 'Choisissez votre chance de gain, pariez au-dessus ou en dessous, et les dés néon tranchent en une seconde.',
    },
  },
  {
    sysname: 'plinko-drop',
    name: 'Plinko Drop',
    engine: 'plinko',
    theme: 'neon',
    provider: 'croupier-originals',
    type: 'fast',
    priority: 85,
    tags: ['plinko', 'neon', 'instant', 'multiplier', 'provably-fair'],
    categories: ['popular', 'fast-games', 'originals', 'low-stakes'],
    description: {
      en: 'Drop the ball through the pegs and land on a multiplier: choose the rows and the risk.',
      fr: 'Lâchez la bille entre les clous et visez un multiplicateur : choisissez le nombre de rangées et le risque.',
    },
  },
  {
    sysname: 'aurora-reels',
    name: 'Aurora Reels',
    engine: 'slot',
    theme: 'aurora',
    provider: 'northwind',
    type: 'slot',
    priority: 75,
    tags: ['aurora', 'paylines', 'wilds', 'free-spins'],
    categories: ['new', 'slots'],
    description: {
      en: 'Northern lights dance across five reels; wilds and scatters light up the arctic sky with free spins.',
      fr: 'Les aurores boréales dansent sur cinq rouleaux ; wilds et scatters illuminent le ciel arctique de tours gratuits.',
    },
  },
  {
    sysname: 'frost-blackjack',
    name: 'Frost Blackjack',
    engine: 'blackjack',
    theme: 'frost',
    provider: 'northwind',
    type: 'casino',
    priority: 60,
    tags: ['blackjack', 'cards', 'table', 'frost'],
    categories: ['new', 'table-games'],
    description: {
      en: 'Classic blackjack on an ice-blue table: 3:2 payouts, double, split and insurance.',
      fr: 'Le blackjack classique sur une table bleu glacier : paiement 3:2, doubler, séparer et assurance.',
    },
  },
  {
    sysname: 'polar-plinko',
    name: 'Polar Plinko',
    engine: 'plinko',
    theme: 'frost',
    provider: 'northwind',
    type: 'fast',
    priority: 55,
    tags: ['plinko', 'frost', 'instant', 'multiplier'],
    categories: ['new', 'fast-games', 'low-stakes'],
    description: {
      en: 'A snowball bounces down a frozen board of pegs towards the multipliers below.',
      fr: 'Une boule de neige rebondit sur un plateau gelé de clous vers les multiplicateurs.',
    },
  },
  {
    sysname: 'gem-cascade',
    name: 'Gem Cascade',
    engine: 'slot',
    theme: 'gems',
    provider: 'lumen',
    type: 'slot',
    priority: 70,
    tags: ['gems', 'paylines', 'wilds', 'free-spins'],
    categories: ['popular', 'slots'],
    description: {
      en: 'Rubies, emeralds and sapphires on five reels, with sparkling wilds and free spins.',
      fr: 'Rubis, émeraudes et saphirs sur cinq rouleaux, avec des wilds étincelants et des tours gratuits.',
    },
  },
  {
    sysname: 'roulette-royale',
    name: 'Roulette Royale',
    engine: 'roulette',
    theme: 'royale',
    provider: 'lumen',
    type: 'casino',
    priority: 65,
    tags: ['roulette', 'table', 'royale'],
    categories: ['table-games'],
    description: {
      en: 'European roulette in a velvet and gold salon: every inside and outside bet on the board.',
      fr: 'La roulette européenne dans un salon de velours et d’or : toutes les mises intérieures et extérieures.',
    },
  },
  {
    sysname: 'lucky-dice',
    name: 'Lucky Dice',
    engine: 'dice',
    theme: 'gems',
    provider: 'lumen',
    type: 'fast',
    priority: 50,
    tags: ['dice', 'gems', 'instant'],
    categories: ['fast-games', 'low-stakes'],
    description: {
      en: 'Jewelled dice, your chosen odds: roll over or under the target and collect the payout at once.',
      fr: 'Des dés ornés de joyaux, vos propres chances : au-dessus ou en dessous de la cible, le gain est immédiat.',
    },
  },
  {
    sysname: 'tidal-treasure',
    name: 'Tidal Treasure',
    engine: 'slot',
    theme: 'ocean',
    provider: 'tidewater',
    type: 'slot',
    priority: 72,
    tags: ['ocean', 'paylines', 'wilds', 'free-spins'],
    categories: ['new', 'slots'],
    description: {
      en: 'Dive for sunken chests: pearls, shells and the cream of lost treasures on five reels with free spins.',
      fr: 'Plongez vers les coffres engloutis : perles, coquillages et la crème des trésors perdus sur cinq rouleaux avec tours gratuits.',
    },
  },
  {
    sysname: 'deep-sea-plinko',
    name: 'Deep Sea Plinko',
    engine: 'plinko',
    theme: 'ocean',
    provider: 'tidewater',
    type: 'fast',
    priority: 45,
    tags: ['plinko', 'ocean', 'instant', 'multiplier'],
    categories: ['fast-games'],
    description: {
      en: 'A pearl sinks through coral pegs to the multipliers waiting on the sea floor.',
      fr: 'Une perle coule entre les clous de corail jusqu’aux multiplicateurs qui attendent au fond de la mer.',
    },
  },
];

export function catalogueGame(sysname: string): CatalogueGame | undefined {
  return CATALOGUE_GAMES.find((game) => game.sysname === sysname);
}
