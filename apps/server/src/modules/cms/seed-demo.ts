/**
 * Demo content (`seed({ demo: true })`): banners, home blocks, content pages with their SEO records,
 * redirects and custom-code entries, in English and French. Read once at seed time.
 */
import type { Banner } from '@croupier/contract/banners/get';
import type { Locale } from '@croupier/contract/locales';
import type { HomeBlockDocument, SeoDocument } from './cms.schemas.ts';
import { mediaUrl } from './media-art.ts';

type BannerPosition = NonNullable<Banner['description']>['position'];

export interface DemoBanner {
  key: string;
  position: BannerPosition;
  priority: number;
  /** Days from the seed time; null for no bound. */
  startsInDays: number | null;
  finishesInDays: number | null;
  link: string | null;
  texts: Record<
    Locale,
    { title: string; text: string; image: string; imageMobile: string | null; buttonText: string | null }
  >;
}

/**
 * Banners that lead into a section without pages yet (live casino, tournaments) are
 * kept for when it lands: the site hides them until then (ADR 014).
 */
export const DEMO_BANNERS: DemoBanner[] = [
  {
    key: 'demo-play',
    position: 'home_hero',
    priority: 2,
    startsInDays: null,
    finishesInDays: null,
    link: '/gamehall',
    texts: {
      en: {
        title: 'Every game free to try',
        text: 'Slots, roulette, blackjack, dice and Plinko: open any game in demo mode, no deposit and no account needed.',
        image: mediaUrl('banner-game-hall.svg'),
        imageMobile: null,
        buttonText: 'Open the game hall',
      },
      fr: {
        title: 'Tous les jeux à essayer gratuitement',
        text: 'Machines à sous, roulette, blackjack, dés et Plinko : ouvrez n’importe quel jeu en mode démo, sans dépôt ni compte.',
        image: mediaUrl('banner-game-hall.svg'),
        imageMobile: null,
        buttonText: 'Ouvrir la salle de jeux',
      },
    },
  },
  {
    key: 'verify-a-round',
    position: 'home_hero',
    priority: 45,
    startsInDays: null,
    finishesInDays: null,
    link: '/fairness',
    texts: {
      en: {
        title: 'Check any round yourself',
        text: 'Paste a round’s seeds into our verifier and recompute its result. 18+.',
        image: mediaUrl('banner-provably-fair.svg'),
        imageMobile: null,
        buttonText: 'Open the verifier',
      },
      fr: {
        title: 'Vérifiez n’importe quelle partie',
        text: 'Collez les graines d’une partie dans notre vérificateur et recalculez son résultat. 18+.',
        image: mediaUrl('banner-provably-fair.svg'),
        imageMobile: null,
        buttonText: 'Ouvrir le vérificateur',
      },
    },
  },
  {
    key: 'welcome-package',
    position: 'home_hero',
    priority: 10,
    startsInDays: null,
    finishesInDays: null,
    link: '/promotions/welcome-bonus',
    texts: {
      en: {
        title: 'Welcome bonus: 100 % up to 200',
        text: 'Double your first deposit of 10 or more, up to a bonus of 200. Wagering 10× within 30 days. 18+.',
        image: mediaUrl('banner-welcome.svg'),
        imageMobile: mediaUrl('banner-welcome-mobile.svg'),
        buttonText: 'Claim your bonus',
      },
      fr: {
        title: 'Bonus de bienvenue : 100 % jusqu’à 200',
        text: 'Doublez votre premier dépôt de 10 ou plus, jusqu’à un bonus de 200. Mise 10× en 30 jours. 18+.',
        image: mediaUrl('banner-welcome.svg'),
        imageMobile: mediaUrl('banner-welcome-mobile.svg'),
        buttonText: 'Profiter du bonus',
      },
    },
  },
  {
    key: 'live-casino-nights',
    position: 'home_hero',
    priority: 20,
    startsInDays: null,
    finishesInDays: 90,
    link: '/gamehall?category=live',
    texts: {
      en: {
        title: 'Live casino nights',
        text: 'Real dealers, real cards, every evening from 6 pm. Join a blackjack or roulette table in one click.',
        image: mediaUrl('banner-live.svg'),
        imageMobile: null,
        buttonText: 'Take a seat',
      },
      fr: {
        title: 'Soirées casino en direct',
        text: 'De vrais croupiers et de vraies cartes, tous les soirs dès 18 h. Rejoignez une table de blackjack ou de roulette en un clic.',
        image: mediaUrl('banner-live.svg'),
        imageMobile: null,
        buttonText: 'Prendre place',
      },
    },
  },
  {
    key: 'weekly-slots-tournament',
    position: 'home_hero',
    priority: 30,
    startsInDays: -1,
    finishesInDays: 30,
    link: '/tournaments',
    texts: {
      en: {
        title: 'Weekly slots tournament: €10,000 prize pool',
        text: 'Every spin earns points. Climb the leaderboard before Sunday midnight and share the prizes with the top 100.',
        image: mediaUrl('banner-tournament.svg'),
        imageMobile: null,
        buttonText: 'Join the tournament',
      },
      fr: {
        title: 'Tournoi hebdomadaire de machines à sous : €10,000 à gagner',
        text: 'Chaque tour rapporte des points. Grimpez au classement avant dimanche minuit et partagez les gains avec le top 100.',
        image: mediaUrl('banner-tournament.svg'),
        imageMobile: null,
        buttonText: 'Participer',
      },
    },
  },
  {
    key: 'provably-fair-originals',
    position: 'home_hero',
    priority: 40,
    startsInDays: null,
    finishesInDays: null,
    link: '/news-provably-fair-explained',
    texts: {
      en: {
        title: 'Croupier Originals: check every result yourself',
        text: 'Slots, roulette, blackjack, dice and Plinko with published maths and a verifiable seed behind every round.',
        image: mediaUrl('banner-provably-fair.svg'),
        imageMobile: null,
        buttonText: 'How it works',
      },
      fr: {
        title: 'Croupier Originals : vérifiez chaque résultat vous-même',
        text: 'Machines à sous, roulette, blackjack, dés et Plinko avec des probabilités publiées et une graine vérifiable derrière chaque partie.',
        image: mediaUrl('banner-provably-fair.svg'),
        imageMobile: null,
        buttonText: 'Comment ça marche',
      },
    },
  },
  {
    key: 'weekly-cashback',
    position: 'home_strip',
    priority: 10,
    startsInDays: null,
    finishesInDays: null,
    link: '/promotions/weekly-cashback',
    texts: {
      en: {
        title: '10% weekly cashback',
        text: 'Every week we return 10% of your net casino losses as real money, with no wagering on the cashback.',
        image: mediaUrl('strip-cashback.svg'),
        imageMobile: null,
        buttonText: 'Learn more',
      },
      fr: {
        title: '10 % de cashback chaque semaine',
        text: 'Chaque semaine, nous vous remboursons 10 % de vos pertes nettes au casino en argent réel, sans condition de mise.',
        image: mediaUrl('strip-cashback.svg'),
        imageMobile: null,
        buttonText: 'En savoir plus',
      },
    },
  },
  {
    key: 'install-app',
    position: 'home_strip',
    priority: 20,
    startsInDays: null,
    finishesInDays: null,
    link: null,
    texts: {
      en: {
        title: 'Croupier on your home screen',
        text: 'Install the app from your browser menu: faster loading, and your favourite games one tap away.',
        image: mediaUrl('strip-app.svg'),
        imageMobile: null,
        buttonText: null,
      },
      fr: {
        title: 'Croupier sur votre écran d’accueil',
        text: 'Installez l’application depuis le menu de votre navigateur : chargement plus rapide et vos jeux préférés à portée de doigt.',
        image: mediaUrl('strip-app.svg'),
        imageMobile: null,
        buttonText: null,
      },
    },
  },
  {
    key: 'spring-race-ended',
    position: 'home_hero',
    priority: 5,
    startsInDays: -60,
    finishesInDays: -1,
    link: '/tournaments',
    texts: {
      en: {
        title: 'Spring race',
        text: 'This race has ended. Thanks to everyone who took part!',
        image: mediaUrl('banner-tournament.svg'),
        imageMobile: null,
        buttonText: 'See the winners',
      },
      fr: {
        title: 'Course de printemps',
        text: 'Cette course est terminée. Merci à tous les participants !',
        image: mediaUrl('banner-tournament.svg'),
        imageMobile: null,
        buttonText: 'Voir les gagnants',
      },
    },
  },
  {
    key: 'summer-festival-upcoming',
    position: 'home_hero',
    priority: 1,
    startsInDays: 30,
    finishesInDays: 60,
    link: '/promotions',
    texts: {
      en: {
        title: 'Summer festival',
        text: 'Thirty days of daily prizes. Coming soon.',
        image: mediaUrl('banner-welcome.svg'),
        imageMobile: null,
        buttonText: 'Remind me',
      },
      fr: {
        title: 'Festival d’été',
        text: 'Trente jours de prix quotidiens. Bientôt disponible.',
        image: mediaUrl('banner-welcome.svg'),
        imageMobile: null,
        buttonText: 'Me le rappeler',
      },
    },
  },
];

