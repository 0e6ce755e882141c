/**
 * The content service's configuration document, `GET /nfx/cms-config/{locale}` (spec §3, §7).
 * One object per section; texts are already in the requested locale. Server (cms module) builds it,
 * web reads it; both use these types.
 */
import { z } from 'zod';

export const linkItem = z.object({
  id: z.string(),
  title: z.string(),
  /** A same-origin path without locale prefix (`/gamehall`), or an absolute URL when `external`. */
  url: z.string(),
  external: z.boolean().default(false),
  /** Icon name from the product sprite (`/_icons`), if any. */
  icon: z.string().nullable().default(null),
  /** Only shown to a guest / a player / both. */
  audience: z.enum(['all', 'guest', 'player']).default('all'),
});
export type LinkItem = z.infer<typeof linkItem>;

export const linkGroup = z.object({ id: z.string(), title: z.string(), links: z.array(linkItem) });
export type LinkGroup = z.infer<typeof linkGroup>;

export const screenClass = z.enum([
  'mobile',
  'tablet',
  'laptop',
  'laptopLg',
  'desktopSm',
  'desktop',
  'desktopMd',
  'desktopLg',
]);
export type ScreenClass = z.infer<typeof screenClass>;

const checkboxSetting = z.object({ isActive: z.boolean(), defaultValue: z.boolean() });

export const authConfig = z.object({
  registration: z.object({
    confirmEmailPopup: z.boolean(),
    showCharacterSelect: z.boolean(),
    showPromocode: z.boolean(),
    showPromoFieldByDefault: z.boolean(),
    terms: checkboxSetting,
    notify: checkboxSetting,
    markBetting: checkboxSetting,
    /** Whether the sign-up login is an email or a phone. */
    loginType: z.enum(['email', 'phone']),
    validationStrategy: z.enum(['eager', 'onSubmit']),
  }),
  /** Sign-in kinds offered: form, social services, messenger. */
  authTypes: z.array(z.enum(['form', 'social', 'messenger'])),
  socialServices: z.array(z.object({ service: z.string(), title: z.string(), icon: z.string() })),
});
export type AuthConfig = z.infer<typeof authConfig>;

/** Default messages of spec §5, overridable by the operator, per locale. */
export const validatorConfig = z.object({ messages: z.record(z.string(), z.string()) });

export const balanceUpdateSettings = z.object({
  isEnabledInterval: z.boolean(),
  countSecondsForInterval: z.number().int().min(1),
  isEnabledTurnOffRequests: z.boolean(),
  countMinutesAfterWhichRequestsTurnedOff: z.number().int().min(1),
  isEnabledRequestsAfterClick: z.boolean(),
  countSecondsForDelayBetweenClick: z.number().int().min(0),
});
export type BalanceUpdateSettings = z.infer<typeof balanceUpdateSettings>;

export const chatProvider = z.enum([
  'live_tex',
  'freshChat',
  'liveChat',
  'verbox',
  'betunlim',
  'jivoSite',
  'comm100',
]);

export const chatSettings = z.object({
  chat: chatProvider.nullable(),
  providers: z.record(
    z.string(),
    z.object({
      id: z.string().nullable(),
      license: z.string().nullable(),
      src: z.string().nullable(),
      widget_id: z.string().nullable(),
      lang: z.string().nullable(),
    }),
  ),
});

export const systemPageKind = z.enum([
  'maintenance',
  'notFound',
  'forbidden',
  'userBlocked',
  'unsubscribe',
  'slotError',
  'payCancel',
  'payFail',
  'payMobile',
  'payNewWindow',
  'payPending',
  'paySuccess',
]);
export type SystemPageKind = z.infer<typeof systemPageKind>;

export const systemPageText = z.object({
  header: z.string(),
  description: z.string(),
  buttonText: z.string(),
});

