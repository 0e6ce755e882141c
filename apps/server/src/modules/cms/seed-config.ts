/**
 * The configuration every Croupier site starts with (`seed({ demo: false })`), in English and
 * French: menus, footer, system pages, validation messages, cashier/games/auth settings, the default
 * domain's SEO and robots rules. Read once at seed time; from then on the rows are the truth and a
 * back office edits them.
 */
import type { LinkItem, SystemPageKind } from '@croupier/contract/content/cms-config';
import type { Locale } from '@croupier/contract/locales';
import type { CmsSettingsDocument, DomainSeoDocument, RobotsRules } from './cms.schemas.ts';
import { mediaUrl } from './media-art.ts';

function link(
  id: string,
  title: string,
  url: string,
  options: { icon?: string; audience?: LinkItem['audience']; external?: boolean } = {},
): LinkItem {
  return {
    id,
    title,
    url,
    external: options.external ?? false,
    icon: options.icon ?? null,
    audience: options.audience ?? 'all',
  };
}

type SystemPages = Record<SystemPageKind, { header: string; description: string; buttonText: string }>;

const systemPages: Record<Locale, SystemPages> = {
  en: {
    maintenance: {
      header: 'We’ll be right back',
      description:
        'Croupier is undergoing scheduled maintenance to make your games even smoother. Your balance and bets are safe. Please check back in a few minutes.',
      buttonText: '',
    },
    notFound: {
      header: 'Page not found',
      description:
        'The page you are looking for has moved or never existed. Try the game hall or head back home.',
      buttonText: '',
    },
    forbidden: {
      header: 'Access denied',
      description:
        'You do not have permission to view this page. If you think this is a mistake, contact our support team.',
      buttonText: '',
    },
    userBlocked: {
      header: 'Your account is blocked',
      description:
        'Access to this account has been suspended. Our support team can explain why and help you with the next steps.',
      buttonText: 'Contact support',
    },
    unsubscribe: {
      header: 'You have been unsubscribed',
      description:
        'You will no longer receive promotional emails from Croupier. You can subscribe again at any time in your profile settings.',
      buttonText: '',
    },
    slotError: {
      header: 'This game could not be loaded',
      description:
        'The game provider did not respond in time. Your balance has not been affected. Please try again or pick another game.',
      buttonText: 'Back to the game hall',
    },
    payCancel: {
      header: 'Payment cancelled',
      description:
        'You cancelled the payment and no money was taken. You can start a new deposit whenever you like.',
      buttonText: 'Try again',
    },
    payFail: {
      header: 'Payment failed',
      description:
        'Your payment provider declined the transaction. Check your payment details or choose another method.',
      buttonText: 'Try another method',
    },
    payMobile: {
      header: 'Confirm the payment on your phone',
      description:
        'We have sent a payment request to your mobile. Approve it there to complete your deposit.',
      buttonText: '',
    },
    payNewWindow: {
      header: 'Complete the payment in the new window',
      description:
        'Your payment page opened in a new window. If it did not appear, check that pop-ups are allowed and try again.',
      buttonText: 'Back to deposit',
    },
    payPending: {
      header: 'Payment in progress',
      description:
        'We are waiting for confirmation from your payment provider. This usually takes less than a minute — you can keep playing in the meantime.',
      buttonText: '',
    },
    paySuccess: {
      header: 'Deposit successful',
      description: 'Your funds have been added to your balance. Good luck at the tables!',
      buttonText: 'Go to the game hall',
    },
  },
  fr: {
    maintenance: {
      header: 'Nous revenons très vite',
      description:
        'Croupier fait l’objet d’une maintenance programmée pour rendre vos parties encore plus fluides. Votre solde et vos paris sont en sécurité. Revenez dans quelques minutes.',
      buttonText: '',
    },
    notFound: {
      header: 'Page introuvable',
      description:
        'La page que vous cherchez a été déplacée ou n’a jamais existé. Essayez la salle de jeux ou revenez à l’accueil.',
      buttonText: '',
    },
    forbidden: {
      header: 'Accès refusé',
      description:
        'Vous n’avez pas l’autorisation de consulter cette page. S’il s’agit d’une erreur, contactez notre service client.',
      buttonText: '',
    },
    userBlocked: {
      header: 'Votre compte est bloqué',
      description:
        'L’accès à ce compte a été suspendu. Notre service client peut vous en expliquer la raison et vous accompagner.',
      buttonText: 'Contacter le support',
    },
    unsubscribe: {
      header: 'Votre désinscription est confirmée',
      description:
        'Vous ne recevrez plus d’e-mails promotionnels de Croupier. Vous pouvez vous réabonner à tout moment depuis votre profil.',
      buttonText: '',
    },
    slotError: {
      header: 'Ce jeu n’a pas pu être chargé',
      description:
        'Le fournisseur du jeu n’a pas répondu à temps. Votre solde n’a pas été modifié. Réessayez ou choisissez un autre jeu.',
      buttonText: 'Retour à la salle de jeux',
    },
    payCancel: {
      header: 'Paiement annulé',
      description:
        'Vous avez annulé le paiement et aucun montant n’a été débité. Vous pouvez effectuer un nouveau dépôt quand vous le souhaitez.',
      buttonText: 'Réessayer',
    },
    payFail: {
      header: 'Échec du paiement',
      description:
        'Votre prestataire de paiement a refusé la transaction. Vérifiez vos informations de paiement ou choisissez un autre moyen.',
      buttonText: 'Choisir un autre moyen',
    },
    payMobile: {
      header: 'Confirmez le paiement sur votre téléphone',
      description:
        'Nous avons envoyé une demande de paiement sur votre mobile. Validez-la pour finaliser votre dépôt.',
      buttonText: '',
    },
    payNewWindow: {
      header: 'Finalisez le paiement dans la nouvelle fenêtre',
      description:
        'La page de paiement s’est ouverte dans une nouvelle fenêtre. Si elle n’apparaît pas, autorisez les fenêtres pop-up et réessayez.',
      buttonText: 'Retour au dépôt',
    },
    payPending: {
      header: 'Paiement en cours',
      description:
        'Nous attendons la confirmation de votre prestataire de paiement. Cela prend généralement moins d’une minute — vous pouvez continuer à jouer en attendant.',
      buttonText: '',
    },
    paySuccess: {
      header: 'Dépôt réussi',
      description: 'Les fonds ont été crédités sur votre solde. Bonne chance aux tables !',
      buttonText: 'Aller à la salle de jeux',
    },
  },
};