export interface DemoHomeBlock {
  key: string;
  sortOrder: number;
  documents: Record<Locale, HomeBlockDocument>;
}

export const DEMO_HOME_BLOCKS: DemoHomeBlock[] = [
  {
    key: 'why-croupier',
    sortOrder: 10,
    documents: {
      en: {
        kind: 'features',
        title: 'Why players choose Croupier',
        text: '<p>A casino built in the open, with the player’s interests written into the code.</p>',
        image: null,
        link: null,
        linkText: null,
        items: [
          {
            icon: 'shield-check',
            title: 'Provably fair',
            text: 'Every in-house game publishes its maths, and every round can be verified from its seeds.',
          },
          {
            icon: 'zap',
            title: 'Fast withdrawals',
            text: 'Most withdrawals are approved within hours, not days, once your account is verified.',
          },
          {
            icon: 'heart-handshake',
            title: 'In control',
            text: 'Deposit limits, cooling-off periods and self-exclusion are always one click away.',
          },
          {
            icon: 'message-circle',
            title: 'In your language',
            text: 'The whole site, every game and every email, in English and French.',
          },
        ],
      },
      fr: {
        kind: 'features',
        title: 'Pourquoi les joueurs choisissent Croupier',
        text: '<p>Un casino conçu en toute transparence, où l’intérêt du joueur est inscrit dans le code.</p>',
        image: null,
        link: null,
        linkText: null,
        items: [
          {
            icon: 'shield-check',
            title: 'Équitable et vérifiable',
            text: 'Chaque jeu maison publie ses probabilités et chaque partie peut être vérifiée à partir de ses graines.',
          },
          {
            icon: 'zap',
            title: 'Retraits rapides',
            text: 'Une fois votre compte vérifié, la plupart des retraits sont validés en quelques heures.',
          },
          {
            icon: 'heart-handshake',
            title: 'Vous gardez le contrôle',
            text: 'Limites de dépôt, pauses et auto-exclusion sont toujours à portée de clic.',
          },
          {
            icon: 'message-circle',
            title: 'Dans votre langue',
            text: 'Tout le site, chaque jeu et chaque e-mail, en français et en anglais.',
          },
        ],
      },
    },
  },
  {
    key: 'this-week',
    sortOrder: 20,
    documents: {
      en: {
        kind: 'promotions',
        title: 'This week at Croupier',
        text: '<p>A <strong>100 % welcome bonus</strong> up to 200, <strong>10% cashback</strong> every week and a free 10 bonus with the code <strong>WELCOME10</strong>.</p>',
        image: mediaUrl('home-promotions.svg'),
        link: '/promotions',
        linkText: 'All promotions',
        items: [],
      },
      fr: {
        kind: 'promotions',
        title: 'Cette semaine chez Croupier',
        text: '<p>Un <strong>bonus de bienvenue de 100 %</strong> jusqu’à 200, <strong>10 % de cashback</strong> chaque semaine et un bonus gratuit de 10 avec le code <strong>WELCOME10</strong>.</p>',
        image: mediaUrl('home-promotions.svg'),
        link: '/promotions',
        linkText: 'Toutes les promotions',
        items: [],
      },
    },
  },
  {
    key: 'play-responsibly',
    sortOrder: 30,
    documents: {
      en: {
        kind: 'text',
        title: 'Play responsibly',
        text: '<p>Gambling should always be entertainment. Set a budget before you play, never chase losses, and take regular breaks. If the game stops being fun, our <a href="/responsible-gaming">responsible gaming tools</a> can help you pause or stop. Croupier is for players aged 18 and over.</p>',
        image: mediaUrl('home-responsible.svg'),
        link: '/responsible-gaming',
        linkText: 'Responsible gaming',
        items: [],
      },
      fr: {
        kind: 'text',
        title: 'Jouez de manière responsable',
        text: '<p>Le jeu doit rester un divertissement. Fixez-vous un budget avant de jouer, ne cherchez jamais à vous refaire et faites des pauses régulières. Si le jeu cesse d’être un plaisir, nos <a href="/responsible-gaming">outils de jeu responsable</a> vous aident à faire une pause ou à arrêter. Croupier est réservé aux personnes de 18 ans et plus.</p>',
        image: mediaUrl('home-responsible.svg'),
        link: '/responsible-gaming',
        linkText: 'Jeu responsable',
        items: [],
      },
    },
  },
  {
    key: 'join-now',
    sortOrder: 40,
    documents: {
      en: {
        kind: 'cta',
        title: 'Your seat at the table is waiting',
        text: '<p>Sign up in under a minute, then play every game for real money or keep playing in demo.</p>',
        image: null,
        link: '/forms/sign_up',
        linkText: 'Create an account',
        items: [],
      },
      fr: {
        kind: 'cta',
        title: 'Votre place à la table vous attend',
        text: '<p>Inscrivez-vous en moins d’une minute, puis jouez à chaque jeu en argent réel ou continuez en démo.</p>',
        image: null,
        link: '/forms/sign_up',
        linkText: 'Créer un compte',
        items: [],
      },
    },
  },
];

