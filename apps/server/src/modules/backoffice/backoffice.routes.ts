/**
 * HTTP face of the back-office auth backend under `/nfx` (spec §7), answering like a headless CMS's
 * users-permissions plugin: `{jwt, user}` on sign-in, the user itself on `/users/me`, and failures
 * as `{data: null, error: {status, name, message, details}}` (the content service's error style) —
 * 400 for bad input, 401 for a missing, expired or revoked token (the client then clears it), never
 * a 500 for anything a client can send.
 */
import type { Locale } from '@croupier/contract/locales';
import { isDatabaseUnavailableError } from '@croupier/db/client';
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import { AppError, databaseUnavailable, messageValues } from '../../lib/app-error.ts';
import type { MessageRegistry } from '../../lib/messages.ts';
import { requestLocale } from '../../lib/request-locale.ts';
import { firstHeader } from '../../lib/webhook-scope.ts';
import { type OidcFlow, OidcFlowError } from '../social/oidc-flow.ts';
import { DEFAULT_REDIRECT_URL, sameOriginPath } from '../social/redirect-url.ts';
import { backofficeText, isBackofficeMessageKey } from './backoffice.messages.ts';
import { messagePage, type PasswordFormKind, resetFormPage } from './backoffice.pages.ts';
import {
  accessTokenQuery,
  auditLogQuery,
  changePasswordBody,
  confirmationQuery,
  forgotPasswordBody,
  inviteBody,
  listUsersQuery,
  loginBody,
  mfaEnableBody,
  oneTimeCode,
  registerBody,
  resetPasswordBody,
  roleBody,
  sendEmailConfirmationBody,
  userIdParams,
} from './backoffice.schemas.ts';
import type { BackofficeService, BackofficeUserDto, LinkContext } from './backoffice.service.ts';
import { auditOrigin } from './require-backoffice-role.ts';

type PasswordFormSubmit = (
  body: { code: string; password: string },
  meta: { ip: string },
) => Promise<{ jwt: string; user: BackofficeUserDto }>;

export type BackofficeErrorName =
  | 'ValidationError'
  | 'UnauthorizedError'
  | 'ForbiddenError'
  | 'NotFoundError'
  | 'RateLimitError'
  | 'ApplicationError'
  | 'InternalServerError';

export interface BackofficeErrorBody {
  data: null;
  error: {
    status: number;
    name: BackofficeErrorName;
    message: string;
    details: { code?: string; fields?: Record<string, string> };
  };
}

const SSO_FLOW_COOKIE = 'nfx_sso_flow';
const SSO_COOKIE_PATH = '/nfx/connect';
const SSO_PURPOSE = 'backoffice-sso';

function nameFor(status: number): BackofficeErrorName {
  if (status === 400) return 'ValidationError';
  if (status === 401) return 'UnauthorizedError';
  if (status === 403) return 'ForbiddenError';
  if (status === 404) return 'NotFoundError';
  if (status === 429) return 'RateLimitError';
  return status === 500 ? 'InternalServerError' : 'ApplicationError';
}

function fieldCode(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type') return issue.input === undefined ? 'required' : 'invalid_type';
  if (issue.code === 'unrecognized_keys') return 'unknown_field';
  if (issue.code === 'too_big') return 'too_long';
  if (issue.code === 'too_small') return 'too_short';
  if (/^[a-z_]{1,40}$/.test(issue.message)) return issue.message;
  return 'invalid_format';
}

/** Zod issues as `{field: code}`; unknown keys are named themselves. */
export function validationFields(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys.slice(0, 10)) fields[key.slice(0, 64)] ??= 'unknown_field';
      continue;
    }
    const field = issue.path.length > 0 ? String(issue.path[0]).slice(0, 64) : '_';
    fields[field] ??= fieldCode(issue);
  }
  return fields;
}

/** This request's origin, or null for a Host header no URL can hold. */
function requestOrigin(request: FastifyRequest): string | null {
  try {
    return new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return null;
  }
}