/** Spec §5 default messages; `$$min$$`/`$$max$$` are filled in by the form. */
const validatorMessages: Record<Locale, Record<string, string>> = {
  en: {
    required: 'Field is required',
    email: 'Wrong email address',
    minLength: 'Min length is $$min$$',
    maxLength: 'Max length is $$max$$',
    phone: 'Wrong phone number',
    insertPhone: 'Please enter your phone number',
    fakename: 'Wrong fake name',
    password: 'Wrong password',
    passwordsNotEqual: 'Passwords are not equal',
    name: 'Wrong symbols in name',
    address: 'Wrong address',
    iban: 'Wrong iban',
    minValue: 'Min value is $$min$$',
    maxValue: 'Max value is $$max$$',
    date: 'Wrong date',
    sex: 'Please choose an option',
    postcode: 'Wrong postcode',
    code: 'The code must contain 6 digits',
    codeExpired: 'Time expired',
    codeInvalid: 'The code is invalid',
    cardHolder: 'Wrong card holder name',
    checkbox: 'Please tick this box to continue',
  },
  fr: {
    required: 'Ce champ est obligatoire',
    email: 'Adresse e-mail incorrecte',
    minLength: 'Longueur minimale : $$min$$',
    maxLength: 'Longueur maximale : $$max$$',
    phone: 'Numéro de téléphone incorrect',
    insertPhone: 'Veuillez saisir votre numéro de téléphone',
    fakename: 'Pseudonyme incorrect',
    password: 'Mot de passe incorrect',
    passwordsNotEqual: 'Les mots de passe ne correspondent pas',
    name: 'Caractères non autorisés dans le nom',
    address: 'Adresse incorrecte',
    iban: 'IBAN incorrect',
    minValue: 'Valeur minimale : $$min$$',
    maxValue: 'Valeur maximale : $$max$$',
    date: 'Date incorrecte',
    sex: 'Veuillez choisir une option',
    postcode: 'Code postal incorrect',
    code: 'Le code doit contenir 6 chiffres',
    codeExpired: 'Délai expiré',
    codeInvalid: 'Le code est invalide',
    cardHolder: 'Nom du titulaire incorrect',
    checkbox: 'Veuillez cocher cette case pour continuer',
  },
};