export interface DemoPage {
  slug: string;
  isPublished: boolean;
  texts: Record<Locale, { title: string; body: string }>;
}

export const DEMO_PAGES: DemoPage[] = [
  {
    slug: 'about',
    isPublished: true,
    texts: {
      en: {
        title: 'About Croupier',
        body: `<h2>A casino you can look inside</h2>
<p>Croupier is an online casino built on open-source software. Our in-house games run on published rules, our paytables are public, and every round of every Croupier Original can be checked by the player who played it.</p>
<h2>What you will find here</h2>
<ul>
<li><strong>Casino:</strong> slots, table games and our provably fair Originals — Neon Reels, European Roulette, Blackjack Classic, Dice Duel and Plinko Drop.</li>
<li><strong>Demo mode:</strong> try every game for free before you play for real.</li>
<li><strong>Fairness checks:</strong> verify any round yourself from its seeds on our <a href="/fairness">fairness page</a>.</li>
</ul>
<h2>Our commitments</h2>
<p>We pay out fast, we keep your data safe, and we make the tools for staying in control impossible to miss. Read more about them on our <a href="/responsible-gaming">responsible gaming</a> page.</p>
<p>Questions? Our <a href="/support">support team</a> answers in English and French, seven days a week.</p>`,
      },
      fr: {
        title: 'À propos de Croupier',
        body: `<h2>Un casino transparent</h2>
<p>Croupier est un casino en ligne reposant sur un logiciel open source. Nos jeux maison suivent des règles publiées, nos tables de gains sont publiques et chaque partie de chaque Croupier Original peut être vérifiée par le joueur qui l’a jouée.</p>
<h2>Ce que vous trouverez chez nous</h2>
<ul>
<li><strong>Casino :</strong> machines à sous, jeux de table et nos Originals équitables et vérifiables — Neon Reels, European Roulette, Blackjack Classic, Dice Duel et Plinko Drop.</li>
<li><strong>Mode démo :</strong> essayez chaque jeu gratuitement avant de jouer pour de vrai.</li>
<li><strong>Vérification :</strong> contrôlez vous-même n’importe quelle partie à partir de ses graines sur notre <a href="/fr/fairness">page d’équité</a>.</li>
</ul>
<h2>Nos engagements</h2>
<p>Nous payons rapidement, nous protégeons vos données et nous rendons les outils de contrôle impossibles à manquer. Découvrez-les sur notre page <a href="/fr/responsible-gaming">jeu responsable</a>.</p>
<p>Une question ? Notre <a href="/fr/support">équipe d’assistance</a> vous répond en français et en anglais, sept jours sur sept.</p>`,
      },
    },
  },
  {
    slug: 'terms',
    isPublished: true,
    texts: {
      en: {
        title: 'Terms and conditions',
        body: `<p><em>Last updated: 3 February 2025</em></p>
<h2>1. Who we are</h2>
<p>This website is operated by Croupier Gaming Ltd (“Croupier”, “we”). By opening an account you agree to these terms, to our <a href="/privacy">privacy policy</a> and to the rules of each game you play.</p>
<h2>2. Your account</h2>
<ol>
<li>You must be at least 18 years old, or the legal gambling age in your country if higher.</li>
<li>You may hold one account only. Duplicate accounts may be closed and their bonuses cancelled.</li>
<li>The details you give us must be true and your own. We may ask you to verify your identity, age and address before a withdrawal.</li>
<li>Keep your password secret. We strongly recommend enabling two-factor authentication.</li>
</ol>
<h2>3. Deposits and withdrawals</h2>
<p>Deposits are credited once your payment provider confirms them. Withdrawals are paid to a payment method in your name, normally the one you deposited with. We may request documents to comply with anti-money-laundering rules.</p>
<h2>4. Bonuses</h2>
<p>Each bonus has its own rules, including wagering requirements, eligible games and an expiry date, shown before you accept it. Bonus funds are kept separate from your cash balance.</p>
<h2>5. Fair play</h2>
<p>Every Croupier Original is provably fair: you can verify any round from its server seed, client seed and nonce. Using software to gain an advantage, colluding with other players or abusing errors is forbidden.</p>
<h2>6. Responsible gaming</h2>
<p>You can set deposit limits, take a break or self-exclude at any time. See <a href="/responsible-gaming">responsible gaming</a>.</p>
<h2>7. Complaints</h2>
<p>Contact our <a href="/support">support team</a> first; we answer every complaint within 14 days.</p>`,
      },
      fr: {
        title: 'Conditions générales',
        body: `<p><em>Dernière mise à jour : 3 février 2025</em></p>
<h2>1. Qui sommes-nous</h2>
<p>Ce site est exploité par Croupier Gaming Ltd (« Croupier », « nous »). En ouvrant un compte, vous acceptez les présentes conditions, notre <a href="/fr/privacy">politique de confidentialité</a> et les règles de chaque jeu auquel vous jouez.</p>
<h2>2. Votre compte</h2>
<ol>
<li>Vous devez avoir au moins 18 ans, ou l’âge légal pour jouer dans votre pays s’il est plus élevé.</li>
<li>Un seul compte est autorisé par personne. Les comptes en double peuvent être fermés et leurs bonus annulés.</li>
<li>Les informations fournies doivent être exactes et vous appartenir. Nous pouvons vérifier votre identité, votre âge et votre adresse avant un retrait.</li>
<li>Gardez votre mot de passe secret. Nous vous recommandons vivement d’activer l’authentification à deux facteurs.</li>
</ol>
<h2>3. Dépôts et retraits</h2>
<p>Les dépôts sont crédités dès que votre prestataire de paiement les confirme. Les retraits sont versés sur un moyen de paiement à votre nom, en principe celui utilisé pour déposer. Nous pouvons demander des justificatifs au titre de la lutte contre le blanchiment.</p>
<h2>4. Bonus</h2>
<p>Chaque bonus a ses propres règles — conditions de mise, jeux éligibles, date d’expiration — affichées avant que vous ne l’acceptiez. Les fonds bonus sont séparés de votre solde réel.</p>
<h2>5. Jeu loyal</h2>
<p>Chaque Croupier Original est équitable et vérifiable : vous pouvez contrôler n’importe quelle partie à partir de sa graine serveur, de sa graine client et de son nonce. L’utilisation de logiciels pour obtenir un avantage, la collusion entre joueurs ou l’exploitation d’erreurs sont interdites.</p>
<h2>6. Jeu responsable</h2>
<p>Vous pouvez fixer des limites de dépôt, faire une pause ou vous auto-exclure à tout moment. Consultez la page <a href="/fr/responsible-gaming">jeu responsable</a>.</p>
<h2>7. Réclamations</h2>
<p>Contactez d’abord notre <a href="/fr/support">équipe d’assistance</a> ; nous répondons à chaque réclamation sous 14 jours.</p>`,
      },
    },
  },
  {
    slug: 'privacy',
    isPublished: true,
    texts: {
      en: {
        title: 'Privacy policy',
        body: `<p><em>Last updated: 3 February 2025</em></p>
<h2>What we collect</h2>
<ul>
<li>The details you give us: name, date of birth, address, email, phone number.</li>
<li>Verification documents, processed by our identity-verification provider.</li>
<li>Your transactions, bets and game rounds, which we must keep by law.</li>
<li>Technical data such as your IP address and device, to protect your account from fraud.</li>
</ul>
<h2>Why we use it</h2>
<p>To run your account, pay your winnings, meet our legal duties (age checks, anti-money-laundering, responsible gaming) and, only if you agree, to send you offers.</p>
<h2>Who we share it with</h2>
<p>Payment and verification providers, game providers for the rounds you play, and authorities when the law requires it. We never sell your data.</p>
<h2>Card payments</h2>
<p>Your card details are entered on our payment provider’s page and never reach our servers.</p>
<h2>Your rights</h2>
<p>You can access, correct or delete your data, or object to marketing, at any time. Unsubscribe links are in every email, and our <a href="/support">support team</a> handles every other request.</p>`,
      },
      fr: {
        title: 'Politique de confidentialité',
        body: `<p><em>Dernière mise à jour : 3 février 2025</em></p>
<h2>Les données que nous collectons</h2>
<ul>
<li>Les informations que vous nous donnez : nom, date de naissance, adresse, e-mail, numéro de téléphone.</li>
<li>Vos documents de vérification, traités par notre prestataire de vérification d’identité.</li>
<li>Vos transactions, paris et parties, que la loi nous oblige à conserver.</li>
<li>Des données techniques comme votre adresse IP et votre appareil, pour protéger votre compte contre la fraude.</li>
</ul>
<h2>Pourquoi nous les utilisons</h2>
<p>Pour gérer votre compte, payer vos gains, respecter nos obligations légales (contrôle de l’âge, lutte contre le blanchiment, jeu responsable) et, seulement si vous l’acceptez, vous envoyer des offres.</p>
<h2>Avec qui nous les partageons</h2>
<p>Nos prestataires de paiement et de vérification, les fournisseurs des jeux auxquels vous jouez, et les autorités lorsque la loi l’exige. Nous ne vendons jamais vos données.</p>
<h2>Paiements par carte</h2>
<p>Vos données de carte sont saisies sur la page de notre prestataire de paiement et n’atteignent jamais nos serveurs.</p>
<h2>Vos droits</h2>
<p>Vous pouvez à tout moment accéder à vos données, les rectifier, les supprimer ou refuser la prospection. Chaque e-mail contient un lien de désinscription, et notre <a href="/fr/support">équipe d’assistance</a> traite toutes les autres demandes.</p>`,
      },
    },
  },
  {
    slug: 'responsible-gaming',
    isPublished: true,
    texts: {
      en: {
        title: 'Responsible gaming',
        body: `<h2>Gambling is entertainment</h2>
<p>Play for fun and treat any money you spend as the cost of that entertainment. Never gamble to pay bills, to win back losses, or when you are upset, tired or have been drinking. Croupier is strictly for adults aged 18 and over.</p>
<h2>Tools that keep you in control</h2>
<p>All of these are in your profile under <strong>Responsible gaming</strong> and take effect immediately:</p>
<ul>
<li><strong>Deposit limits</strong> per day, week or month. Lowering a limit is instant; raising it takes effect after 24 hours.</li>
<li><strong>Session reminders</strong> that tell you how long you have been playing.</li>
<li><strong>Take a break</strong> for 24 hours up to 6 weeks.</li>
<li><strong>Self-exclusion</strong> for 6 months or longer. Your account cannot be reopened before the period ends.</li>
</ul>
<h2>Warning signs</h2>
<ul>
<li>Spending more time or money than you planned.</li>
<li>Borrowing money or selling things to gamble.</li>
<li>Hiding your gambling from the people close to you.</li>
<li>Feeling anxious or irritable when you are not playing.</li>
</ul>
<p>If any of these sound familiar, pause your account and talk to someone. Free, confidential help is available from <a href="https://www.begambleaware.org">GambleAware</a> and <a href="https://www.gamblingtherapy.org">Gambling Therapy</a>.</p>
<h2>Protecting minors</h2>
<p>We verify the age of every player. If children use your device, keep your password private and use parental-control software.</p>`,
      },
      fr: {
        title: 'Jeu responsable',
        body: `<h2>Le jeu est un divertissement</h2>
<p>Jouez pour le plaisir et considérez l’argent dépensé comme le prix de ce divertissement. Ne jouez jamais pour payer des factures, pour vous refaire, ou lorsque vous êtes contrarié, fatigué ou après avoir bu. Croupier est strictement réservé aux adultes de 18 ans et plus.</p>
<h2>Des outils pour garder le contrôle</h2>
<p>Ils se trouvent tous dans votre profil, rubrique <strong>Jeu responsable</strong>, et s’appliquent immédiatement :</p>
<ul>
<li><strong>Limites de dépôt</strong> par jour, semaine ou mois. Une baisse est immédiate ; une hausse prend effet après 24 heures.</li>
<li><strong>Rappels de session</strong> qui vous indiquent depuis combien de temps vous jouez.</li>
<li><strong>Pause</strong> de 24 heures à 6 semaines.</li>
<li><strong>Auto-exclusion</strong> de 6 mois ou plus. Votre compte ne peut pas être rouvert avant la fin de la période.</li>
</ul>
<h2>Signaux d’alerte</h2>
<ul>
<li>Vous dépensez plus de temps ou d’argent que prévu.</li>
<li>Vous empruntez ou vendez des biens pour jouer.</li>
<li>Vous cachez votre pratique du jeu à vos proches.</li>
<li>Vous vous sentez anxieux ou irritable lorsque vous ne jouez pas.</li>
</ul>
<p>Si vous vous reconnaissez, mettez votre compte en pause et parlez-en. Une aide gratuite et confidentielle est disponible auprès de <a href="https://www.joueurs-info-service.fr">Joueurs Info Service</a> (09 74 75 13 13, appel non surtaxé) et de <a href="https://www.gamblingtherapy.org/fr/">Gambling Therapy</a>.</p>
<h2>Protection des mineurs</h2>
<p>Nous vérifions l’âge de chaque joueur. Si des enfants utilisent votre appareil, gardez votre mot de passe secret et utilisez un logiciel de contrôle parental.</p>`,
      },
    },
  },
  {
    slug: 'faq',
    isPublished: true,
    texts: {
      en: {
        title: 'Frequently asked questions',
        body: `<h2>Account</h2>
<h3>How old do I need to be to play?</h3>
<p>You must be 18 or older. We check the age of every player before their first withdrawal.</p>
<h3>Why do you ask for identity documents?</h3>
<p>The law requires us to confirm who you are before paying out, to protect you and to prevent fraud and money laundering.</p>
<h2>Payments</h2>
<h3>How long do withdrawals take?</h3>
<p>Most are approved within a few hours once your account is verified. Bank transfers then take one to three business days to arrive.</p>
<h3>Are there any fees?</h3>
<p>Croupier charges no fees on deposits or withdrawals. Your bank or wallet provider may apply its own.</p>
<h2>Games</h2>
<h3>What does “provably fair” mean?</h3>
<p>Before each round we commit to a secret server seed by publishing its hash. You choose a client seed. After the round, the revealed seed lets you recompute the result and see that nobody changed it.</p>`,
      },
      fr: {
        title: 'Questions fréquentes',
        body: `<h2>Compte</h2>
<h3>Quel âge faut-il avoir pour jouer ?</h3>
<p>Vous devez avoir 18 ans ou plus. Nous vérifions l’âge de chaque joueur avant son premier retrait.</p>
<h3>Pourquoi demandez-vous des pièces d’identité ?</h3>
<p>La loi nous oblige à confirmer votre identité avant tout paiement, pour vous protéger et prévenir la fraude et le blanchiment.</p>
<h2>Paiements</h2>
<h3>Combien de temps prennent les retraits ?</h3>
<p>La plupart sont validés en quelques heures une fois votre compte vérifié. Un virement bancaire met ensuite un à trois jours ouvrés pour arriver.</p>
<h3>Y a-t-il des frais ?</h3>
<p>Croupier ne facture aucuns frais sur les dépôts ni sur les retraits. Votre banque ou votre portefeuille peut appliquer les siens.</p>
<h2>Jeux</h2>
<h3>Que signifie « équitable et vérifiable » ?</h3>
<p>Avant chaque partie, nous nous engageons sur une graine serveur secrète en publiant son empreinte. Vous choisissez une graine client. Après la partie, la graine révélée vous permet de recalculer le résultat et de constater que personne ne l’a modifié.</p>`,
      },
    },
  },
  {
    slug: 'news-provably-fair-explained',
    isPublished: true,
    texts: {
      en: {
        title: 'Provably fair, explained in five minutes',
        body: `<p>When you play an online game, how do you know the result was not decided after you placed your bet? At Croupier, you do not have to take our word for it.</p>
<h2>Step 1: we commit first</h2>
<p>Before your first round we generate a random <strong>server seed</strong> and show you its SHA-256 hash. The hash reveals nothing about the seed, but it locks us in: we cannot change the seed later without the hash changing too.</p>
<h2>Step 2: you add your own randomness</h2>
<p>You choose a <strong>client seed</strong> — or keep the one we suggest. Each round also has a <strong>nonce</strong> that counts up by one.</p>
<h2>Step 3: the result is computed</h2>
<p>The outcome comes from HMAC-SHA256 of the server seed, your client seed and the nonce. Same inputs, same result, every time.</p>
<h2>Step 4: you verify</h2>
<p>When you rotate your seed, we reveal the old server seed. Hash it and compare with the commitment you saw, then recompute any round. If anything had been changed, the numbers would not match.</p>
<blockquote>Fair maths is only half of the story: our games’ return to player is calculated exactly from their rules and published on each game page.</blockquote>`,
      },
      fr: {
        title: 'L’équité vérifiable expliquée en cinq minutes',
        body: `<p>Lorsque vous jouez en ligne, comment savoir que le résultat n’a pas été décidé après votre mise ? Chez Croupier, vous n’avez pas à nous croire sur parole.</p>
<h2>Étape 1 : nous nous engageons d’abord</h2>
<p>Avant votre première partie, nous générons une <strong>graine serveur</strong> aléatoire et vous montrons son empreinte SHA-256. L’empreinte ne révèle rien de la graine, mais elle nous engage : impossible de changer la graine ensuite sans que l’empreinte change aussi.</p>
<h2>Étape 2 : vous ajoutez votre propre hasard</h2>
<p>Vous choisissez une <strong>graine client</strong> — ou gardez celle que nous proposons. Chaque partie a aussi un <strong>nonce</strong> qui augmente de un.</p>
<h2>Étape 3 : le résultat est calculé</h2>
<p>Le résultat provient d’un HMAC-SHA256 de la graine serveur, de votre graine client et du nonce. Mêmes entrées, même résultat, à chaque fois.</p>
<h2>Étape 4 : vous vérifiez</h2>
<p>Lorsque vous changez de graine, nous révélons l’ancienne graine serveur. Calculez son empreinte, comparez-la à l’engagement affiché, puis recalculez n’importe quelle partie. Si quoi que ce soit avait été modifié, les chiffres ne correspondraient pas.</p>
<blockquote>Des mathématiques équitables ne sont que la moitié de l’histoire : le taux de redistribution de nos jeux est calculé exactement à partir de leurs règles et publié sur chaque page de jeu.</blockquote>`,
      },
    },
  },
  {
    slug: 'private-offer',
    isPublished: true,
    texts: {
      en: {
        title: 'Your private offer',
        body: `<p>Thank you for being part of Croupier. As a valued player, you can claim <strong>50 free spins</strong> on the slot of the week, with no deposit required.</p>
<p>Open <a href="/offers">Offers</a> while signed in to activate it. The spins are valid for 7 days; winnings from them carry a 20× wagering requirement. 18+.</p>`,
      },
      fr: {
        title: 'Votre offre privée',
        body: `<p>Merci de faire partie de Croupier. En tant que joueur privilégié, vous pouvez recevoir <strong>50 tours gratuits</strong> sur la machine à sous de la semaine, sans dépôt.</p>
<p>Ouvrez la page <a href="/fr/offers">Offres</a> une fois connecté pour l’activer. Les tours sont valables 7 jours ; leurs gains sont soumis à une condition de mise de 20×. 18+.</p>`,
      },
    },
  },
  {
    slug: 'summer-festival',
    isPublished: false,
    texts: {
      en: {
        title: 'Summer festival (draft)',
        body: '<p>Thirty days of daily prizes, coming this summer. Details to follow.</p>',
      },
      fr: {
        title: 'Festival d’été (brouillon)',
        body: '<p>Trente jours de prix quotidiens, cet été. Détails à venir.</p>',
      },
    },
  },
];

