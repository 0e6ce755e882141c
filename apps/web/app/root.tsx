/**
 * The document: html/head/body, providers, SEO head tags, the pre-routing middleware (locale
 * prefix correction, redirect table, preferred-language redirect, guest guard) and the error →
 * system page mapping of spec §4/§8.
 */
import type { SystemPageKind } from '@croupier/contract/content/cms-config';
import type { SiteSections } from '@croupier/contract/content/site-sections';
import {
  LOCALE_COOKIE,
  LOCALE_TAGS,
  type Locale,
  localizePath,
  splitLocalePath,
} from '@croupier/contract/locales';
import interLatin from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url';
import { type ReactNode, useEffect } from 'react';
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  type MetaDescriptor,
  Outlet,
  redirect,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useLocation,
  useRouteLoaderData,
} from 'react-router';
import type { Route } from './+types/root';
import appCss from './app.css?url';
import { toAuthRootData } from './features/auth/auth-root-data.server.ts';
import { LoyaltyNotices } from './features/loyalty/loyalty-notices.tsx';
import { PushProvider } from './features/push/push-provider.tsx';
import { PwaProvider } from './features/pwa/pwa-runtime.tsx';
import { documentLocale, isRgsPagePath } from './features/rgs/rgs-paths.ts';
import { DefaultShell } from './features/shell/default-shell.tsx';
import { DemoBanner } from './features/shell/demo-banner.tsx';
import { ensureLocale } from './i18n/i18n.client.ts';
import { i18nFor } from './i18n/i18n.ts';
import { TranslationProvider } from './i18n/use-translation.tsx';
import { isClientAuthenticated, setClientAuthenticated } from './lib/client-session.ts';
import { readCookie } from './lib/cookies.ts';
import { guestRedirectLocation, isPlayerOnlyPath } from './lib/guest-guard.ts';
import { orErrorPage } from './lib/loader-errors.ts';
import {
  correctLocalePrefix,
  localeOfPath,
  pathWithoutLocale,
  preferredLocaleRedirect,
  removeTrailingSlash,
} from './lib/locale-paths.ts';
import { redirectTarget, toSafeHref } from './lib/navigation.ts';
import type { RootData, RootSeo } from './lib/root-data.ts';
import { guessScreenClass } from './lib/screen-guess.ts';
import {
  jsonLdDocuments,
  type PageSeoInput,
  pageMetaDescriptors,
  pageTitle,
  serializeJsonLd,
} from './lib/seo.ts';
import { type ShellData, toShellData } from './lib/shell.ts';
import { ErrorPageSections } from './lib/site-sections.ts';
import { systemPageKindOfPath } from './lib/system-page-paths.ts';
import {
  type ErrorPagePayload,
  errorPageFor,
  errorPageForApiError,
  isApiErrorLike,
  systemPageLayout,
} from './lib/system-pages.ts';
import { getWebContext, type WebRequestContext } from './lib/web-context.ts';
import { deferred, servedLazily } from './ui/deferred.tsx';
import { DialogProvider } from './ui/dialogs.tsx';
import { ScreenClassProvider } from './ui/screen-class.tsx';
import { ToastProvider } from './ui/toasts.tsx';

// What runs on every page but draws nothing when it is served loads after hydration (ui/deferred.tsx).
const AuthRuntime = deferred(() =>
  import('./features/auth/auth-runtime.tsx').then((module) => module.AuthRuntime),
);
const FramedRuntime = deferred(() =>
  import('./features/framed/framed-runtime.tsx').then((module) => module.FramedRuntime),
);
const LiveChat = deferred(() => import('./features/support/live-chat.tsx').then((module) => module.LiveChat));
const PushFallbackRefresh = deferred(() =>
  import('./features/push/push-fallback-refresh.tsx').then((module) => module.PushFallbackRefresh),
);
const RgSessionRuntime = deferred(() =>
  import('./features/responsible-gaming/session-runtime.tsx').then((module) => module.RgSessionRuntime),
);
// The icon sprite's drawings (10 KB of SVG as script) are served in the page and hydrated later:
// the icons point at the served symbols, and the names they need are in ui/icon-names.ts.
const SpriteSheet = servedLazily('sprite', () =>
  import('./ui/sprite.tsx').then((module) => module.SpriteSheet),
);
// Error pages are seldom shown: served as usual, their modules (and icons) fetched when needed.
const EmptyShell = servedLazily('empty-shell', () =>
  import('./features/shell/empty-shell.tsx').then((module) => module.EmptyShell),
);
const SystemPage = servedLazily('system-page', () =>
  import('./features/system-pages/system-page.tsx').then((module) => module.SystemPage),
);
const TrackingRuntime = deferred(() =>
  import('./features/tracking/tracking-runtime.tsx').then((module) => module.TrackingRuntime),
);