interface Words {
  casino: string;
  liveCasino: string;
  betting: string;
  promotions: string;
  tournaments: string;
  jackpots: string;
  loyalty: string;
  offers: string;
  winners: string;
  providers: string;
  support: string;
  home: string;
  deposit: string;
  signUp: string;
  profile: string;
  withdraw: string;
  history: string;
  bonuses: string;
  cashback: string;
  security: string;
  verification: string;
  responsibleGaming: string;
  myBets: string;
  about: string;
  faq: string;
  terms: string;
  privacy: string;
  groupCasino: string;
  groupPromotions: string;
  groupHelp: string;
  groupLegal: string;
}

const words: Record<Locale, Words> = {
  en: {
    casino: 'Casino',
    liveCasino: 'Live casino',
    betting: 'Sports betting',
    promotions: 'Promotions',
    tournaments: 'Tournaments',
    jackpots: 'Jackpots',
    loyalty: 'Loyalty club',
    offers: 'Offers',
    winners: 'Winners',
    providers: 'Game providers',
    support: 'Support',
    home: 'Home',
    deposit: 'Deposit',
    signUp: 'Sign up',
    profile: 'My profile',
    withdraw: 'Withdraw',
    history: 'Transaction history',
    bonuses: 'My bonuses',
    cashback: 'Cashback',
    security: 'Security',
    verification: 'Identity verification',
    responsibleGaming: 'Responsible gaming',
    myBets: 'My bets',
    about: 'About Croupier',
    faq: 'FAQ',
    terms: 'Terms and conditions',
    privacy: 'Privacy policy',
    groupCasino: 'Casino',
    groupPromotions: 'Rewards',
    groupHelp: 'Help',
    groupLegal: 'Legal',
  },
  fr: {
    casino: 'Casino',
    liveCasino: 'Casino en direct',
    betting: 'Paris sportifs',
    promotions: 'Promotions',
    tournaments: 'Tournois',
    jackpots: 'Jackpots',
    loyalty: 'Club fidélité',
    offers: 'Offres',
    winners: 'Gagnants',
    providers: 'Fournisseurs de jeux',
    support: 'Assistance',
    home: 'Accueil',
    deposit: 'Déposer',
    signUp: 'S’inscrire',
    profile: 'Mon profil',
    withdraw: 'Retirer',
    history: 'Historique des transactions',
    bonuses: 'Mes bonus',
    cashback: 'Cashback',
    security: 'Sécurité',
    verification: 'Vérification d’identité',
    responsibleGaming: 'Jeu responsable',
    myBets: 'Mes paris',
    about: 'À propos de Croupier',
    faq: 'FAQ',
    terms: 'Conditions générales',
    privacy: 'Politique de confidentialité',
    groupCasino: 'Casino',
    groupPromotions: 'Récompenses',
    groupHelp: 'Aide',
    groupLegal: 'Mentions légales',
  },
};

const footerTexts: Record<Locale, { licence: string; responsible: string; copyright: string }> = {
  en: {
    licence:
      'Croupier is operated by Croupier Gaming Ltd (company no. 14502311), licensed and regulated for remote gaming under licence no. CG/B2C/2024/017. All in-house games are provably fair: every result can be verified from its server seed, client seed and nonce.',
    responsible:
      'Gambling can be addictive. Play for fun, never to make money, and only with what you can afford to lose. Players must be 18 or older. Set deposit limits, take a break or self-exclude at any time from your profile.',
    copyright: '© {year} Croupier. All rights reserved. 18+',
  },
  fr: {
    licence:
      'Croupier est exploité par Croupier Gaming Ltd (société n° 14502311), titulaire d’une licence de jeux à distance n° CG/B2C/2024/017 et soumis à la réglementation correspondante. Tous nos jeux maison sont équitables et vérifiables : chaque résultat peut être contrôlé à partir de sa graine serveur, de sa graine client et de son nonce.',
    responsible:
      'Les jeux d’argent peuvent créer une dépendance. Jouez pour le plaisir, jamais pour gagner de l’argent, et uniquement avec des sommes que vous pouvez vous permettre de perdre. Réservé aux personnes de 18 ans et plus. Fixez des limites de dépôt, faites une pause ou excluez-vous à tout moment depuis votre profil.',
    copyright: '© {year} Croupier. Tous droits réservés. 18+',
  },
};

