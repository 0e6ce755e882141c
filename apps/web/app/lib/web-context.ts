/**
 * The per-request load context the Fastify server hands to React Router (RR8 middleware: a
 * `RouterContextProvider` keyed by `createContext`). The key lives here; `entry.server.tsx`
 * re-exports it together with `createLoadContext` so the server builds the provider with the very
 * same module instance the routes read from.
 *
 * Server-only values: loaders, actions and server middleware read it; components never do.
 */
import type { ApiClient } from '@croupier/contract/client';
import type { CmsConfig } from '@croupier/contract/content/cms-config';
import type { HomeBlock } from '@croupier/contract/content/home';
import type {
  ContentPage,
  CustomCodeEntry,
  DomainSeoSettings,
  SeoRecord,
} from '@croupier/contract/content/seo';
import type { SiteSections } from '@croupier/contract/content/site-sections';
import type { Locale } from '@croupier/contract/locales';
import { createContext, RouterContextProvider } from 'react-router';

export interface RedirectMatch {
  location: string;
  status: 301 | 302;
  external: boolean;
}

/** The content service (apps/server/src/modules/cms), as far as the web uses it. */
export interface ContentSource {
  getConfig(locale: Locale): Promise<CmsConfig>;
  getDomainSeo(host: string, locale: Locale): Promise<DomainSeoSettings>;
  findSeo(url: string, locale: Locale): Promise<SeoRecord | null>;
  isDisallowed(host: string, path: string): Promise<boolean>;
  findPage(slug: string, locale: Locale): Promise<ContentPage | null>;
  getHomeBlocks(locale: Locale): Promise<HomeBlock[]>;
  /** Enabled entries only; operator code, deliberately not sanitised. */
  customCode(): Promise<CustomCodeEntry[]>;
  matchRedirect(path: string): Promise<RedirectMatch | null>;
}

export interface WebLogger {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface WebRequestContext {
  /** The player API, called in-process with the visitor's cookies (session included). */
  api: ApiClient;
  /** The content service, without links into sections that are off (ADR 014). */
  content: ContentSource;
  /** Which site sections have their pages (ADR 014; the same as General info `site_sections`). */
  sections: SiteSections;
  /** This response's CSP script nonce (helmet's `reply.cspNonce.script`). */
  nonce: string;
  /** Host the visitor asked for (Host header), for per-domain SEO and robots rules. */
  host: string;
  /** Origin of the request as the visitor sees it (`https://casino.example`). */
  origin: string;
  /** Public base URL for absolute links: PUBLIC_URL when configured, else `origin`. */
  publicUrl: string;
  /** The demo profile (the server's SANDBOX): sandbox payments, no real money; pages show a banner. */
  demo?: boolean;
  /** Origins besides the site's whose `checkIframe` messages the page obeys (FRAME_MESSAGE_ORIGINS). */
  frameMessageOrigins?: readonly string[];
  /** Whether the request carries a live player session (decided by the server from the session cookie). */
  isAuthenticated: boolean;
  /**
   * The account step of the locale order URL → cookie → account → browser: the signed-in player's
   * saved locale (`account.changelocale`), from the session's player; null for a guest.
   */
  accountLocale: string | null;
  /** A third-party sportsbook framed under /bets/* (ADR 035): its games sysname, or null. */
  sportsbookFrameSysname?: string | null;
  log: WebLogger;
}

export const webContext = createContext<WebRequestContext>();

export function createLoadContext(value: WebRequestContext): RouterContextProvider {
  const provider = new RouterContextProvider();
  provider.set(webContext, value);
  return provider;
}

/** Reads the web context from a loader's or middleware's `context`. */
export function getWebContext(context: Readonly<RouterContextProvider>): WebRequestContext {
  return context.get(webContext);
}