/**
 * Runs before any loader, for document and data requests alike, so one implementation answers
 * both a first visit (a real 301/302) and a client navigation (React Router's encoded redirect).
 */
const preRouting: Route.MiddlewareFunction = async ({ request, context, url }, next) => {
  const web = getWebContext(context);
  const { pathname, search } = url;
  // A game server's page in the game iframe: one URL for every language (`?lang=`), none of the
  // site's redirects or guards (features/rgs/rgs-paths.ts).
  if (isRgsPagePath(pathname)) return next();

  // `/en/about` → `/about`, `/FR/about` → `/fr/about` (spec §2).
  const corrected = correctLocalePrefix(pathname);
  if (corrected) throw siteRedirect(`${corrected}${search}`, 301);

  // The redirect table (spec §2), on the path without its locale prefix.
  const locale = localeOfPath(pathname);
  const target = await matchRedirect(web, pathWithoutLocale(pathname));
  const location = target ? checkedRedirectLocation(web, target, locale, search) : undefined;
  if (target && location && location !== `${pathname}${search}`) {
    throw siteRedirect(location, target.status, { external: target.external });
  }

  // One language per URL: an unprefixed URL sends a French-preferring visitor to /fr/… (ADR 004).
  const preferred = preferredLocaleRedirect({
    pathname,
    search,
    cookie: readCookie(request.headers.get('cookie'), LOCALE_COOKIE),
    accountLocale: web.accountLocale,
    acceptLanguage: request.headers.get('accept-language'),
  });
  if (preferred) throw siteRedirect(preferred, 302, { headers: { Vary: 'Cookie, Accept-Language' } });

  if (!web.isAuthenticated && isPlayerOnlyPath(pathname)) {
    throw siteRedirect(guestRedirectLocation(pathname, search), 302);
  }

  const response = await next();
  // An unprefixed URL answers differently by cookie and browser language (the redirect above).
  if (!splitLocalePath(pathname).prefixed) response.headers.append('Vary', 'Cookie, Accept-Language');
  return response;
};

/**
 * Every redirect the pre-routing emits goes through `redirectTarget`: a same-origin path (slashes
 * collapsed, ASCII-encoded) or, for the redirect table's external rules only, an absolute http(s)
 * URL. A target that fails the check is a 404, never a redirect off the site.
 */
function siteRedirect(
  location: string,
  status: number,
  options: { external?: boolean; headers?: Record<string, string> } = {},
): Response | ReturnType<typeof data> {
  const checked = redirectTarget(location, { external: options.external === true });
  if (!checked) return data(null, { status: 404 });
  return redirect(checked, { status, ...(options.headers ? { headers: options.headers } : {}) });
}

async function matchRedirect(web: WebRequestContext, path: string) {
  try {
    return await web.content.matchRedirect(path);
  } catch (error) {
    web.log.error({ err: error, path }, 'redirect table lookup failed; serving the page');
    return null;
  }
}