function siteSettings(locale: Locale): CmsSettingsDocument['prazer-config'] {
  const w = words[locale];
  const text = footerTexts[locale];
  const fr = locale === 'fr';
  return {
    siteName: 'Croupier',
    logo: mediaUrl('logo.svg'),
    logoMobile: mediaUrl('logo-mark.svg'),
    footerLogo: mediaUrl('logo.svg'),
    footerLogoMobile: mediaUrl('logo-mark.svg'),
    functional: {
      twoFactor: true,
      verification: true,
      responsibleGaming: true,
      betHistory: true,
      bettingNotice: true,
      clickableTitle: true,
    },
    validatorConfig: { messages: validatorMessages[locale] },
    loader: { logo: mediaUrl('logo-mark.svg'), minDurationMs: 300 },
    popupFallbacks: { authPopupEnabled: true },
    fullscreenVisibility: 'all',
    localeDetectStrategy: ['url', 'cookie', 'account', 'browser'],
    flagIcons: { GB: 'flag-gb', US: 'flag-us', FR: 'flag-fr', BE: 'flag-be', CH: 'flag-ch', CA: 'flag-ca' },
    ratingSites: [],
    // Spec §9 balance-refresh defaults.
    balanceUpdate: {
      isEnabledInterval: false,
      countSecondsForInterval: 10,
      isEnabledTurnOffRequests: true,
      countMinutesAfterWhichRequestsTurnedOff: 5,
      isEnabledRequestsAfterClick: false,
      countSecondsForDelayBetweenClick: 1,
    },
    // No live chat until the operator configures a provider.
    chat: { chat: null, providers: {} },
    systemPages: systemPages[locale],
    footer: {
      groups: [
        {
          id: 'casino',
          title: w.groupCasino,
          links: [
            link('gamehall', w.casino, '/gamehall'),
            link('live', w.liveCasino, '/gamehall?category=live'),
            link('jackpots', w.jackpots, '/jackpots'),
            link('tournaments', w.tournaments, '/tournaments'),
            link('providers', w.providers, '/providers'),
          ],
        },
        {
          id: 'rewards',
          title: w.groupPromotions,
          links: [
            link('promotions', w.promotions, '/promotions'),
            link('offers', w.offers, '/offers'),
            link('loyalty', w.loyalty, '/loyalty'),
            link('winners', w.winners, '/winners'),
          ],
        },
        {
          id: 'help',
          title: w.groupHelp,
          links: [
            link('support', w.support, '/support'),
            link('faq', w.faq, '/faq'),
            link('responsible-gaming', w.responsibleGaming, '/responsible-gaming'),
            link('about', w.about, '/about'),
          ],
        },
        {
          id: 'legal',
          title: w.groupLegal,
          links: [link('terms', w.terms, '/terms'), link('privacy', w.privacy, '/privacy')],
        },
      ],
      licenceText: text.licence,
      responsibleGamingText: text.responsible,
      copyright: text.copyright,
      paymentIcons: [
        { name: 'Visa', icon: 'payment-visa' },
        { name: 'Mastercard', icon: 'payment-mastercard' },
        { name: fr ? 'Virement bancaire' : 'Bank transfer', icon: 'payment-bank' },
        { name: 'Apple Pay', icon: 'payment-apple-pay' },
        { name: 'Google Pay', icon: 'payment-google-pay' },
      ],
    },
    headerMenu: [
      link('casino', w.casino, '/gamehall', { icon: 'cards' }),
      link('live', w.liveCasino, '/gamehall?category=live', { icon: 'live' }),
      link('betting', w.betting, '/betting', { icon: 'ball' }),
      link('promotions', w.promotions, '/promotions', { icon: 'gift' }),
      link('tournaments', w.tournaments, '/tournaments', { icon: 'trophy' }),
      link('jackpots', w.jackpots, '/jackpots', { icon: 'crown' }),
    ],
    sideMenu: [
      link('home', w.home, '/', { icon: 'home' }),
      link('casino', w.casino, '/gamehall', { icon: 'cards' }),
      link('live', w.liveCasino, '/gamehall?category=live', { icon: 'live' }),
      link('betting', w.betting, '/betting', { icon: 'ball' }),
      link('promotions', w.promotions, '/promotions', { icon: 'gift' }),
      link('offers', w.offers, '/offers', { icon: 'tag' }),
      link('tournaments', w.tournaments, '/tournaments', { icon: 'trophy' }),
      link('jackpots', w.jackpots, '/jackpots', { icon: 'crown' }),
      link('loyalty', w.loyalty, '/loyalty', { icon: 'star' }),
      link('winners', w.winners, '/winners', { icon: 'medal' }),
      link('providers', w.providers, '/providers', { icon: 'grid' }),
      link('support', w.support, '/support', { icon: 'chat' }),
    ],
    mobileBottomMenu: [
      link('home', w.home, '/', { icon: 'home' }),
      link('casino', w.casino, '/gamehall', { icon: 'cards' }),
      link('betting', w.betting, '/betting', { icon: 'ball' }),
      link('promotions', w.promotions, '/promotions', { icon: 'gift' }),
      link('deposit', w.deposit, '/cashier/deposit', { icon: 'wallet', audience: 'player' }),
      link('sign-up', w.signUp, '/forms/sign_up', { icon: 'user-plus', audience: 'guest' }),
    ],
    userMenu: [
      link('profile', w.profile, '/profile/settings', { icon: 'user', audience: 'player' }),
      link('deposit', w.deposit, '/cashier/deposit', { icon: 'wallet', audience: 'player' }),
      link('withdraw', w.withdraw, '/cashier/withdraw', { icon: 'bank', audience: 'player' }),
      link('history', w.history, '/cashier/history', { icon: 'list', audience: 'player' }),
      link('bonuses', w.bonuses, '/profile/bonuses', { icon: 'gift', audience: 'player' }),
      link('cashback', w.cashback, '/profile/cashback', { icon: 'percent', audience: 'player' }),
      link('my-bets', w.myBets, '/profile/bets', { icon: 'ticket', audience: 'player' }),
      link('loyalty', w.loyalty, '/profile/loyalty', { icon: 'star', audience: 'player' }),
      link('security', w.security, '/profile/security', { icon: 'lock', audience: 'player' }),
      link('verification', w.verification, '/profile/verification', { icon: 'id-card', audience: 'player' }),
      link('responsible-game', w.responsibleGaming, '/profile/responsible-game', {
        icon: 'shield',
        audience: 'player',
      }),
    ],
    // Placeholders on example.org until the operator links real accounts.
    socialLinks: [
      link('telegram', 'Telegram', 'https://example.org/croupier/telegram', {
        icon: 'telegram',
        external: true,
      }),
      link('instagram', 'Instagram', 'https://example.org/croupier/instagram', {
        icon: 'instagram',
        external: true,
      }),
      link('youtube', 'YouTube', 'https://example.org/croupier/youtube', { icon: 'youtube', external: true }),
    ],
    confirmHint: { isEnabled: true, pageExceptions: ['/cashier', '/game', '/forms'] },
    depositDetalization: 'cashierHeader',
    authBanner: fr
      ? {
          title: 'Bienvenue chez Croupier',
          text: 'Machines à sous, roulette, blackjack, dés et Plinko, tous prouvablement équitables : essayez-les en démo, jouez pour de vrai quand vous voulez.',
          image: mediaUrl('auth-banner.svg'),
        }
      : {
          title: 'Welcome to Croupier',
          text: 'Slots, roulette, blackjack, dice and Plinko, all provably fair: try them in demo, play for real when you like.',
          image: mediaUrl('auth-banner.svg'),
        },
    menuBanner: fr
      ? {
          title: 'Club fidélité',
          text: 'Gagnez des points à chaque mise et échangez-les dans la boutique.',
          image: mediaUrl('menu-banner.svg'),
          link: '/loyalty',
        }
      : {
          title: 'Loyalty club',
          text: 'Earn points on every bet and spend them in the loyalty shop.',
          image: mediaUrl('menu-banner.svg'),
          link: '/loyalty',
        },
  };
}

