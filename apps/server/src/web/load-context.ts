/**
 * The React Router load context of one page request (the web app defines its shape in
 * apps/web/app/lib/web-context.ts): the player API called in-process with the visitor's cookies,
 * the content service, the CSP nonce, request facts and whether a live session exists.
 */
import { API_VERSION, type ApiTransport, createApiClient } from '@croupier/contract/client';
import { findMethod } from '@croupier/contract/registry';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { WebRequestContext } from '../../../web/app/lib/web-context.ts';
import type { Config } from '../config.ts';
import type { Dispatcher } from '../http/dispatcher.ts';
import type { CookieJar } from '../http/method-binding.ts';
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
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
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
    clear: (name) => {
      overlay.set(name, undefined);
      setCookies.push(
        deps.app.serializeCookie(name, '', {
          path: '/',
          httpOnly: name === SESSION_COOKIE,
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
  const origin = `${request.protocol}://${host}`;
  const acceptLanguage = header(request, 'accept-language');

  const transport: ApiTransport = async (name, http, params) => {
    const result = await deps.dispatcher.dispatch({
      methodName: name,
      httpMethod: http,
      query: http === 'GET' ? { ...params, v: API_VERSION, locale } : { v: API_VERSION, locale },
      body: http === 'POST' ? params : undefined,
      headers: { host, acceptLanguage },
      inProcess: true,
      ip: request.ip,
      userAgent: header(request, 'user-agent') ?? null,
      requestId: request.id,
      log: request.log,
      cookies,
    });
    return { status: result.status, envelope: result.envelope };
  };

  // Guest = no live session (spec §6). A banned player still has one: they must reach the pages
  // that answer them with the blocked page, not be sent home as a guest.
  const session = await deps.services.sessions.resolve(request.cookies[SESSION_COOKIE]);

  const value: WebRequestContext = {
    api: createApiClient(transport, (name) => findMethod(name)?.http ?? 'GET'),
    // Links into sections without pages are dropped from what the site shows (ADR 008).
    content: sectionAwareContent(deps.services.cms, SITE_SECTION_STATE),
    sections: SITE_SECTION_STATE,
    nonce: reply.cspNonce.script,
    host,
    origin,
    publicUrl: deps.config.PUBLIC_URL ?? origin,
    isAuthenticated: session !== undefined,
    // Locale order URL → cookie → account → browser: the account step plugs in here once player
    // accounts can choose a language (`session.playerLocale`).
    accountLocale: null,
    log: request.log,
  };
  return { value, setCookies };
}
