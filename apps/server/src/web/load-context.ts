/**
 * The React Router load context of one page request (the web app defines its shape in
 * apps/web/app/lib/web-context.ts): the player API called in-process with the visitor's cookies,
 * the content service, the CSP nonce, request facts and whether a live session exists.
 */
import { API_VERSION, type ApiTransport, createApiClient } from '@croupier/contract/client';
import { normalizeLocale } from '@croupier/contract/locales';
import { findMethod } from '@croupier/contract/registry';
import { isDatabaseUnavailableError } from '@croupier/db/client';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { WebRequestContext } from '../../../web/app/lib/web-context.ts';
import type { Config } from '../config.ts';
import type { Dispatcher } from '../http/dispatcher.ts';
import type { CookieJar } from '../lib/cookie-jar.ts';
import { publicOrigin, requestOrigin } from '../lib/public-origin.ts';
import { firstHeader } from '../lib/webhook-scope.ts';
import { SESSION_COOKIE } from '../modules/auth/session.service.ts';
import { SITE_SECTION_STATE } from '../modules/metadata/site-sections.ts';
import type { Services } from '../services.ts';
import { localeOfRequestPath } from './request-locale.ts';
import { sectionAwareContent } from './section-aware-content.ts';

export interface LoadContextDeps {
  app: FastifyInstance;
  config: Config;
  services: Services;
  dispatcher: Dispatcher;
}

export interface PageRequestContext {
  value: WebRequestContext;
  /** Set-Cookie values the API asked for while rendering (session rotation, logout…). */
  setCookies: string[];
  /** Whether the page called an API method that is not a read (a POST method): never cached. */
  wrote(): boolean;
  /**
   * Whether a call of this page's loaders failed because the database connection failed (the API
   * answered `database_unavailable`, or the content service threw such an error): a 5xx page is
   * then the database's 503, not a bug.
   */
  databaseUnavailable(): boolean;
}

/** `target` with every method noting (and rethrowing) database-connection failures. */
function noticingFailures<T extends object>(target: T, note: (error: unknown) => void): T {
  return new Proxy(target, {
    get(object, property, receiver) {
      const value: unknown = Reflect.get(object, property, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        try {
          const result: unknown = value.apply(object, args);
          if (result instanceof Promise) {
            return result.catch((error: unknown) => {
              note(error);
              throw error;
            });
          }
          return result;
        } catch (error) {
          note(error);
          throw error;
        }
      };
    },
  });
}

/**
 * The same cookie rules as the /api edge (`replyCookieJar`), collected as header values because
 * the SSR response is written by hand after `reply.hijack()`.
 */
function collectingCookieJar(
  request: FastifyRequest,
  deps: LoadContextDeps,
  setCookies: string[],
): CookieJar {
  const secure = deps.config.PUBLIC_URL?.startsWith('https:') ?? false;
  // Reads see this request's own writes, as they would on the next request.
  const overlay = new Map<string, string | undefined>();
  return {
    get: (name) => (overlay.has(name) ? overlay.get(name) : request.cookies[name]),
    set: (name, value, options) => {
      overlay.set(name, value);
      setCookies.push(
        deps.app.serializeCookie(name, value, {
          path: '/',
          httpOnly: options.httpOnly,
          sameSite: 'lax',
          secure,
          maxAge: options.maxAgeSeconds,
        }),
      );
    },
    clear: (name, cookie) => {
      overlay.set(name, undefined);
      setCookies.push(
        deps.app.serializeCookie(name, '', {
          path: '/',
          httpOnly: cookie.httpOnly,
          sameSite: 'lax',
          secure,
          expires: new Date(0),
          maxAge: 0,
        }),
      );
    },
  };
}

export async function createPageRequestContext(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: LoadContextDeps,
): Promise<PageRequestContext> {
  const setCookies: string[] = [];
  const cookies = collectingCookieJar(request, deps, setCookies);
  const locale = localeOfRequestPath(request.url);
  const host = request.host;
  // The edge guard (http/request-guard.ts) has refused an implausible Host before any page renders;
  // the fallback only keeps this total.
  const origin = requestOrigin(request.protocol, host) ?? `${request.protocol}://localhost`;
  const acceptLanguage = firstHeader(request, 'accept-language');

  let databaseFailed = false;
  let wrote = false;
  const note = (error: unknown) => {
    if (isDatabaseUnavailableError(error)) databaseFailed = true;
  };

  const transport: ApiTransport = async (name, http, params) => {
    if (http !== 'GET') wrote = true;
    const result = await deps.dispatcher.dispatch({
      methodName: name,
      httpMethod: http,
      query: http === 'GET' ? { ...params, v: API_VERSION, locale } : { v: API_VERSION, locale },
      body: http === 'POST' ? params : undefined,
      headers: { host, protocol: request.protocol, acceptLanguage },
      inProcess: true,
      ip: request.ip,
      userAgent: firstHeader(request, 'user-agent') ?? null,
      requestId: request.id,
      log: request.log,
      cookies,
    });
    if (result.envelope.status === 0 && result.envelope.error.code === 'database_unavailable') {
      databaseFailed = true;
    }
    return { status: result.status, envelope: result.envelope };
  };

  // Guest = no live session (spec §6). A banned player still has one: they must reach the pages
  // that answer them with the blocked page, not be sent home as a guest.
  const session = await deps.services.sessions.resolve(request.cookies[SESSION_COOKIE]);

  const value: WebRequestContext = {
    api: createApiClient(transport, (name) => findMethod(name)?.http ?? 'GET'),
    // Links into sections without pages are dropped from what the site shows (ADR 014).
    content: sectionAwareContent(noticingFailures(deps.services.cms, note), SITE_SECTION_STATE),
    sections: SITE_SECTION_STATE,
    nonce: reply.cspNonce.script,
    host,
    origin,
    // Every absolute URL of the page (canonical, og:url, hreflang, JSON-LD): PUBLIC_URL when set.
    publicUrl: publicOrigin(deps.config, { protocol: request.protocol, host }) ?? origin,
    isAuthenticated: session !== undefined,
    demo: deps.config.SANDBOX,
    // Framed mode (ADR 039): other origins whose checkIframe messages the page obeys.
    frameMessageOrigins: deps.config.FRAME_MESSAGE_ORIGINS,
    // Locale order URL → cookie → account → browser (spec §2): the signed-in player's saved language
    // (`account.changelocale`), read fresh with the session on every page.
    accountLocale: session ? (normalizeLocale(session.playerLocale) ?? null) : null,
    sportsbookFrameSysname: deps.config.SPORTSBOOK_FRAME_SYSNAME ?? null,
    log: request.log,
  };
  return { value, setCookies, wrote: () => wrote, databaseUnavailable: () => databaseFailed };
}