function redirectLocation(
  target: { location: string; external: boolean },
  locale: Locale,
  search: string,
): string {
  if (target.external) return toSafeHref(target.location, { external: true });
  // Internal targets keep the visitor's locale prefix and, when they set none, the query.
  const href = toSafeHref(target.location);
  const queryIndex = href.search(/[?#]/);
  const path = queryIndex === -1 ? href : href.slice(0, queryIndex);
  const rest = queryIndex === -1 ? search : href.slice(queryIndex);
  return `${localizePath(path, locale)}${rest}`;
}

/** A rule whose target `toSafeHref` refuses (or that points at itself) is logged and skipped, not followed. */
function checkedRedirectLocation(
  web: WebRequestContext,
  target: { location: string; external: boolean },
  locale: Locale,
  search: string,
): string | undefined {
  try {
    return redirectLocation(target, locale, search);
  } catch (error) {
    web.log.error(
      { err: error, location: target.location },
      'redirect table target refused; serving the page',
    );
    return undefined;
  }
}

export const middleware: Route.MiddlewareFunction[] = [preRouting];

/** Browser navigations: the same guest guard (routes without loaders never reach the server), and the target locale's translations. */
const clientPreRouting: Route.ClientMiddlewareFunction = async ({ url }) => {
  if (!isClientAuthenticated() && isPlayerOnlyPath(url.pathname)) {
    throw redirect(redirectTarget(guestRedirectLocation(url.pathname, url.search)) ?? '/');
  }
  await ensureLocale(localeOfPath(url.pathname));
};

export const clientMiddleware: Route.ClientMiddlewareFunction[] = [clientPreRouting];

/** Thrown by the root loader so its error boundary can still draw the chrome (e.g. maintenance). */
interface RootErrorPayload extends ErrorPagePayload {
  shell?: ShellData;
  seo?: RootSeo;
  sections?: SiteSections;
}

async function loadSeo(
  web: WebRequestContext,
  locale: Locale,
  pathname: string,
  config: {
    titleTemplate: string;
    defaultTitle: string;
    defaultDescription: string;
  },
): Promise<RootSeo> {
  const path = removeTrailingSlash(pathWithoutLocale(pathname));
  const fullPath = removeTrailingSlash(pathname);
  // Spec §8: failed SEO loads are logged and the page continues with empty values.
  const logged =
    <T,>(what: string, fallback: T) =>
    (error: unknown) => {
      web.log.warn({ err: error, path }, `${what} failed; continuing without it`);
      return fallback;
    };
  const [domain, record, disallowed] = await Promise.all([
    web.content.getDomainSeo(web.host, locale).catch(logged('domain SEO settings', null)),
    web.content.findSeo(path, locale).catch(logged('SEO record', null)),
    // Robots rules may be written for the prefixed or the unprefixed path; either one disallows.
    Promise.all([web.content.isDisallowed(web.host, fullPath), web.content.isDisallowed(web.host, path)])
      .then((answers) => answers.some(Boolean))
      .catch(logged('robots check', false)),
  ]);
  return {
    canonicalBase: domain?.canonical.url || web.publicUrl,
    ...config,
    domain: domain
      ? {
          meta: domain.meta,
          organization: domain.organization,
          product: domain.product,
          defaults: domain.defaults,
          favicons: domain.favicons,
        }
      : null,
    record,
    noindex: disallowed,
  };
}

export async function loader({ request, context, url }: Route.LoaderArgs): Promise<RootData | null> {
  // The game server's pages carry no site chrome and must not depend on the platform's session,
  // content or maintenance state (the game server is a provider like any other).
  if (isRgsPagePath(url.pathname)) return null;
  const web = getWebContext(context);
  const locale = localeOfPath(url.pathname);
  const [config, generalInfo, account] = await Promise.all([
    web.content.getConfig(locale),
    orErrorPage(web.api.call('metadata.getgeneralinfo')),
    // Who the visitor is (spec §4: authenticated when uid > 0); a banned player's call fails below.
    web.api.call('account.getInfo').then(
      (info) => ({ info }),
      (error: unknown) => ({ error }),
    ),
  ]);
  const shell = toShellData(config);
  const seoSettings = config['settings-seo'];
  const seo = await loadSeo(web, locale, url.pathname, {
    titleTemplate: seoSettings.titleTemplate,
    defaultTitle: seoSettings.defaultTitle,
    defaultDescription: seoSettings.defaultDescription,
  });
  if (generalInfo.domain_state === 'maintenance') {
    throw data<RootErrorPayload>(
      { page: 'maintenance', shell, seo, sections: generalInfo.site_sections },
      { status: 503 },
    );
  }
  if ('error' in account) {
    // UserBannedException → the user-blocked page (spec §8), drawn inside the site's chrome.
    if (!isApiErrorLike(account.error)) throw account.error;
    const page = errorPageForApiError(account.error);
    throw data<RootErrorPayload>(
      { page: page.kind, errorType: account.error.type, shell, seo, sections: generalInfo.site_sections },
      { status: page.status },
    );
  }
  const loyaltyOn = generalInfo.site_sections.loyalty && config.loyalty.isEnableLoyalty;
  const isAuthenticated = account.info.uid > 0;
  const loyaltyInfo =
    loyaltyOn && isAuthenticated
      ? await web.api.call('loyalty.getinfo').catch((error: unknown) => {
          web.log.warn({ err: error }, 'loyalty info failed; continuing without it');
          return null;
        })
      : null;
  // The sign-up form's character picker (auth config showCharacterSelect) needs the characters.
  const characterPicker =
    loyaltyOn &&
    !isAuthenticated &&
    config.loyalty.isEnableCharacters &&
    config['auth-config'].registration.showCharacterSelect;
  const characters = characterPicker
    ? await web.api.call('loyalty.getcharacters', { limit: 100 }).then(
        (page) => page.items,
        (error: unknown) => {
          web.log.warn({ err: error }, 'loyalty characters failed; the sign-up form goes without');
          return [];
        },
      )
    : [];
  return {
    /** The demo profile: every page shows the demo banner (ADR 008). */
    demo: web.demo === true,
    tracking: {
      frameMessageOrigins: [...(web.frameMessageOrigins ?? [])],
      seonEnabled: generalInfo.is_seon_enabled,
    },
    isAuthenticated,
    account: account.info,
    auth: toAuthRootData(config, generalInfo),
    screenClass: guessScreenClass(request.headers.get('user-agent')),
    /** Spec §3 balance-update settings: how the player's balance stays fresh. */
    balanceUpdate: config['prazer-config'].balanceUpdate,
    shell,
    seo,
    /** Which site sections have their pages (ADR 014): links into the others are not drawn. */
    sections: generalInfo.site_sections,
    loyalty: loyaltyOn ? { config: config.loyalty, info: loyaltyInfo, characters } : null,
  };
}

/**
 * The root loader holds per-path data (the SEO record, robots noindex): a client navigation to
 * another path must load it again, or the new page would show the previous page's title.
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (currentUrl.pathname !== nextUrl.pathname) return true;
  return defaultShouldRevalidate;
}

/** What a page loader may return for the head: its own title (put through the title template) and description. */
export interface PageMeta {
  title?: string | null;
  description?: string | null;
  image?: string | null;
}

function pageMetaOf(loaderData: unknown): PageMeta | undefined {
  if (typeof loaderData !== 'object' || loaderData === null || !('pageMeta' in loaderData)) return undefined;
  return (loaderData as { pageMeta: PageMeta }).pageMeta;
}

function rootErrorPayload(error: unknown): RootErrorPayload | undefined {
  if (isRouteErrorResponse(error) && typeof error.data === 'object' && error.data !== null) {
    return error.data as RootErrorPayload;
  }
  return undefined;
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location, error }) => {
  const locale = documentLocale(location.pathname, location.search);
  const t = i18nFor(locale).t;
  const payload = rootErrorPayload(error);
  const shell = loaderData?.shell ?? payload?.shell;
  const seo = loaderData?.seo ?? payload?.seo;
  const siteName = shell?.siteName ?? 'Croupier';

  let heading: string | null | undefined;
  let description: string | null | undefined;
  let image: string | null | undefined;
  if (error) {
    const page = errorPageFor(error);
    heading =
      page.kind === 'notFound'
        ? t('pages:notFound.title')
        : (shell?.systemPages[page.kind].header ?? t(`pages:system.${page.kind}.header`));
  } else {
    const kind = systemPageKindOfPath(location.pathname);
    const leaf = [...matches]
      .reverse()
      .map((match) => pageMetaOf(match?.loaderData))
      .find(Boolean);
    heading = kind ? shell?.systemPages[kind].header : leaf?.title;
    description = leaf?.description;
    image = leaf?.image;
  }

  const record = error ? null : (seo?.record ?? null);
  const input: PageSeoInput = {
    locale,
    path: removeTrailingSlash(pathWithoutLocale(location.pathname)),
    canonicalBase: seo?.canonicalBase ?? '',
    title: pageTitle({
      record,
      pageTitle: heading,
      template: seo?.titleTemplate ?? `%s | ${siteName}`,
      defaultTitle: seo?.defaultTitle ?? siteName,
    }),
    description:
      record?.description ||
      description ||
      seo?.defaultDescription ||
      seo?.domain?.defaults.description ||
      '',
    siteName,
    image: image ?? seo?.domain?.defaults.image ?? null,
    openGraph: record?.openGraph ?? null,
    domainMeta: seo?.domain?.meta ?? [],
    recordMeta: record?.meta ?? [],
    noindex: seo?.noindex ?? false,
    indexable: !error && Boolean(seo?.canonicalBase),
    favicons: seo?.domain?.favicons ?? [],
  };
  return pageMetaDescriptors(input) satisfies MetaDescriptor[];
};

/**
 * The stylesheet, and the Latin face of the text font (English and French need no other subset)
 * fetched alongside it rather than after the stylesheet has been parsed: the first text paints in
 * it one round trip sooner (Lighthouse's critical chain was document → CSS → font).
 */
export const links: Route.LinksFunction = () => [
  { rel: 'preload', href: interLatin, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
  { rel: 'stylesheet', href: appCss },
];

function JsonLdScripts({ seo, url }: { seo: RootSeo; url: string }) {
  const documents = jsonLdDocuments(seo.domain, seo.record, url);
  return documents.map((document) => (
    <script
      key={String(document['@type'])}
      type="application/ld+json"
      // Escaped by serializeJsonLd: content text cannot close the element.
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD needs raw JSON text, escaped above.
      dangerouslySetInnerHTML={{ __html: serializeJsonLd(document) }}
    />
  ));
}

/**
 * Browsers hide a script's nonce once the CSP has used it (the attribute reads back as ""), so the
 * client renders that same empty value and hydration matches; on the server `undefined` lets
 * ServerRouter's real nonce through. Stylesheet and modulepreload links are same-origin ('self')
 * and need no nonce at all, so `<Links>` gets none on either side.
 */
const HYDRATION_NONCE = typeof document === 'undefined' ? undefined : '';

/**
 * Marks the document `data-hydrated` once React has hydrated it (effects run after the hydration
 * commit), so scripts and browser tests know the page's handlers are attached: the router's global
 * appears before hydration ends, and a click in between is lost.
 */
function HydrationMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);
  return null;
}