function paymentMethods(locale: Locale): CmsSettingsDocument['cashier-config']['paymentMethods'] {
  const fr = locale === 'fr';
  return [
    {
      sysname: 'card',
      title: fr ? 'Carte bancaire' : 'Bank card',
      icons: ['payment-visa', 'payment-mastercard'],
      description: fr
        ? 'Visa et Mastercard. Dépôt instantané, paiement sécurisé sur la page de notre prestataire.'
        : 'Visa and Mastercard. Instant deposit, paid securely on our provider’s hosted page.',
      minMaxText: fr ? 'Min 10 € · Max 5 000 €' : 'Min €10 · Max €5,000',
    },
    {
      sysname: 'bank_transfer',
      title: fr ? 'Virement bancaire' : 'Bank transfer',
      icons: ['payment-bank'],
      description: fr
        ? 'Virement SEPA depuis votre banque. Crédité en général sous un jour ouvré.'
        : 'SEPA transfer from your bank. Usually credited within one business day.',
      minMaxText: fr ? 'Min 20 € · Max 20 000 €' : 'Min €20 · Max €20,000',
    },
    {
      sysname: 'wallet',
      title: fr ? 'Portefeuille mobile' : 'Mobile wallet',
      icons: ['payment-apple-pay', 'payment-google-pay'],
      description: fr
        ? 'Apple Pay et Google Pay. Validez le paiement en un geste sur votre téléphone.'
        : 'Apple Pay and Google Pay. Approve the payment with one tap on your phone.',
      minMaxText: fr ? 'Min 10 € · Max 2 000 €' : 'Min €10 · Max €2,000',
    },
  ];
}

