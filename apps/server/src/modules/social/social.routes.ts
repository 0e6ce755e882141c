/**
 * HTTP face of social login (spec §7): the popup opens `GET /oauth/init?service=…&redirect_url=…&
 * type_auth=…`, which redirects to the provider; the provider returns to `GET /oauth/callback`, which
 * answers a tiny page that reports to the opener and closes (popup-page.ts). Failures are the same
 * page with status `error` (or JSON for a client that asks for it), never a bare 500.
 */
import { ERROR_STATUS, type ErrorType } from '@croupier/contract/errors';
import type { Locale } from '@croupier/contract/locales';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/app-error.ts';
import { replyCookieJar } from '../../lib/cookie-jar.ts';
import type { MessageRegistry } from '../../lib/messages.ts';
import type { RateLimiter } from '../../lib/rate-limit.ts';
import { requestLocale } from '../../lib/request-locale.ts';
import { firstHeader } from '../../lib/webhook-scope.ts';
import { SESSION_COOKIE } from '../auth/session.service.ts';
import { FLOW_TTL_SECONDS, OidcFlowError } from './oidc-flow.ts';
import { type OAuthPopupMessage, renderPopupPage } from './popup-page.ts';
import { DEFAULT_REDIRECT_URL } from './redirect-url.ts';
import { type SocialMessageKey, socialText } from './social.messages.ts';
import { parseTypeAuth, SocialRequestError, type SocialService, type TypeAuth } from './social.service.ts';

export const OAUTH_FLOW_COOKIE = 'oauth_flow';
/** The flow cookie is sent to /oauth/* only. */
const FLOW_COOKIE_PATH = '/oauth';
export const OAUTH_CALLBACK_PATH = '/oauth/callback';
/** Bound on the callback's query (code, state, iss, session_state…); real ones are far shorter. */
const MAX_CALLBACK_QUERY_CHARS = 8192;
/** Per IP and minute: generous for people, useless for hammering the provider or the database. */
const INIT_LIMIT_PER_MINUTE = 30;
const CALLBACK_LIMIT_PER_MINUTE = 30;

interface Failure {
  type: ErrorType;
  code: string;
  key?: SocialMessageKey;
  values?: Record<string, string | number>;
  fields?: Record<string, string>;
  retryAfterSeconds?: number;
  /** Message already in the request's language (errors raised by other services). */
  text?: string;
}

const FLOW_FAILURES: Record<OidcFlowError['code'], Omit<Failure, 'code'>> = {
  unknown_service: { type: 'InvalidParameterException', fields: { service: 'unknown' } },
  not_configured: { type: 'InvalidParameterException', fields: { service: 'not_configured' } },
  flow_missing: { type: 'InvalidRequestException' },
  state_mismatch: { type: 'InvalidRequestException' },
  access_denied: { type: 'AuthorizationException' },
  provider_unavailable: { type: 'ApplicationUnavailableException' },
  provider_error: { type: 'InvalidRequestException' },
};

function failureOf(error: unknown, locale: Locale, messages: MessageRegistry): Failure | undefined {
  if (error instanceof OidcFlowError)
    return { ...FLOW_FAILURES[error.code], code: error.code, key: error.code };
  if (error instanceof SocialRequestError) {
    return {
      type: 'InvalidParameterException',
      code: error.code,
      key: error.code,
      fields:
        error.code === 'invalid_redirect_url'
          ? { redirect_url: 'invalid_format' }
          : { type_auth: 'invalid_value' },
    };
  }
  if (error instanceof AppError && error.httpStatus < 500) {
    // A refusal from the accounts service (a banned player, a rate limit): its own type and words.
    return {
      type: error.type,
      code: error.code,
      text: messages.errorText(locale, error),
      ...(error.retryAfterSeconds !== undefined ? { retryAfterSeconds: error.retryAfterSeconds } : {}),
    };
  }
  return undefined;
}

/** A client that asks for JSON (and not HTML) gets the API's error envelope instead of the page. */
function wantsJson(request: FastifyRequest): boolean {
  const accept = firstHeader(request, 'accept') ?? '';
  return accept.includes('application/json') && !accept.includes('text/html');
}

/** Our public origin: PUBLIC_URL when set (behind a proxy), else what this request reached. */
export function publicOrigin(request: FastifyRequest, config: Config): string {
  if (config.PUBLIC_URL) return new URL(config.PUBLIC_URL).origin;
  try {
    return new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    // A Host header no URL can hold: a client error, not ours.
    throw new SocialRequestError('invalid_request');
  }
}