export interface DemoSeo {
  url: string;
  documents: Record<Locale, SeoDocument>;
}

function simpleSeo(title: string, description: string, text: string | null = null): SeoDocument {
  return {
    title,
    description,
    openGraph: { title, description, image: null, type: 'website' },
    meta: [],
    faq: [],
    article: null,
    text,
  };
}

export const DEMO_SEO: DemoSeo[] = [
  {
    url: '/',
    documents: {
      en: simpleSeo(
        'Croupier — online casino with provably fair games',
        'Slots, roulette, blackjack, dice and Plinko: provably fair games you can try for free in demo mode. Play responsibly, 18+.',
        '<h2>Online casino with nothing to hide</h2><p>Croupier brings together slots, table games and our own provably fair games, each one free to try in demo mode. Deposits are instant, withdrawals are fast and our responsible gaming tools are always within reach.</p>',
      ),
      fr: simpleSeo(
        'Croupier — casino en ligne aux jeux équitables et vérifiables',
        'Machines à sous, roulette, blackjack, dés et Plinko : des jeux vérifiables à essayer gratuitement en mode démo. Jouez avec modération, 18+.',
        '<h2>Un casino en ligne qui n’a rien à cacher</h2><p>Croupier réunit machines à sous, jeux de table et nos propres jeux équitables et vérifiables, tous à essayer gratuitement en mode démo. Les dépôts sont instantanés, les retraits rapides et nos outils de jeu responsable toujours à portée de main.</p>',
      ),
    },
  },
  {
    url: '/gamehall',
    documents: {
      en: simpleSeo(
        'Game hall — slots, table games and fast games',
        'Browse slots, blackjack and roulette tables, dice, Plinko and Croupier Originals. Filter by provider or category and play in demo mode.',
      ),
      fr: simpleSeo(
        'Salle de jeux — machines à sous, jeux de table et jeux rapides',
        'Parcourez machines à sous, tables de blackjack et de roulette, dés, Plinko et Croupier Originals. Filtrez par fournisseur ou catégorie et jouez en mode démo.',
      ),
    },
  },
  {
    url: '/promotions',
    documents: {
      en: simpleSeo(
        'Promotions — welcome bonus, cashback and promo codes',
        'All current Croupier promotions: 100% welcome bonus, reload bonus, 10% weekly cashback and a no-deposit code. Terms apply, 18+.',
      ),
      fr: simpleSeo(
        'Promotions — bonus de bienvenue, cashback et codes promo',
        'Toutes les promotions Croupier du moment : bonus de bienvenue de 100 %, bonus de recharge, 10 % de cashback hebdomadaire et un code sans dépôt. Conditions applicables, 18+.',
      ),
    },
  },
  {
    url: '/tournaments',
    documents: {
      en: simpleSeo(
        'Tournaments — compete for weekly prize pools',
        'Join slots and live casino tournaments, climb the leaderboard and share prize pools of up to €10,000 every week.',
      ),
      fr: simpleSeo(
        'Tournois — affrontez les autres joueurs chaque semaine',
        'Participez aux tournois de machines à sous et de casino en direct, grimpez au classement et partagez jusqu’à €10,000 de gains chaque semaine.',
      ),
    },
  },
  {
    url: '/betting',
    documents: {
      en: simpleSeo(
        'Sports betting — pre-match and live odds',
        'Bet on football, tennis, basketball and more with competitive odds, live markets and cash-out.',
      ),
      fr: simpleSeo(
        'Paris sportifs — cotes avant-match et en direct',
        'Pariez sur le football, le tennis, le basket et bien plus avec des cotes compétitives, des marchés en direct et le cash-out.',
      ),
    },
  },
  {
    url: '/about',
    documents: {
      en: simpleSeo(
        'About Croupier',
        'Croupier is an open-source online casino with provably fair games, fast payouts and responsible gaming built in.',
      ),
      fr: simpleSeo(
        'À propos de Croupier',
        'Croupier est un casino en ligne open source avec des jeux équitables et vérifiables, des paiements rapides et le jeu responsable intégré.',
      ),
    },
  },
  {
    url: '/terms',
    documents: {
      en: simpleSeo(
        'Terms and conditions',
        'The rules of your Croupier account: eligibility, payments, bonuses, fair play and complaints.',
      ),
      fr: simpleSeo(
        'Conditions générales',
        'Les règles de votre compte Croupier : conditions d’accès, paiements, bonus, jeu loyal et réclamations.',
      ),
    },
  },
  {
    url: '/privacy',
    documents: {
      en: simpleSeo(
        'Privacy policy',
        'What personal data Croupier collects, why, who it is shared with and how to exercise your rights.',
      ),
      fr: simpleSeo(
        'Politique de confidentialité',
        'Les données personnelles collectées par Croupier, leurs finalités, leurs destinataires et comment exercer vos droits.',
      ),
    },
  },
  {
    url: '/responsible-gaming',
    documents: {
      en: simpleSeo(
        'Responsible gaming — tools and help',
        'Deposit limits, breaks and self-exclusion, warning signs to look out for and where to find free, confidential help.',
      ),
      fr: simpleSeo(
        'Jeu responsable — outils et aide',
        'Limites de dépôt, pauses et auto-exclusion, signaux d’alerte à surveiller et où trouver une aide gratuite et confidentielle.',
      ),
    },
  },
  {
    url: '/faq',
    documents: {
      en: {
        ...simpleSeo(
          'Frequently asked questions',
          'Answers about age checks, identity verification, withdrawal times, fees and provably fair games at Croupier.',
        ),
        faq: [
          {
            question: 'How old do I need to be to play?',
            answer:
              'You must be 18 or older. We check the age of every player before their first withdrawal.',
          },
          {
            question: 'How long do withdrawals take?',
            answer:
              'Most are approved within a few hours once your account is verified. Bank transfers then take one to three business days.',
          },
          {
            question: 'Are there any fees?',
            answer:
              'Croupier charges no fees on deposits or withdrawals. Your bank or wallet provider may apply its own.',
          },
          {
            question: 'What does provably fair mean?',
            answer:
              'We publish the hash of a secret server seed before you play. After the round, the revealed seed lets you recompute the result and check that nobody changed it.',
          },
        ],
      },
      fr: {
        ...simpleSeo(
          'Questions fréquentes',
          'Réponses sur le contrôle de l’âge, la vérification d’identité, les délais de retrait, les frais et les jeux vérifiables chez Croupier.',
        ),
        faq: [
          {
            question: 'Quel âge faut-il avoir pour jouer ?',
            answer:
              'Vous devez avoir 18 ans ou plus. Nous vérifions l’âge de chaque joueur avant son premier retrait.',
          },
          {
            question: 'Combien de temps prennent les retraits ?',
            answer:
              'La plupart sont validés en quelques heures une fois votre compte vérifié. Un virement bancaire met ensuite un à trois jours ouvrés.',
          },
          {
            question: 'Y a-t-il des frais ?',
            answer:
              'Croupier ne facture aucuns frais sur les dépôts ni sur les retraits. Votre banque ou votre portefeuille peut appliquer les siens.',
          },
          {
            question: 'Que signifie « équitable et vérifiable » ?',
            answer:
              'Nous publions l’empreinte d’une graine serveur secrète avant que vous jouiez. Après la partie, la graine révélée vous permet de recalculer le résultat et de vérifier que personne ne l’a modifié.',
          },
        ],
      },
    },
  },
  {
    url: '/news-provably-fair-explained',
    documents: {
      en: {
        ...simpleSeo(
          'Provably fair, explained in five minutes',
          'How server seeds, client seeds and nonces let you verify every round of a Croupier Original yourself.',
        ),
        openGraph: {
          title: 'Provably fair, explained in five minutes',
          description:
            'How server seeds, client seeds and nonces let you verify every round of a Croupier Original yourself.',
          image: mediaUrl('banner-provably-fair.svg'),
          type: 'article',
        },
        article: {
          headline: 'Provably fair, explained in five minutes',
          description:
            'How server seeds, client seeds and nonces let you verify every round of a Croupier Original yourself.',
          image: mediaUrl('banner-provably-fair.svg'),
          datePublished: '2025-01-15T09:00:00.000Z',
          dateModified: '2025-02-03T10:30:00.000Z',
        },
      },
      fr: {
        ...simpleSeo(
          'L’équité vérifiable expliquée en cinq minutes',
          'Comment la graine serveur, la graine client et le nonce vous permettent de vérifier vous-même chaque partie d’un Croupier Original.',
        ),
        openGraph: {
          title: 'L’équité vérifiable expliquée en cinq minutes',
          description:
            'Comment la graine serveur, la graine client et le nonce vous permettent de vérifier vous-même chaque partie d’un Croupier Original.',
          image: mediaUrl('banner-provably-fair.svg'),
          type: 'article',
        },
        article: {
          headline: 'L’équité vérifiable expliquée en cinq minutes',
          description:
            'Comment la graine serveur, la graine client et le nonce vous permettent de vérifier vous-même chaque partie d’un Croupier Original.',
          image: mediaUrl('banner-provably-fair.svg'),
          datePublished: '2025-01-15T09:00:00.000Z',
          dateModified: '2025-02-03T10:30:00.000Z',
        },
      },
    },
  },
  {
    url: '/private-offer',
    documents: {
      en: {
        ...simpleSeo('Your private offer', '50 free spins for selected Croupier players.'),
        openGraph: null,
        meta: [{ name: 'robots', content: 'noindex, follow' }],
      },
      fr: {
        ...simpleSeo('Votre offre privée', '50 tours gratuits pour une sélection de joueurs Croupier.'),
        openGraph: null,
        meta: [{ name: 'robots', content: 'noindex, follow' }],
      },
    },
  },
];