function settingsDocument(locale: Locale): CmsSettingsDocument {
  const fr = locale === 'fr';
  return {
    'settings-seo': {
      titleTemplate: '%s | Croupier',
      defaultTitle: fr
        ? 'Croupier — casino en ligne aux jeux équitables et vérifiables'
        : 'Croupier — online casino with provably fair games',
      defaultDescription: fr
        ? 'Jouez aux machines à sous, à la roulette, au blackjack, aux dés et au Plinko : des jeux vérifiables, à essayer gratuitement en mode démo. Retraits rapides et outils de jeu responsable. 18+.'
        : 'Play slots, roulette, blackjack, dice and Plinko: provably fair games, free to try in demo mode. Fast withdrawals and responsible gaming tools. 18+.',
      imageNameMapping: {},
    },
    'prazer-config': siteSettings(locale),
    'cashier-config': {
      paymentMethods: paymentMethods(locale),
      depositLayout: 'container',
      paymentMethodsUrlDisplay: 'sysname',
      receiptBlocksVisibility: { isAddressVisible: true, isContactsVisible: true, isRulesVisible: true },
      withdrawalButtons: { confirmContactLink: '/profile/settings', kycLink: '/profile/verification' },
    },
    'games-config': {
      tournamentDisplay: {
        showParticipants: true,
        durationType: 'countdown',
        leaderImages: [mediaUrl('leader-1.svg'), mediaUrl('leader-2.svg'), mediaUrl('leader-3.svg')],
      },
      gameListPageSize: 18,
    },
    'search-config': {
      minQueryLength: 3,
      placeholder: fr ? 'Rechercher un jeu ou un fournisseur' : 'Search for a game or provider',
      popular: fr
        ? ['Blackjack', 'Roulette', 'Dice', 'Plinko', 'Reels']
        : ['Blackjack', 'Roulette', 'Dice', 'Plinko', 'Reels'],
    },
    loyalty: {
      coinIcon: mediaUrl('loyalty-coin.svg'),
      placesWhereDisplayedCharacters: ['header', 'profile', 'loyalty'],
      isEnableCharacters: true,
      isEnableLoyalty: true,
      tutorialUrl: '/loyalty',
      // Spec §9: loyalty notices last 5 s.
      notification: { duration: 5, sound: true },
    },
    'forms-config': {
      offersSettings: {
        promoSwitcher: true,
        cashbackIntervalView: 'days',
        bonusesSwitchOrder: ['casino', 'betting'],
      },
      validationStrategy: 'eager',
    },
    'auth-config': {
      registration: {
        confirmEmailPopup: true,
        showCharacterSelect: true,
        showPromocode: true,
        showPromoFieldByDefault: false,
        terms: { isActive: true, defaultValue: false },
        notify: { isActive: true, defaultValue: false },
        markBetting: { isActive: false, defaultValue: false },
        loginType: 'email',
        validationStrategy: 'eager',
      },
      authTypes: ['form'],
      socialServices: [],
    },
    'meta-data-tool': {
      organizationName: 'Croupier',
      defaultImage: '/favicons/favicon-512x512.png',
      twitterHandle: null,
    },
  };
}