export function Layout({ children }: { children: ReactNode }) {
  const location = useLocation();
  const locale = documentLocale(location.pathname, location.search);
  const rootData = useRouteLoaderData<typeof loader>('root');
  if (typeof window !== 'undefined' && rootData) setClientAuthenticated(rootData.isAuthenticated);
  const canonical = rootData ? `${rootData.seo.canonicalBase.replace(/\/+$/, '')}${location.pathname}` : '';
  return (
    <html lang={LOCALE_TAGS[locale]} dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <Meta />
        <Links nonce="" />
        {rootData && <JsonLdScripts seo={rootData.seo} url={canonical} />}
      </head>
      <body className="min-h-dvh bg-background text-text antialiased">
        <SpriteSheet />
        {isRgsPagePath(location.pathname) ? (
          // A game page is never hydrated: the game's own root replaces its splash (routes/rgs-play.tsx).
          <TranslationProvider translator={i18nFor(locale)}>{children}</TranslationProvider>
        ) : (
          <>
            <HydrationMark />
            <TranslationProvider translator={i18nFor(locale)}>
              <DemoBanner />
              <ScreenClassProvider initial={rootData?.screenClass ?? 'mobile'}>
                <ToastProvider>
                  {/* The installable app: service worker, install prompt, new deploys (ADR 038). */}
                  <PwaProvider locale={locale}>
                    <DialogProvider>{children}</DialogProvider>
                  </PwaProvider>
                </ToastProvider>
              </ScreenClassProvider>
            </TranslationProvider>
            <ScrollRestoration nonce={HYDRATION_NONCE} />
          </>
        )}
        <Scripts nonce={HYDRATION_NONCE} />
      </body>
    </html>
  );
}