function parse<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value ?? {});
  if (!result.success) {
    throw new AppError('InvalidParameterException', {
      code: 'validation',
      fields: validationFields(result.error),
    });
  }
  return result.data;
}

export function errorBody(error: AppError, locale: Locale, messages: MessageRegistry): BackofficeErrorBody {
  const status = error.httpStatus;
  const key = error.messageKey ?? error.code;
  const message =
    error.code === 'validation'
      ? backofficeText(locale, 'validation', { fields: Object.keys(error.fields ?? {}).join(', ') })
      : isBackofficeMessageKey(key)
        ? backofficeText(locale, key, messageValues(error))
        : messages.translate(locale, key, messageValues(error));
  return {
    data: null,
    error: {
      status,
      name: nameFor(status),
      message,
      details: { code: error.code, ...(error.fields ? { fields: error.fields } : {}) },
    },
  };
}

export async function backofficeRoutes(
  app: FastifyInstance,
  options: { config: Config; backoffice: BackofficeService; oidc: OidcFlow; messages: MessageRegistry },
) {
  const { config, backoffice, oidc, messages } = options;
  const secure = config.PUBLIC_URL?.startsWith('https:') ?? false;

  /**
   * The origin mailed links use. Never the Host header in production: a forged Host on
   * forgot-password would otherwise mail the victim a working reset code pointing at another site.
   */
  function linkContext(request: FastifyRequest): LinkContext {
    const locale = requestLocale(request);
    if (config.PUBLIC_URL) return { origin: new URL(config.PUBLIC_URL).origin, locale };
    if (config.NODE_ENV === 'production') return { origin: null, locale };
    return { origin: requestOrigin(request), locale };
  }

  function ownOrigin(request: FastifyRequest): string {
    if (config.PUBLIC_URL) return new URL(config.PUBLIC_URL).origin;
    const origin = requestOrigin(request);
    if (!origin) throw new AppError('InvalidRequestException', { code: 'malformed_body' });
    return origin;
  }

  function sendError(request: FastifyRequest, reply: FastifyReply, error: AppError) {
    if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
    return reply
      .status(error.httpStatus)
      .header('cache-control', 'no-store')
      .send(errorBody(error, requestLocale(request), messages));
  }

  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    // Typed refusals keep their status (503 included: the provider being down is not our bug).
    if (error instanceof AppError && error.httpStatus !== 500) return sendError(request, reply, error);
    if (isDatabaseUnavailableError(error)) {
      request.log.warn({ err: error }, 'back-office auth backend failed: database unavailable');
      return sendError(request, reply, databaseUnavailable(error));
    }
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      return sendError(request, reply, new AppError('InvalidRequestException', { code: 'malformed_body' }));
    }
    request.log.error({ err: error }, 'unexpected error in the back-office auth backend');
    const body: BackofficeErrorBody = {
      data: null,
      error: {
        status: 500,
        name: 'InternalServerError',
        message: backofficeText(requestLocale(request), 'internal_error'),
        details: {},
      },
    };
    return reply.status(500).header('cache-control', 'no-store').send(body);
  });

  app.addHook('onSend', async (_request, reply) => {
    // Tokens and personal data: nothing here may be cached by a browser or a CDN.
    reply.header('cache-control', 'no-store');
  });

  const ip = (request: FastifyRequest) => request.ip;
  const authorization = (request: FastifyRequest) => firstHeader(request, 'authorization');

  app.get('/nfx/users/me', async (request) => backoffice.me(authorization(request)));

  app.post('/nfx/auth/local', async (request) => {
    const body = parse(loginBody, request.body);
    return backoffice.login(body, { ip: ip(request) });
  });

  app.post('/nfx/auth/local/register', async (request) => {
    const body = parse(registerBody, request.body);
    return backoffice.register(body, {
      ip: ip(request),
      authorization: authorization(request),
      link: linkContext(request),
      origin: auditOrigin(request),
    });
  });

  // Two-factor enrolment (ADR 046): a new seed, then the first code turns it on.
  app.post('/nfx/auth/mfa/setup', async (request) => backoffice.setupMfa(authorization(request)));

  app.post('/nfx/auth/mfa/enable', async (request) => {
    // The token first: an anonymous caller learns nothing from the body's validation.
    await backoffice.authenticate(authorization(request));
    const body = parse(mfaEnableBody, request.body);
    return backoffice.enableMfa(authorization(request), body);
  });

  app.post('/nfx/auth/forgot-password', async (request) => {
    const body = parse(forgotPasswordBody, request.body);
    return backoffice.forgotPassword(body, { ip: ip(request), link: linkContext(request) });
  });

  app.post('/nfx/auth/change-password', async (request) => {
    // The token first: an anonymous caller learns nothing from the body's validation.
    await backoffice.authenticate(authorization(request));
    const body = parse(changePasswordBody, request.body);
    return backoffice.changePassword(authorization(request), body);
  });

  app.post('/nfx/auth/send-email-confirmation', async (request) => {
    const body = parse(sendEmailConfirmationBody, request.body);
    return backoffice.sendEmailConfirmation(body, { ip: ip(request), link: linkContext(request) });
  });

  // The page a reset email (or a setup link from `npm run staff:create`) opens: a plain form posting
  // back to the endpoint below. The code comes in the fragment (see backoffice.pages.ts); `?code=` is
  // still accepted.
  const passwordForms: { kind: PasswordFormKind; path: string; submit: PasswordFormSubmit }[] = [
    {
      kind: 'reset',
      path: '/nfx/auth/reset-password',
      submit: (body, meta) => backoffice.resetPassword(body, meta),
    },
    { kind: 'setup', path: '/nfx/auth/setup', submit: (body, meta) => backoffice.completeSetup(body, meta) },
  ];
  for (const { kind, path } of passwordForms) {
    app.get(path, async (request, reply) => {
      const raw = (request.query as Record<string, unknown> | undefined)?.code;
      const locale = requestLocale(request);
      reply.header('content-type', 'text/html; charset=utf-8').header('referrer-policy', 'no-referrer');
      if (raw === undefined)
        return reply.send(
          resetFormPage(locale, {
            kind,
            scriptNonce: reply.cspNonce.script,
            styleNonce: reply.cspNonce.style,
          }),
        );
      const code = oneTimeCode.safeParse(raw);
      if (!code.success) {
        const title = backofficeText(locale, `page.${kind}.title`);
        return reply
          .status(400)
          .send(
            messagePage(locale, title, backofficeText(locale, 'invalid_code'), true, reply.cspNonce.style),
          );
      }
      return reply.send(resetFormPage(locale, { kind, code: code.data, styleNonce: reply.cspNonce.style }));
    });
  }

  // The reset and setup endpoints also take the page's urlencoded form, and answer it with a page.
  await app.register(async (forms) => {
    await forms.register(formbody, { bodyLimit: 16 * 1024 });
    for (const { kind, path, submit } of passwordForms) {
      forms.post(path, async (request, reply) => {
        const fromForm = (firstHeader(request, 'content-type') ?? '').startsWith(
          'application/x-www-form-urlencoded',
        );
        if (!fromForm) {
          const body = parse(resetPasswordBody, request.body);
          return submit(body, { ip: ip(request) });
        }
        const locale = requestLocale(request);
        const title = backofficeText(locale, `page.${kind}.title`);
        reply.header('content-type', 'text/html; charset=utf-8').header('referrer-policy', 'no-referrer');
        const raw = (request.body ?? {}) as Record<string, unknown>;
        try {
          const body = parse(resetPasswordBody, request.body);
          await submit(body, { ip: ip(request) });
          return reply.send(
            messagePage(
              locale,
              title,
              backofficeText(locale, `page.${kind}.done`),
              false,
              reply.cspNonce.style,
            ),
          );
        } catch (error) {
          if (!(error instanceof AppError) || error.httpStatus >= 500) throw error;
          if (error.retryAfterSeconds !== undefined)
            reply.header('retry-after', String(error.retryAfterSeconds));
          const code =
            typeof raw.code === 'string' && oneTimeCode.safeParse(raw.code).success ? raw.code : '';
          const message = errorBody(error, locale, messages).error.message;
          return reply
            .status(error.httpStatus)
            .send(
              code
                ? resetFormPage(locale, { kind, code, error: message, styleNonce: reply.cspNonce.style })
                : messagePage(locale, title, message, true, reply.cspNonce.style),
            );
        }
      });
    }
  });

  // Admins list the back-office users (to find whom to promote).
  app.get('/nfx/users', async (request) => {
    await backoffice.authenticate(authorization(request));
    const query = parse(listUsersQuery, request.query);
    return backoffice.listUsers(authorization(request), query, auditOrigin(request));
  });

  // An admin adds a staff member with a role; they choose their password at a one-time link.
  app.post('/nfx/users', async (request) => {
    await backoffice.authenticate(authorization(request));
    const body = parse(inviteBody, request.body);
    return backoffice.inviteStaff(authorization(request), body, {
      linkOrigin: ownOrigin(request),
      link: linkContext(request),
      origin: auditOrigin(request),
    });
  });

  // An admin turns off a staff member's two-factor (a lost phone); they enrol again.
  app.delete('/nfx/users/:id/mfa', async (request) => {
    await backoffice.authenticate(authorization(request));
    const { id } = parse(userIdParams, request.params);
    return backoffice.resetMfa(authorization(request), BigInt(id), auditOrigin(request));
  });

  // An admin promotes a role-less account, changes a role or removes it (`{role: null}`).
  app.put('/nfx/users/:id/role', async (request) => {
    // The token first: an anonymous caller learns nothing from the body's validation. The role is
    // checked by the service, which writes a refusal to the audit log.
    await backoffice.authenticate(authorization(request));
    const { id } = parse(userIdParams, request.params);
    const body = parse(roleBody, request.body);
    return backoffice.setRole(authorization(request), BigInt(id), body.role, auditOrigin(request));
  });

  // Admins read the staff audit log, newest first, filtered by staff, action, target, outcome, time.
  app.get('/nfx/audit-log', async (request, reply) => {
    await backoffice.authenticate(authorization(request));
    const query = parse(auditLogQuery, request.query);
    const items = await backoffice.searchAudit(
      authorization(request),
      {
        staffId: query.staff_id === undefined ? undefined : BigInt(query.staff_id),
        action: query.action,
        targetType: query.target_type,
        targetId: query.target_id,
        outcome: query.outcome,
        from: query.from === undefined ? undefined : new Date(query.from),
        to: query.to === undefined ? undefined : new Date(query.to),
        start: query.start,
        limit: query.limit,
      },
      auditOrigin(request),
    );
    return reply.header('cache-control', 'no-store').send({ data: items });
  });

  app.get('/nfx/auth/email-confirmation', async (request, reply) => {
    const query = parse(confirmationQuery, request.query);
    const user = await backoffice.confirmEmail(query.confirmation, { ip: ip(request) });
    const locale = requestLocale(request);
    const accept = firstHeader(request, 'accept') ?? '';
    if (accept.includes('application/json') && !accept.includes('text/html')) {
      if (!user)
        throw new AppError('InvalidParameterException', { code: 'invalid_code', message: 'invalid_code' });
      return { ok: true, user };
    }
    const title = backofficeText(locale, 'page.confirm.title');
    const text = backofficeText(locale, user ? 'page.confirm.done' : 'page.confirm.failed');
    return reply
      .status(user ? 200 : 400)
      .header('content-type', 'text/html; charset=utf-8')
      .header('referrer-policy', 'no-referrer')
      .send(messagePage(locale, title, text, !user, reply.cspNonce.style));
  });

  // Single sign-on: the browser goes to /connect/:provider, the provider returns to our callback,
  // which hands the back-office front end a one-time code as `access_token`; the front end trades it
  // at /auth/:provider/callback for a JWT. The provider's own tokens never leave the server.
  function assertProvider(provider: string) {
    if (!oidc.configured || provider !== oidc.service) {
      throw new AppError('MethodNotFoundException', { code: 'not_found', message: 'not_found' });
    }
  }

  app.get<{ Params: { provider: string } }>('/nfx/connect/:provider', async (request, reply) => {
    assertProvider(request.params.provider);
    const raw = (request.query as Record<string, unknown>)?.redirect_url;
    const redirectUrl = raw === undefined || raw === '' ? DEFAULT_REDIRECT_URL : sameOriginPath(raw);
    if (redirectUrl === null) {
      throw new AppError('InvalidParameterException', {
        code: 'validation',
        fields: { redirect_url: 'invalid_format' },
      });
    }
    try {
      const { authorizationUrl, sealed } = await oidc.begin({
        service: request.params.provider,
        purpose: SSO_PURPOSE,
        redirectUri: `${ownOrigin(request)}/nfx/connect/${oidc.service}/callback`,
        extra: { redirectUrl },
      });
      reply.setCookie(SSO_FLOW_COOKIE, sealed, {
        path: SSO_COOKIE_PATH,
        httpOnly: true,
        sameSite: 'lax',
        secure,
        maxAge: 600,
      });
      return reply.redirect(authorizationUrl, 302);
    } catch (error) {
      throw ssoError(error);
    }
  });

  app.get<{ Params: { provider: string } }>('/nfx/connect/:provider/callback', async (request, reply) => {
    assertProvider(request.params.provider);
    const sealed = request.cookies[SSO_FLOW_COOKIE];
    reply.clearCookie(SSO_FLOW_COOKIE, { path: SSO_COOKIE_PATH, httpOnly: true, sameSite: 'lax', secure });
    reply.header('referrer-policy', 'no-referrer');
    const queryAt = request.url.indexOf('?');
    const rawQuery = queryAt === -1 ? '' : request.url.slice(queryAt + 1);
    if (rawQuery.length > 8192) throw new AppError('InvalidRequestException', { code: 'malformed_body' });
    let completed: Awaited<ReturnType<OidcFlow['complete']>>;
    try {
      completed = await oidc.complete({ purpose: SSO_PURPOSE, sealed, rawQuery });
    } catch (error) {
      throw ssoError(error);
    }
    const target = new URL(
      sameOriginPath(completed.extra.redirectUrl) ?? DEFAULT_REDIRECT_URL,
      'http://path.invalid',
    );
    const code = await backoffice.issueSsoCode(completed.identity);
    if (code) target.searchParams.set('access_token', code);
    else target.searchParams.set('error', 'access_denied');
    return reply.redirect(`${target.pathname}${target.search}${target.hash}`, 302);
  });

  app.get<{ Params: { provider: string } }>('/nfx/auth/:provider/callback', async (request) => {
    assertProvider(request.params.provider);
    const query = parse(accessTokenQuery, request.query);
    return backoffice.redeemSsoCode(query.access_token, { ip: ip(request) });
  });
}

/** Flow failures as typed errors: the browser's fault is a 400, the provider's a 503. */
function ssoError(error: unknown): unknown {
  if (!(error instanceof OidcFlowError)) return error;
  if (error.code === 'unknown_service' || error.code === 'not_configured') {
    return new AppError('MethodNotFoundException', { code: 'not_found', message: 'not_found' });
  }
  if (error.code === 'provider_unavailable') {
    return new AppError('ApplicationUnavailableException', {
      code: 'sso_unavailable',
      message: 'sso_unavailable',
    });
  }
  return new AppError('InvalidParameterException', { code: 'sso_failed', message: 'sso_failed' });
}