export function defaultSettings(): Record<Locale, CmsSettingsDocument> {
  return { en: settingsDocument('en'), fr: settingsDocument('fr') };
}

/**
 * What crawlers may not index. Search results, tracking links and the framed copies of pages (`/frame/`,
 * the sportsbook as an operator's iframe) duplicate other pages; player areas are private;
 * `/private-offer` is the demo of a page carrying noindex.
 */
export const DEFAULT_ROBOTS_RULES: RobotsRules = [
  {
    userAgent: '*',
    allow: [],
    disallow: [
      '/api/',
      '/search',
      '/private-offer',
      '/cashier',
      '/profile',
      '/forms/',
      '/frame/',
      '/*?*track_id=',
    ],
  },
];

export function defaultDomainSeo(): Record<Locale, DomainSeoDocument> {
  const shared = {
    organization: {
      name: 'Croupier',
      // Relative values are resolved against the domain's canonical origin when served.
      url: '/',
      logo: mediaUrl('logo.svg'),
      contactPoint: {
        telephone: '+44 20 7946 0000',
        contactType: 'customer support',
        areaServed: ['GB', 'IE', 'FR', 'BE', 'CH', 'CA'],
        availableLanguage: ['English', 'French'],
      },
      sameAs: [],
    },
  };
  return {
    en: {
      meta: [
        { name: 'application-name', content: 'Croupier' },
        { name: 'theme-color', content: '#0b1220' },
        { name: 'format-detection', content: 'telephone=no' },
        { property: 'og:site_name', content: 'Croupier' },
      ],
      ...shared,
      product: {
        name: 'Croupier Casino',
        image: '/favicons/favicon-512x512.png',
        description:
          'An online casino with provably fair in-house games: slots, roulette, blackjack, dice and Plinko, each free to try in demo mode.',
        sku: 'croupier-casino',
        brand: { name: 'Croupier' },
      },
      defaults: {
        title: 'Croupier — online casino with provably fair games',
        description:
          'Play slots, roulette, blackjack, dice and Plinko: provably fair games, free to try in demo mode. Fast withdrawals and responsible gaming tools. 18+.',
        image: '/favicons/favicon-512x512.png',
      },
    },
    fr: {
      meta: [
        { name: 'application-name', content: 'Croupier' },
        { name: 'theme-color', content: '#0b1220' },
        { name: 'format-detection', content: 'telephone=no' },
        { property: 'og:site_name', content: 'Croupier' },
      ],
      ...shared,
      organization: {
        ...shared.organization,
        contactPoint: { ...shared.organization.contactPoint, availableLanguage: ['French', 'English'] },
      },
      product: {
        name: 'Croupier Casino',
        image: '/favicons/favicon-512x512.png',
        description:
          'Un casino en ligne aux jeux maison équitables et vérifiables : machines à sous, roulette, blackjack, dés et Plinko, tous à essayer gratuitement en mode démo.',
        sku: 'croupier-casino',
        brand: { name: 'Croupier' },
      },
      defaults: {
        title: 'Croupier — casino en ligne aux jeux équitables et vérifiables',
        description:
          'Jouez aux machines à sous, à la roulette, au blackjack, aux dés et au Plinko : des jeux vérifiables, à essayer gratuitement en mode démo. Retraits rapides et outils de jeu responsable. 18+.',
        image: '/favicons/favicon-512x512.png',
      },
    },
  };
}
