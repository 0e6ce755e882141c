/** The demo cashback programmes (seed `cashbacks-demo-v1`, demo profile only). */
import type { CashbackProgrammeInput } from './cashback-programme.ts';

export const DEMO_CASHBACK_PROGRAMMES: CashbackProgrammeInput[] = [
  {
    key: 'weekly-casino-10',
    name: { en: 'Weekly casino cashback 10 %', fr: 'Cashback casino hebdomadaire 10 %' },
    description: {
      en: '10 % of your net casino losses in real money each week (Monday to Sunday, UTC), paid as real money. Claim it within 7 days.',
      fr: '10 % de vos pertes nettes en argent réel au casino chaque semaine (lundi à dimanche, UTC), versés en argent réel. À réclamer sous 7 jours.',
    },
    percentBp: 1000,
    period: 'weekly',
    claimDays: 7,
    product: 'casino',
    amounts: {
      EUR: { minPayoutMinor: 100n, maxPayoutMinor: 50_000n },
      USD: { minPayoutMinor: 100n, maxPayoutMinor: 50_000n },
      GBP: { minPayoutMinor: 100n, maxPayoutMinor: 40_000n },
    },
  },
];