export interface DemoRedirect {
  fromUrl: string;
  toUrl: string;
  status: 301 | 302;
  sortOrder: number;
}

export const DEMO_REDIRECTS: DemoRedirect[] = [
  { fromUrl: '/old-promotions', toUrl: '/promotions', status: 301, sortOrder: 10 },
  { fromUrl: '/casino', toUrl: '/gamehall', status: 301, sortOrder: 20 },
  { fromUrl: '/live-casino*', toUrl: '/gamehall?category=live', status: 301, sortOrder: 30 },
  { fromUrl: '/blog/*', toUrl: '/about', status: 302, sortOrder: 40 },
  { fromUrl: '/partners', toUrl: 'https://example.org/partners', status: 302, sortOrder: 50 },
];

export interface DemoCustomCode {
  name: string;
  code: string;
  isEnabled: boolean;
  position: 'head' | 'bodyStart' | 'bodyEnd';
  sortOrder: number;
}

export const DEMO_CUSTOM_CODES: DemoCustomCode[] = [
  {
    name: 'demo-head-meta',
    code: '<meta name="croupier-custom" content="1">',
    isEnabled: true,
    position: 'head',
    sortOrder: 10,
  },
  {
    name: 'demo-body-end-flag',
    code: '<script>window.__croupierCustomCode = true;</script>',
    isEnabled: true,
    position: 'bodyEnd',
    sortOrder: 20,
  },
  {
    name: 'demo-chat-widget-disabled',
    code: '<script src="https://chat.example.org/widget.js" async></script>',
    isEnabled: false,
    position: 'bodyStart',
    sortOrder: 30,
  },
];
