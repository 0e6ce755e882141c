/**
 * What the root loader sends to every page (root.tsx): the shell, the visitor's account and auth
 * settings, SEO facts, the site sections. Declared here, not inferred from the loader, so that
 * components below the root read it without importing root.tsx (routes use features and lib,
 * never the reverse).
 */
import type { AccountInfo } from '@croupier/contract/account/common';
import type {
  AuthConfig,
  CmsConfig,
  LinkItem,
  ScreenClass,
  SiteConfig,
} from '@croupier/contract/content/cms-config';
import type { DomainSeoSettings, SeoRecord } from '@croupier/contract/content/seo';
import type { LoyaltyCharacter, LoyaltyInfo } from '@croupier/contract/loyalty/loyalty';
import type { CurrencyInfo, GeneralInfo } from '@croupier/contract/metadata/get-general-info';
import type { ValidationCode } from '@croupier/contract/validation/messages';
import { useRouteLoaderData } from 'react-router';
import type { ShellData } from './shell.ts';

export type ValidationOverrides = Partial<Record<ValidationCode, string>>;

export interface AuthRootData {
  config: AuthConfig;
  /** `popupFallbacks.authPopupEnabled`: false sends the header buttons to the forms pages. */
  popupEnabled: boolean;
  /** The operator's spec §5 messages for this locale (`prazer-config.validatorConfig.messages`). */
  validationOverrides: ValidationOverrides;
  userMenu: LinkItem[];
  confirmHint: SiteConfig['confirmHint'];
  authBanner: SiteConfig['authBanner'];
  currencies: CurrencyInfo[];
  defaultCurrency: string;
  /** Spec §4 idle handling; 0 turns it off. */
  timeToForceLogoutSeconds: number;
  /** Spec §2: where the deposit detalization appears (the cashier header or the profile menu). */
  depositDetalization: CmsConfig['prazer-config']['depositDetalization'];
}

/** SEO facts of the current URL, sent to the browser so `meta` renders the same on both sides. */
export interface RootSeo {
  canonicalBase: string;
  titleTemplate: string;
  defaultTitle: string;
  defaultDescription: string;
  domain: Pick<DomainSeoSettings, 'meta' | 'organization' | 'product' | 'defaults' | 'favicons'> | null;
  record: SeoRecord | null;
  noindex: boolean;
}

export interface RootData {
  /** The demo profile: every page shows the demo banner (ADR 008). */
  demo: boolean;
  /**
   * Framed mode and fraud scoring (ADR 039): origins besides the site's whose `checkIframe`
   * messages are obeyed, and General info `is_seon_enabled` (the fingerprint script loads).
   */
  tracking?: { frameMessageOrigins: string[]; seonEnabled: boolean };
  isAuthenticated: boolean;
  account: AccountInfo;
  auth: AuthRootData;
  screenClass: ScreenClass;
  /** Spec §3 balance-update settings: how the player's balance stays fresh. */
  balanceUpdate: CmsConfig['prazer-config']['balanceUpdate'];
  shell: ShellData;
  seo: RootSeo;
  /** Which site sections have their pages (ADR 014): links into the others are not drawn. */
  sections: GeneralInfo['site_sections'];
  /**
   * The loyalty club (ADR 033), when its section is on and the content enables it: the notice
   * settings, and for a player their points and level (header user menu); null info for a guest
   * or when the call failed (the page goes on without it). `characters`: for a guest, when the
   * sign-up form offers a character (auth config showCharacterSelect), else empty.
   */
  loyalty?: {
    config: CmsConfig['loyalty'];
    info: LoyaltyInfo | null;
    characters?: LoyaltyCharacter[];
  } | null;
}

/** The root loader's data, or undefined where it failed or on the game server's bare pages. */
export function useRootLoaderData(): RootData | undefined {
  return useRouteLoaderData<RootData | null>('root') ?? undefined;
}
