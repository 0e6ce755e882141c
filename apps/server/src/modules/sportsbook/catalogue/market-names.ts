/**
 * Names of markets and outcomes in English and French, from the market key and its specifiers
 * (`handicap|hcp=-1.5`) and the competitors' names. An unknown market shows its key.
 */
import type { Locale } from '@croupier/contract/locales';

type Text = Record<Locale, string>;

interface MarketNames {
  market: Text;
  outcomes: Record<string, Text>;
}

const HOME = { en: '{home}', fr: '{home}' };
const AWAY = { en: '{away}', fr: '{away}' };

const NAMES: Record<string, MarketNames> = {
  '1x2': {
    market: { en: 'Match result', fr: 'Résultat du match' },
    outcomes: { home: HOME, draw: { en: 'Draw', fr: 'Match nul' }, away: AWAY },
  },
  double_chance: {
    market: { en: 'Double chance', fr: 'Double chance' },
    outcomes: {
      home_draw: { en: '{home} or draw', fr: '{home} ou nul' },
      home_away: { en: '{home} or {away}', fr: '{home} ou {away}' },
      draw_away: { en: 'Draw or {away}', fr: 'Nul ou {away}' },
    },
  },
  totals: {
    market: { en: 'Total {total}', fr: 'Total {total}' },
    outcomes: {
      over: { en: 'Over {total}', fr: 'Plus de {total}' },
      under: { en: 'Under {total}', fr: 'Moins de {total}' },
    },
  },
  handicap: {
    market: { en: 'Handicap {hcp}', fr: 'Handicap {hcp}' },
    outcomes: {
      home: { en: '{home} ({hcp})', fr: '{home} ({hcp})' },
      away: { en: '{away} ({-hcp})', fr: '{away} ({-hcp})' },
    },
  },
  btts: {
    market: { en: 'Both teams to score', fr: 'Les deux équipes marquent' },
    outcomes: { yes: { en: 'Yes', fr: 'Oui' }, no: { en: 'No', fr: 'Non' } },
  },
  correct_score: {
    market: { en: 'Correct score', fr: 'Score exact' },
    outcomes: { other: { en: 'Any other score', fr: 'Autre score' } },
  },
  winner: { market: { en: 'Winner', fr: 'Vainqueur' }, outcomes: { home: HOME, away: AWAY } },
  set_winner: {
    market: { en: 'Set {setnr} winner', fr: 'Vainqueur du set {setnr}' },
    outcomes: { home: HOME, away: AWAY },
  },
  game_winner: {
    market: { en: 'Set {setnr}, game {gamenr} winner', fr: 'Set {setnr}, vainqueur du jeu {gamenr}' },
    outcomes: { home: HOME, away: AWAY },
  },
  moneyline: {
    market: { en: 'Winner (incl. overtime)', fr: 'Vainqueur (prolongations incluses)' },
    outcomes: { home: HOME, away: AWAY },
  },
};

/** Display order of market kinds on an event page. */
export const MARKET_ORDER = Object.keys(NAMES);
export const MAIN_MARKETS = ['1x2', 'winner', 'moneyline'];

function signed(value: string): string {
  const n = Number(value);
  if (!Number.isFinite(n)) return value;
  return n > 0 ? `+${value}` : n === 0 ? '0' : value;
}

function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{(-?[a-z]+)\}/g, (whole, name: string) => values[name] ?? whole);
}

export function parseMarketKey(key: string): { kind: string; specifiers: Record<string, string> } {
  const [kind = key, ...parts] = key.split('|');
  const specifiers: Record<string, string> = {};
  for (const part of parts) {
    const [name, value] = part.split('=');
    if (name && value !== undefined) specifiers[name] = value;
  }
  return { kind, specifiers };
}

export function marketNamer(locale: Locale, home: string, away: string) {
  return (marketKey: string) => {
    const { kind, specifiers } = parseMarketKey(marketKey);
    const names = NAMES[kind];
    const hcp = specifiers.hcp;
    const values: Record<string, string> = { ...specifiers, home, away };
    if (hcp !== undefined) {
      values.hcp = signed(hcp);
      values['-hcp'] = signed(String(-Number(hcp)));
    }
    return {
      market: names ? fill(names.market[locale], values) : marketKey,
      outcome: (outcomeKey: string) => {
        const text = names?.outcomes[outcomeKey];
        return text ? fill(text[locale], values) : outcomeKey;
      },
    };
  };
}
