/**
 * Demo promotions (demo profile only, ADR 023): the marketing pages of the seeded offers, bonus
 * templates and cashback programme. Their words follow the real rules of those seeds
 * (bonuses/seed-bonuses.ts, campaigns/seed-campaigns.ts, cashbacks/seed-cashbacks.ts): a change to
 * a rule there is a change to the text here.
 */
import type { Locale } from '@croupier/contract/locales';

interface PromotionTexts {
  title: string;
  summary: string;
  body: string;
  terms: string;
  ctaText: string | null;
}

export interface DemoPromotion {
  slug: string;
  priority: number;
  /** Days from seeding; null: no bound. */
  startsInDays: number | null;
  endsInDays: number | null;
  /** A `cms_media` name (media-art.ts). */
  image: string;
  ctaLink: string | null;
  ctaPromoCode: string | null;
  texts: Record<Locale, PromotionTexts>;
}

export const DEMO_PROMOTIONS: DemoPromotion[] = [
  {
    slug: 'welcome-bonus',
    priority: 10,
    startsInDays: null,
    endsInDays: null,
    image: 'promo-welcome.svg',
    ctaLink: '/offers',
    ctaPromoCode: null,
    texts: {
      en: {
        title: 'Welcome bonus: 100 % up to 200',
        summary: 'Your first deposit matched 100 % up to 200. Minimum deposit 10, wagering 10×.',
        body: `<p>New here? Make your first deposit of at least <strong>10</strong> and choose the welcome offer on the deposit page: we match it <strong>100 %</strong>, up to a bonus of <strong>200</strong> in your account currency.</p>
<h2>How it works</h2>
<ol><li>Create your account (18+).</li><li>Open the deposit page and pick the welcome offer.</li><li>Deposit at least 10: the bonus is added once the deposit is credited.</li><li>Activate the bonus within 14 days and wager it 10 times within 30 days.</li></ol>
<p>Slots and fast games count in full towards wagering; table and live games count 10 %.</p>`,
        terms: `<ul><li>Open to players aged 18 or over, once per player, on the first credited deposit only.</li><li>Minimum deposit 10; bonus of 100 % of the deposit, at most 200 (amounts in the account currency).</li><li>The bonus must be activated within 14 days and wagered 10 times within 30 days of activation.</li><li>Contributions to wagering: slots and fast games 100 %, table and live games 10 %.</li><li>Maximum bet while wagering: 5.</li><li>The operator may end this promotion at any time; bonuses already granted keep their terms.</li></ul>`,
        ctaText: 'See the welcome offer',
      },
      fr: {
        title: 'Bonus de bienvenue : 100 % jusqu’à 200',
        summary: 'Votre premier dépôt doublé à 100 % jusqu’à 200. Dépôt minimum 10, mise 10×.',
        body: `<p>Nouveau ici ? Faites un premier dépôt d’au moins <strong>10</strong> et choisissez l’offre de bienvenue sur la page de dépôt : nous le complétons à <strong>100 %</strong>, jusqu’à un bonus de <strong>200</strong> dans la devise de votre compte.</p>
<h2>Comment ça marche</h2>
<ol><li>Créez votre compte (18+).</li><li>Ouvrez la page de dépôt et choisissez l’offre de bienvenue.</li><li>Déposez au moins 10 : le bonus est ajouté dès que le dépôt est crédité.</li><li>Activez le bonus sous 14 jours et misez-le 10 fois en 30 jours.</li></ol>
<p>Les machines à sous et les jeux rapides comptent entièrement dans la mise ; les jeux de table et en direct à 10 %.</p>`,
        terms: `<ul><li>Réservé aux joueurs de 18 ans ou plus, une fois par joueur, sur le premier dépôt crédité uniquement.</li><li>Dépôt minimum 10 ; bonus de 100 % du dépôt, au plus 200 (montants dans la devise du compte).</li><li>Le bonus doit être activé sous 14 jours et misé 10 fois dans les 30 jours suivant l’activation.</li><li>Contribution à la mise : machines à sous et jeux rapides 100 %, jeux de table et en direct 10 %.</li><li>Mise maximale pendant la mise en jeu : 5.</li><li>L’opérateur peut mettre fin à cette promotion à tout moment ; les bonus déjà accordés conservent leurs conditions.</li></ul>`,
        ctaText: 'Voir l’offre de bienvenue',
      },
    },
  },
  {
    slug: 'weekly-reload',
    priority: 20,
    startsInDays: null,
    endsInDays: null,
    image: 'promo-reload.svg',
    ctaLink: '/offers',
    ctaPromoCode: null,
    texts: {
      en: {
        title: 'Reload bonus: 50 % up to 100',
        summary: 'Every later deposit of 20 or more matched 50 % up to 100. Wagering 8×.',
        body: `<p>Already played with us? Choose the reload offer when you deposit at least <strong>20</strong> and we add <strong>50 %</strong> of your deposit as a bonus, up to <strong>100</strong>.</p>
<p>Wager the bonus 8 times within 14 days; winnings from it convert to your balance up to 500.</p>`,
        terms: `<ul><li>Open to players aged 18 or over on deposits after the first one.</li><li>Minimum deposit 20; bonus of 50 % of the deposit, at most 100 (amounts in the account currency).</li><li>The bonus must be activated within 7 days and wagered 8 times within 14 days of activation.</li><li>Contributions to wagering: slots and fast games 100 %, table and live games 10 %.</li><li>Maximum bet while wagering: 5; at most 500 of bonus winnings converts to real money.</li><li>The operator may end this promotion at any time; bonuses already granted keep their terms.</li></ul>`,
        ctaText: 'See the reload offer',
      },
      fr: {
        title: 'Bonus de recharge : 50 % jusqu’à 100',
        summary: 'Chaque dépôt ultérieur de 20 ou plus complété à 50 % jusqu’à 100. Mise 8×.',
        body: `<p>Vous avez déjà joué chez nous ? Choisissez l’offre de recharge en déposant au moins <strong>20</strong> et nous ajoutons <strong>50 %</strong> de votre dépôt en bonus, jusqu’à <strong>100</strong>.</p>
<p>Misez le bonus 8 fois en 14 jours ; ses gains sont convertis sur votre solde jusqu’à 500.</p>`,
        terms: `<ul><li>Réservé aux joueurs de 18 ans ou plus, sur les dépôts qui suivent le premier.</li><li>Dépôt minimum 20 ; bonus de 50 % du dépôt, au plus 100 (montants dans la devise du compte).</li><li>Le bonus doit être activé sous 7 jours et misé 8 fois dans les 14 jours suivant l’activation.</li><li>Contribution à la mise : machines à sous et jeux rapides 100 %, jeux de table et en direct 10 %.</li><li>Mise maximale pendant la mise en jeu : 5 ; au plus 500 de gains de bonus sont convertis en argent réel.</li><li>L’opérateur peut mettre fin à cette promotion à tout moment ; les bonus déjà accordés conservent leurs conditions.</li></ul>`,
        ctaText: 'Voir l’offre de recharge',
      },
    },
  },
  {
    slug: 'weekly-cashback',
    priority: 30,
    startsInDays: null,
    endsInDays: null,
    image: 'promo-cashback.svg',
    ctaLink: '/gamehall',
    ctaPromoCode: null,
    texts: {
      en: {
        title: 'Weekly casino cashback 10 %',
        summary: '10 % of your net casino losses back every week, paid as real money.',
        body: `<p>Every week (Monday to Sunday, UTC) we add up your real-money casino bets and wins. If you lost, <strong>10 %</strong> of that net loss comes back to you as <strong>real money</strong> — no wagering.</p>
<p>Your cashback is ready on Monday; claim it within 7 days.</p>`,
        terms: `<ul><li>Open to players aged 18 or over; casino games only, real-money bets only (bonus money does not count).</li><li>Net loss = real-money bets minus real-money wins over the week, Monday 00:00 to Sunday 23:59 UTC.</li><li>Cashback of 10 % of the net loss, paid as real money; at least 1 and at most 500 per week (400 in GBP).</li><li>Cashback must be claimed within 7 days, after which it lapses.</li><li>The operator may end this promotion at any time; cashback already earned is paid.</li></ul>`,
        ctaText: 'Go to the game hall',
      },
      fr: {
        title: 'Cashback casino hebdomadaire 10 %',
        summary: '10 % de vos pertes nettes au casino remboursés chaque semaine, en argent réel.',
        body: `<p>Chaque semaine (lundi à dimanche, UTC), nous faisons le compte de vos mises et gains en argent réel au casino. Si vous avez perdu, <strong>10 %</strong> de cette perte nette vous revient en <strong>argent réel</strong> — sans condition de mise.</p>
<p>Votre cashback est prêt le lundi ; réclamez-le sous 7 jours.</p>`,
        terms: `<ul><li>Réservé aux joueurs de 18 ans ou plus ; jeux de casino uniquement, mises en argent réel uniquement (l’argent bonus ne compte pas).</li><li>Perte nette = mises en argent réel moins gains en argent réel sur la semaine, du lundi 00:00 au dimanche 23:59 UTC.</li><li>Cashback de 10 % de la perte nette, versé en argent réel ; au moins 1 et au plus 500 par semaine (400 en GBP).</li><li>Le cashback doit être réclamé sous 7 jours, après quoi il expire.</li><li>L’opérateur peut mettre fin à cette promotion à tout moment ; le cashback déjà acquis est versé.</li></ul>`,
        ctaText: 'Aller à la salle de jeux',
      },
    },
  },
  {
    slug: 'no-deposit-welcome10',
    priority: 40,
    startsInDays: null,
    endsInDays: null,
    image: 'promo-code.svg',
    ctaLink: null,
    ctaPromoCode: 'WELCOME10',
    texts: {
      en: {
        title: 'Free 10 bonus with code WELCOME10',
        summary: 'Enter WELCOME10 to get a 10 bonus without a deposit, on slots.',
        body: `<p>Try our slots on us: sign up or sign in and enter the promo code <strong>WELCOME10</strong>. You get a <strong>10 bonus</strong>, no deposit needed.</p>
<p>Wager it 10 times on slots within 7 days and up to 50 of your winnings converts to your balance.</p>`,
        terms: `<ul><li>Open to players aged 18 or over, once per player; the code can be redeemed 1,000 times in all.</li><li>Bonus of 10 (in the account currency), slots only.</li><li>The bonus must be activated within 7 days and wagered 10 times within 7 days of activation.</li><li>Maximum bet while wagering: 2; at most 50 of bonus winnings converts to real money.</li><li>The operator may end this promotion at any time; bonuses already granted keep their terms.</li></ul>`,
        ctaText: null,
      },
      fr: {
        title: 'Bonus gratuit de 10 avec le code WELCOME10',
        summary: 'Saisissez WELCOME10 pour recevoir un bonus de 10 sans dépôt, sur les machines à sous.',
        body: `<p>Essayez nos machines à sous à nos frais : inscrivez-vous ou connectez-vous et saisissez le code promo <strong>WELCOME10</strong>. Vous recevez un <strong>bonus de 10</strong>, sans dépôt.</p>
<p>Misez-le 10 fois sur les machines à sous en 7 jours et jusqu’à 50 de vos gains sont convertis sur votre solde.</p>`,
        terms: `<ul><li>Réservé aux joueurs de 18 ans ou plus, une fois par joueur ; le code peut être utilisé 1 000 fois au total.</li><li>Bonus de 10 (dans la devise du compte), machines à sous uniquement.</li><li>Le bonus doit être activé sous 7 jours et misé 10 fois dans les 7 jours suivant l’activation.</li><li>Mise maximale pendant la mise en jeu : 2 ; au plus 50 de gains de bonus sont convertis en argent réel.</li><li>L’opérateur peut mettre fin à cette promotion à tout moment ; les bonus déjà accordés conservent leurs conditions.</li></ul>`,
        ctaText: null,
      },
    },
  },
];