export const siteConfig = z.object({
  siteName: z.string(),
  logo: z.string(),
  logoMobile: z.string(),
  footerLogo: z.string(),
  footerLogoMobile: z.string(),
  functional: z.object({
    twoFactor: z.boolean(),
    verification: z.boolean(),
    responsibleGaming: z.boolean(),
    betHistory: z.boolean(),
    bettingNotice: z.boolean(),
    clickableTitle: z.boolean(),
  }),
  validatorConfig,
  loader: z.object({ logo: z.string(), minDurationMs: z.number().int().min(0) }),
  popupFallbacks: z.object({ authPopupEnabled: z.boolean() }),
  fullscreenVisibility: z.enum(['all', 'telegram', 'product', 'none']),
  localeDetectStrategy: z.array(z.enum(['url', 'cookie', 'account', 'browser'])),
  flagIcons: z.record(z.string(), z.string()),
  ratingSites: z.array(
    z.object({ name: z.string(), url: z.string(), image: z.string(), rating: z.string() }),
  ),
  balanceUpdate: balanceUpdateSettings,
  chat: chatSettings,
  systemPages: z.record(systemPageKind, systemPageText),
  footer: z.object({
    groups: z.array(linkGroup),
    licenceText: z.string(),
    responsibleGamingText: z.string(),
    copyright: z.string(),
    paymentIcons: z.array(z.object({ name: z.string(), icon: z.string() })),
  }),
  headerMenu: z.array(linkItem),
  sideMenu: z.array(linkItem),
  mobileBottomMenu: z.array(linkItem),
  userMenu: z.array(linkItem),
  socialLinks: z.array(linkItem),
  confirmHint: z.object({ isEnabled: z.boolean(), pageExceptions: z.array(z.string()) }),
  /** Where the deposit detalization appears. */
  depositDetalization: z.enum(['cashierHeader', 'profileMenu']),
  /** Banner texts for the authentication popup and the menu. */
  authBanner: z.object({ title: z.string(), text: z.string(), image: z.string() }).nullable(),
  menuBanner: z
    .object({ title: z.string(), text: z.string(), image: z.string(), link: z.string() })
    .nullable(),
});
export type SiteConfig = z.infer<typeof siteConfig>;

export const paymentMethodInfo = z.object({
  sysname: z.string(),
  title: z.string(),
  icons: z.array(z.string()),
  description: z.string(),
  minMaxText: z.string(),
});

export const cmsConfig = z.object({
  locale: z.string(),
  'settings-seo': z.object({
    titleTemplate: z.string(),
    defaultTitle: z.string(),
    defaultDescription: z.string(),
    imageNameMapping: z.record(z.string(), z.string()),
  }),
  'prazer-config': siteConfig,
  'cashier-config': z.object({
    paymentMethods: z.array(paymentMethodInfo),
    depositLayout: z.enum(['container', 'containerWithScroll']),
    paymentMethodsUrlDisplay: z.string(),
    receiptBlocksVisibility: z.object({
      isAddressVisible: z.boolean(),
      isContactsVisible: z.boolean(),
      isRulesVisible: z.boolean(),
    }),
    withdrawalButtons: z.object({ confirmContactLink: z.string(), kycLink: z.string() }),
  }),
  'games-config': z.object({
    tournamentDisplay: z.object({
      showParticipants: z.boolean(),
      durationType: z.enum(['countdown', 'dates']),
      leaderImages: z.array(z.string()),
    }),
    gameListPageSize: z.number().int(),
  }),
  'search-config': z.object({
    minQueryLength: z.number().int(),
    placeholder: z.string(),
    popular: z.array(z.string()),
  }),
  loyalty: z.object({
    coinIcon: z.string(),
    placesWhereDisplayedCharacters: z.array(z.string()),
    isEnableCharacters: z.boolean(),
    isEnableLoyalty: z.boolean(),
    tutorialUrl: z.string().nullable(),
    notification: z.object({ duration: z.number().int(), sound: z.boolean() }),
  }),
  'forms-config': z.object({
    offersSettings: z.object({
      promoSwitcher: z.boolean(),
      cashbackIntervalView: z.enum(['days', 'dates']),
      bonusesSwitchOrder: z.array(z.string()),
    }),
    validationStrategy: z.enum(['eager', 'onSubmit']),
  }),
  'auth-config': authConfig,
  'meta-data-tool': z.object({
    organizationName: z.string(),
    defaultImage: z.string(),
    twitterHandle: z.string().nullable(),
  }),
});
export type CmsConfig = z.infer<typeof cmsConfig>;