export default function App() {
  const loaded = useRouteLoaderData<typeof loader>('root');
  const { pathname } = useLocation();
  // A game page is the game server's (features/rgs/rgs-paths.ts): none of the site's runtimes.
  if (isRgsPagePath(pathname)) return <Outlet />;
  // The back office (ADR 045) runs none of the player site's runtimes: no third-party script (live
  // chat, fraud check) ever shares a page with a staff member's token.
  const rootData = /^\/(?:[a-z]{2}\/)?backoffice(?:\/|$)/.test(pathname) ? undefined : loaded;
  return (
    <>
      {/* The player's push stream (ADR 037): balances, notices, bonus and cashback changes. */}
      <PushProvider enabled={Boolean(rootData?.isAuthenticated)}>
        {/* Loyalty notices as toasts (spec §4), for players while the loyalty section is on. */}
        <LoyaltyNotices
          enabled={Boolean(rootData?.isAuthenticated && rootData.loyalty)}
          settings={rootData?.loyalty?.config.notification ?? { duration: 5, sound: false }}
        >
          <Outlet />
        </LoyaltyNotices>
        {/* Balance refresh by the content's settings (spec §3, §6), while the stream is down. */}
        {rootData?.isAuthenticated && <PushFallbackRefresh settings={rootData.balanceUpdate} />}
      </PushProvider>
      {/* Session time limit, reality checks, previous session (ADR 028), for players. */}
      {rootData?.isAuthenticated && <RgSessionRuntime />}
      {/* Sign-in popups, social and messenger sign-in, idle logout: on every site page (spec §2, §4). */}
      {rootData && <AuthRuntime />}
      {/* Landing hits and the fraud check; framed mode and the messenger mini-app (ADR 039). */}
      {rootData && (
        <TrackingRuntime
          seonEnabled={rootData.tracking?.seonEnabled ?? false}
          isAuthenticated={rootData.isAuthenticated}
        />
      )}
      {rootData && <FramedRuntime frameMessageOrigins={rootData.tracking?.frameMessageOrigins ?? []} />}
      {/* The operator's live chat, reloaded with the player's identity (spec §2, §4). */}
      {rootData && (
        <LiveChat
          identity={
            rootData.isAuthenticated ? { uid: rootData.account.uid, login: rootData.account.login } : null
          }
        />
      )}
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const location = useLocation();
  const locale = documentLocale(location.pathname, location.search);
  const rootData = useRouteLoaderData<typeof loader>('root');
  const payload = rootErrorPayload(error);
  const shell = rootData?.shell ?? payload?.shell;
  const page = errorPageFor(error);
  const kind: SystemPageKind = page.kind;
  const content = (
    <SystemPage
      kind={kind}
      locale={locale}
      texts={shell?.systemPages[kind]}
      path={kind === 'notFound' ? (page.path ?? location.pathname) : undefined}
    />
  );
  // The sections the failed root loader knew (maintenance, user blocked) keep their links.
  if (systemPageLayout(kind) === 'empty' || !shell)
    return (
      <ErrorPageSections value={payload?.sections}>
        <EmptyShell locale={locale}>{content}</EmptyShell>
      </ErrorPageSections>
    );
  return (
    <ErrorPageSections value={payload?.sections}>
      <DefaultShell shell={shell} isAuthenticated={rootData?.isAuthenticated ?? false} locale={locale}>
        {content}
        {/* A page error below a working root (404 of a player…): idle logout and the popups still apply. */}
        {rootData && <AuthRuntime />}
        {/* The operator's live chat, reloaded with the player's identity (spec §2, §4). */}
        {rootData && (
          <LiveChat
            identity={
              rootData.isAuthenticated ? { uid: rootData.account.uid, login: rootData.account.login } : null
            }
          />
        )}
      </DefaultShell>
    </ErrorPageSections>
  );
}