export async function socialRoutes(
  app: FastifyInstance,
  options: { config: Config; social: SocialService; rateLimiter: RateLimiter; messages: MessageRegistry },
) {
  const { config, social, rateLimiter, messages } = options;
  const secure = config.PUBLIC_URL?.startsWith('https:') ?? false;

  function clearFlowCookie(reply: FastifyReply) {
    reply.clearCookie(OAUTH_FLOW_COOKIE, { path: FLOW_COOKIE_PATH, httpOnly: true, sameSite: 'lax', secure });
  }

  async function limit(key: string, perMinute: number): Promise<void> {
    const result = await rateLimiter.consume(key, perMinute, 60);
    if (!result.allowed) {
      throw new AppError('TooManyRequestsException', {
        code: 'rate_limited',
        retryAfterSeconds: result.retryAfterSeconds,
        values: { seconds: result.retryAfterSeconds },
      });
    }
  }

  function sendPage(
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    message: OAuthPopupMessage,
    failure?: Failure,
  ) {
    const locale = requestLocale(request);
    const html = renderPopupPage({
      locale,
      scriptNonce: reply.cspNonce.script,
      message,
      ...(failure?.key ? { errorKey: failure.key } : {}),
      ...(failure?.values ? { errorValues: failure.values } : {}),
      ...(failure?.text ? { errorText: failure.text } : {}),
    });
    return reply
      .status(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(html);
  }

  function sendFailure(request: FastifyRequest, reply: FastifyReply, error: unknown, typeAuth: TypeAuth) {
    const locale = requestLocale(request);
    let failure = failureOf(error, locale, messages);
    if (!failure) {
      request.log.error({ err: error }, 'social login failed unexpectedly');
      failure = { type: 'InternalServerErrorException', code: 'internal_error', key: 'internal_error' };
    }
    if (failure.type === 'TooManyRequestsException' && failure.retryAfterSeconds !== undefined) {
      reply.header('retry-after', String(failure.retryAfterSeconds));
      failure = { ...failure, key: 'rate_limited', values: { seconds: failure.retryAfterSeconds } };
      delete failure.text;
    }
    const status = ERROR_STATUS[failure.type];
    const message = failure.text ?? socialText(locale, failure.key ?? 'internal_error', failure.values);
    if (wantsJson(request)) {
      return reply
        .status(status)
        .header('cache-control', 'no-store')
        .send({
          status: 0,
          error: {
            type: failure.type,
            message,
            code: failure.code,
            ...(failure.fields ? { fields: failure.fields } : {}),
          },
        });
    }
    return sendPage(
      request,
      reply,
      status,
      {
        type: 'oauth',
        status: 'error',
        isNew: false,
        redirectUrl: DEFAULT_REDIRECT_URL,
        typeAuth,
        error: failure.code,
      },
      failure,
    );
  }

  // The popup must keep its link to the opener when it comes back from the provider's origin, so
  // these pages do not ask for a browsing-context-group switch (the opener's own policy must allow
  // popups too: `same-origin-allow-popups`).
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith('/oauth/')) reply.header('cross-origin-opener-policy', 'unsafe-none');
  });

  app.get('/oauth/init', async (request, reply) => {
    const query = (request.query ?? {}) as Record<string, unknown>;
    const typeAuth = parseTypeAuth(query.type_auth) ?? 'login';
    try {
      await limit(`oauth:init:ip:${request.ip}`, INIT_LIMIT_PER_MINUTE);
      const { authorizationUrl, sealed } = await social.begin({
        service: query.service,
        redirectUrl: query.redirect_url,
        typeAuth: query.type_auth,
        callbackUri: `${publicOrigin(request, config)}${OAUTH_CALLBACK_PATH}`,
      });
      reply.setCookie(OAUTH_FLOW_COOKIE, sealed, {
        path: FLOW_COOKIE_PATH,
        httpOnly: true,
        // Lax: the provider brings the browser back with a top-level GET, which carries Lax cookies.
        sameSite: 'lax',
        secure,
        maxAge: FLOW_TTL_SECONDS,
      });
      return reply.header('cache-control', 'no-store').redirect(authorizationUrl, 302);
    } catch (error) {
      return sendFailure(request, reply, error, typeAuth);
    }
  });

  app.get(OAUTH_CALLBACK_PATH, async (request, reply) => {
    // One flow, one callback: whatever happens next, the flow's secrets are spent.
    const sealed = request.cookies[OAUTH_FLOW_COOKIE];
    clearFlowCookie(reply);
    reply.header('referrer-policy', 'no-referrer');
    try {
      await limit(`oauth:callback:ip:${request.ip}`, CALLBACK_LIMIT_PER_MINUTE);
      const queryAt = request.url.indexOf('?');
      const rawQuery = queryAt === -1 ? '' : request.url.slice(queryAt + 1);
      if (rawQuery.length > MAX_CALLBACK_QUERY_CHARS) throw new SocialRequestError('invalid_request');
      const result = await social.complete({
        sealed,
        rawQuery,
        locale: requestLocale(request),
        currentSessionToken: request.cookies[SESSION_COOKIE],
        ip: request.ip,
        userAgent: firstHeader(request, 'user-agent')?.slice(0, 512) ?? null,
      });
      replyCookieJar(request, reply, { secure }).set(SESSION_COOKIE, result.sessionToken, {
        maxAgeSeconds: result.sessionTtlSeconds,
        httpOnly: true,
      });
      return sendPage(request, reply, 200, {
        type: 'oauth',
        status: 'success',
        isNew: result.isNew,
        redirectUrl: result.redirectUrl,
        typeAuth: result.typeAuth,
      });
    } catch (error) {
      return sendFailure(request, reply, error, 'login');
    }
  });
}
