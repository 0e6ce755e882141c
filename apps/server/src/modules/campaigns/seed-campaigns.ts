/**
 * Demo offers and a demo promo code (seed `campaigns-demo-v1`, demo profile only): a welcome offer
 * on the first deposit, a reload offer on later deposits, and a promo-code offer granting the
 * no-deposit bonus. Operator data for a demo site: the promotions and offers sections stay off
 * (ADR 014), so nothing here is promised publicly.
 */
import type { OfferConditions } from './campaigns.tables.ts';

type LocalizedText = { en: string; fr: string };

interface DemoOffer {
  key: string;
  trigger: 'deposit' | 'registration' | 'promo_code' | 'action';
  title: LocalizedText;
  description: LocalizedText;
  conditions: OfferConditions;
  excludeMethods: string[];
  /** Bonus template keys (seed `bonuses-demo-v1`). */
  templateKeys: string[];
  startsAt: Date;
  codes: { code: string; usageLimit: number; startsAt: Date }[];
  popups: { key: string; title: LocalizedText; content: LocalizedText; startsAt: Date }[];
}

const START = new Date('2026-01-01T00:00:00Z');
/** Minimum deposit per currency, minor units (EUR, USD, GBP, CAD: cents; JPY: yen). */
const minDeposit = (major: number) => ({
  EUR: String(major * 100),
  USD: String(major * 100),
  GBP: String(major * 100),
  CAD: String(major * 100),
  JPY: String(major * 150),
});

export const demoCampaigns: { offers: DemoOffer[] } = {
  offers: [
    {
      key: 'welcome-deposit',
      trigger: 'deposit',
      title: { en: 'Welcome bonus on your first deposit', fr: 'Bonus de bienvenue sur votre premier dépôt' },
      description: {
        en: 'Your first deposit matched 100 % up to 200. Minimum deposit 10.',
        fr: 'Votre premier dépôt doublé à 100 % jusqu’à 200. Dépôt minimum 10.',
      },
      conditions: { firstDepositOnly: true, minDepositMinor: minDeposit(10) },
      excludeMethods: [],
      templateKeys: ['welcome-100'],
      startsAt: START,
      codes: [],
      popups: [
        {
          key: 'welcome-deposit',
          title: { en: 'Your welcome bonus is waiting', fr: 'Votre bonus de bienvenue vous attend' },
          content: {
            en: 'Make your first deposit and choose the welcome offer: we match it 100 % up to 200.',
            fr: 'Faites votre premier dépôt et choisissez l’offre de bienvenue : nous le doublons à 100 % jusqu’à 200.',
          },
          startsAt: START,
        },
      ],
    },
    {
      key: 'reload-deposit',
      trigger: 'deposit',
      title: { en: 'Reload bonus', fr: 'Bonus de recharge' },
      description: {
        en: 'A later deposit matched 50 % up to 100. Minimum deposit 20.',
        fr: 'Un dépôt ultérieur complété à 50 % jusqu’à 100. Dépôt minimum 20.',
      },
      conditions: { minDepositMinor: minDeposit(20) },
      excludeMethods: [],
      templateKeys: ['reload-50'],
      startsAt: START,
      codes: [],
      popups: [],
    },
    {
      key: 'promo-no-deposit',
      trigger: 'promo_code',
      title: { en: 'Free 10 bonus with a promo code', fr: 'Bonus gratuit de 10 avec un code promo' },
      description: {
        en: 'Enter the code to receive a 10 bonus without a deposit, on slots only.',
        fr: 'Saisissez le code pour recevoir un bonus de 10 sans dépôt, sur les machines à sous uniquement.',
      },
      conditions: {},
      excludeMethods: [],
      templateKeys: ['no-deposit-10'],
      startsAt: START,
      codes: [{ code: 'WELCOME10', usageLimit: 1000, startsAt: START }],
      popups: [],
    },
  ],
};
