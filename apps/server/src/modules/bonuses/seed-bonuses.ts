/**
 * The operator's starting bonus templates (seed `bonuses-v1`): a welcome deposit match, a reload,
 * a no-deposit bonus, a betting bonus and a free-spin pack. Templates are operator data, never
 * shown on their own: players see a bonus only once one is granted to them, and the `bonuses`
 * section stays off until its pages exist (ADR 014), so nothing here is promised publicly.
 */
import type { BonusTemplateInput, TemplateCurrencyAmounts } from './bonus-template.ts';

/** Major units per currency → minor-unit amounts (EUR, USD, GBP, CAD: 2 decimals; JPY: none). */
function perCurrency(
  amounts: Partial<Record<keyof TemplateCurrencyAmounts, number>>,
): Record<string, TemplateCurrencyAmounts> {
  const currencies = { EUR: 100n, USD: 100n, GBP: 100n, CAD: 100n, JPY: 1n } as const;
  const jpyRate = 150n;
  const result: Record<string, TemplateCurrencyAmounts> = {};
  for (const [currency, unit] of Object.entries(currencies)) {
    const convert = (major: number | undefined): bigint | null => {
      if (major === undefined) return null;
      const minor = BigInt(Math.round(major * 100)) * unit;
      return currency === 'JPY' ? (minor * jpyRate) / 100n : minor / 100n;
    };
    result[currency] = {
      capMinor: convert(amounts.capMinor),
      minDepositMinor: convert(amounts.minDepositMinor),
      fixedMinor: convert(amounts.fixedMinor),
      maxWinMinor: convert(amounts.maxWinMinor),
      maxBetMinor: convert(amounts.maxBetMinor),
      spinBetMinor: convert(amounts.spinBetMinor),
    };
  }
  return result;
}

const common = {
  percent: null,
  contributions: { slot: 100, fast: 100, casino: 10, live: 10 },
  gameContributions: {},
  allowedGameTypes: [],
  allowedGames: [],
  freespinGame: null,
  freespinCount: null,
} satisfies Partial<BonusTemplateInput>;

export const DEMO_BONUS_TEMPLATES: BonusTemplateInput[] = [
  {
    ...common,
    key: 'welcome-100',
    kind: 'deposit_match',
    percent: 100,
    name: { en: 'Welcome bonus: 100 % up to 200', fr: 'Bonus de bienvenue : 100 % jusqu’à 200' },
    description: {
      en: 'Your first deposit matched 100 % up to 200. Wager the bonus 10 times within 30 days; slots count in full, table and live games 10 %. Maximum bet 5 while wagering.',
      fr: 'Votre premier dépôt doublé à 100 % jusqu’à 200. Misez le bonus 10 fois en 30 jours ; les machines à sous comptent entièrement, les jeux de table et en direct à 10 %. Mise maximale de 5 pendant la mise en jeu.',
    },
    amounts: perCurrency({ capMinor: 200, minDepositMinor: 10, maxBetMinor: 5 }),
    wageringMultiplier: 10,
    activationDays: 14,
    wageringDays: 30,
  },
  {
    ...common,
    key: 'reload-50',
    kind: 'deposit_match',
    percent: 50,
    name: { en: 'Reload bonus: 50 % up to 100', fr: 'Bonus de recharge : 50 % jusqu’à 100' },
    description: {
      en: 'A later deposit matched 50 % up to 100. Wager the bonus 8 times within 14 days. Winnings convert up to 500.',
      fr: 'Un dépôt ultérieur complété à 50 % jusqu’à 100. Misez le bonus 8 fois en 14 jours. Les gains sont convertis jusqu’à 500.',
    },
    amounts: perCurrency({ capMinor: 100, minDepositMinor: 20, maxBetMinor: 5, maxWinMinor: 500 }),
    wageringMultiplier: 8,
    activationDays: 7,
    wageringDays: 14,
  },
  {
    ...common,
    key: 'no-deposit-10',
    kind: 'no_deposit',
    name: { en: 'Free 10 bonus, no deposit', fr: 'Bonus gratuit de 10, sans dépôt' },
    description: {
      en: 'A 10 bonus without a deposit, on slots only. Wager it 10 times within 7 days; at most 50 converts to your balance.',
      fr: 'Un bonus de 10 sans dépôt, sur les machines à sous uniquement. Misez-le 10 fois en 7 jours ; au plus 50 est converti sur votre solde.',
    },
    amounts: perCurrency({ fixedMinor: 10, maxBetMinor: 2, maxWinMinor: 50 }),
    wageringMultiplier: 10,
    allowedGameTypes: ['slot'],
    activationDays: 7,
    wageringDays: 7,
  },
  {
    ...common,
    key: 'betting-20',
    kind: 'betting',
    name: { en: 'Betting bonus of 20', fr: 'Bonus de paris de 20' },
    description: {
      en: 'A 20 betting bonus for sports bets. Wager it 5 times within 14 days.',
      fr: 'Un bonus de paris de 20 pour les paris sportifs. Misez-le 5 fois en 14 jours.',
    },
    amounts: perCurrency({ fixedMinor: 20, maxBetMinor: 10 }),
    wageringMultiplier: 5,
    activationDays: 14,
    wageringDays: 14,
  },
  {
    ...common,
    key: 'free-spins-20',
    kind: 'free_spins',
    name: { en: '20 free spins on Neon Reels', fr: '20 tours gratuits sur Neon Reels' },
    description: {
      en: '20 free spins on Neon Reels at 0.20 each.',
      fr: '20 tours gratuits sur Neon Reels à 0,20 chacun.',
    },
    amounts: perCurrency({ spinBetMinor: 0.2 }),
    wageringMultiplier: 10,
    freespinGame: 'neon-reels',
    freespinCount: 20,
    activationDays: 7,
    wageringDays: 7,
  },
];
