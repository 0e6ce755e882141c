/**
 * The simulator's made-up sports world, in English and French: three sports, two leagues each (a
 * country's and an international one), their teams or players with a strength each. Names are
 * invented (national teams aside) so that no real club or player is implied.
 */
import type { SportKey } from '../feed/messages.ts';

export interface Named {
  key: string;
  name: { en: string; fr: string };
}

export interface SimCompetitor extends Named {
  country?: string;
  /** Football: attack/defence multiplier; tennis: serve point probability; basketball: offence rating. */
  strength: number;
}

export interface SimLeague extends Named {
  sport: SportKey;
  category: Named & { country: string | null };
  competitors: SimCompetitor[];
}

const club = (key: string, name: string, strength: number, fr = name): SimCompetitor => ({
  key,
  name: { en: name, fr },
  strength,
});
const nation = (key: string, en: string, fr: string, country: string, strength: number): SimCompetitor => ({
  key,
  name: { en, fr },
  country,
  strength,
});

export const SIM_SPORTS: Record<SportKey, { en: string; fr: string }> = {
  football: { en: 'Football', fr: 'Football' },
  tennis: { en: 'Tennis', fr: 'Tennis' },
  basketball: { en: 'Basketball', fr: 'Basket-ball' },
};

const international = (sport: string) => ({
  key: `${sport}-intl`,
  name: { en: 'International', fr: 'International' },
  country: null,
});

export const SIM_LEAGUES: SimLeague[] = [
  {
    sport: 'football',
    key: 'fb-albion-premier',
    name: { en: 'Albion Premier Division', fr: "Première division d'Albion" },
    category: { key: 'fb-england', name: { en: 'England', fr: 'Angleterre' }, country: 'GB' },
    competitors: [
      club('fb-northbridge', 'Northbridge Rovers', 1.2),
      club('fb-kingsport', 'Kingsport City', 1.15),
      club('fb-ashford', 'Ashford United', 1.0),
      club('fb-whitmoor', 'Whitmoor Athletic', 0.95),
      club('fb-lindale', 'Lindale Town', 0.85),
      club('fb-castleford', 'Castleford Wanderers', 0.9),
    ],
  },
  {
    sport: 'football',
    key: 'fb-ligue-hexagone',
    name: { en: 'Hexagon League', fr: 'Ligue Hexagone' },
    category: { key: 'fb-france', name: { en: 'France', fr: 'France' }, country: 'FR' },
    competitors: [
      club('fb-val-de-loire', 'Olympique Val-de-Loire', 1.15),
      club('fb-etoile-marne', 'Red Star of the Marne', 1.05, 'Étoile rouge de la Marne'),
      club('fb-cote-opale', 'Opal Coast FC', 0.95, 'FC Côte d’Opale'),
      club('fb-montagne', 'Mountain Sporting', 0.9, 'Sporting de la Montagne'),
      club('fb-garonne', 'Garonne Racing', 1.0, 'Racing Garonne'),
      club('fb-vosges', 'Vosges Union', 0.85, 'Union des Vosges'),
    ],
  },
  {
    sport: 'football',
    key: 'fb-nations-cup',
    name: { en: 'Nations Cup', fr: 'Coupe des nations' },
    category: international('fb'),
    competitors: [
      nation('fb-germany', 'Germany', 'Allemagne', 'DE', 1.2),
      nation('fb-spain', 'Spain', 'Espagne', 'ES', 1.25),
      nation('fb-england-nt', 'England', 'Angleterre', 'GB', 1.15),
      nation('fb-italy', 'Italy', 'Italie', 'IT', 1.1),
      nation('fb-netherlands', 'Netherlands', 'Pays-Bas', 'NL', 1.05),
      nation('fb-belgium', 'Belgium', 'Belgique', 'BE', 1.0),
      nation('fb-switzerland', 'Switzerland', 'Suisse', 'CH', 0.95),
      nation('fb-norway', 'Norway', 'Norvège', 'NO', 0.9),
    ],
  },
  {
    sport: 'tennis',
    key: 'tn-paris-indoor',
    name: { en: 'Paris Indoor Open', fr: 'Open de Paris en salle' },
    category: { key: 'tn-men', name: { en: 'Men’s tour', fr: 'Circuit masculin' }, country: null },
    competitors: [
      club('tn-marlow', 'Theo Marlow', 0.68),
      club('tn-duval', 'Lucas Duval', 0.66),
      club('tn-reyes', 'Mateo Reyes', 0.65),
      club('tn-lindqvist', 'Erik Lindqvist', 0.64),
      club('tn-kovac', 'Ivan Kovač', 0.63),
      club('tn-okafor', 'Daniel Okafor', 0.62),
    ],
  },
  {
    sport: 'tennis',
    key: 'tn-lakeside-open',
    name: { en: 'Lakeside Women’s Open', fr: 'Open féminin du Lac' },
    category: { key: 'tn-women', name: { en: 'Women’s tour', fr: 'Circuit féminin' }, country: null },
    competitors: [
      club('tn-bernard', 'Camille Bernard', 0.6),
      club('tn-novak', 'Petra Novak', 0.59),
      club('tn-hale', 'Sophie Hale', 0.58),
      club('tn-sato', 'Yui Sato', 0.57),
      club('tn-moreau', 'Léa Moreau', 0.56),
      club('tn-silva', 'Ana Silva', 0.55),
    ],
  },
  {
    sport: 'basketball',
    key: 'bb-euro-league',
    name: { en: 'Euro Basketball League', fr: 'Ligue européenne de basket-ball' },
    category: international('bb'),
    competitors: [
      club('bb-danube', 'Danube Falcons', 1.06, 'Faucons du Danube'),
      club('bb-baltic', 'Baltic Storm', 1.03, 'Tempête de la Baltique'),
      club('bb-iberia', 'Iberia Suns', 1.0, 'Soleils d’Ibérie'),
      club('bb-alps', 'Alpine Wolves', 0.98, 'Loups des Alpes'),
      club('bb-rhine', 'Rhine Giants', 0.96, 'Géants du Rhin'),
      club('bb-aegean', 'Aegean Waves', 0.94, 'Vagues de l’Égée'),
    ],
  },
  {
    sport: 'basketball',
    key: 'bb-pro-france',
    name: { en: 'French Pro League', fr: 'Ligue pro française' },
    category: { key: 'bb-france', name: { en: 'France', fr: 'France' }, country: 'FR' },
    competitors: [
      club('bb-lyon-lions', 'Rhône Lions', 1.04, 'Lions du Rhône'),
      club('bb-nord-eagles', 'North Eagles', 1.0, 'Aigles du Nord'),
      club('bb-atlantic', 'Atlantic Sharks', 0.98, 'Requins de l’Atlantique'),
      club('bb-provence', 'Provence Bees', 0.97, 'Abeilles de Provence'),
      club('bb-bretagne', 'Brittany Gulls', 0.95, 'Goélands de Bretagne'),
      club('bb-alsace', 'Alsace Storks', 0.93, 'Cigognes d’Alsace'),
    ],
  },
];
