/**
 * The /api/{namespace}.{method} dispatcher (ARCHITECTURE.md §3), transport-free: the HTTP route and
 * the in-process SSR client both call `dispatch`. It resolves the locale, checks the version, finds
 * the method (case-insensitively), checks CSRF and rate limits, resolves the session, parses the input
 * with the contract's schema, calls the handler and shapes the envelope. Errors become typed envelopes
 * here and nowhere else.
 */
import type { ApiEnvelope, ApiErrorBody } from '@croupier/contract/errors';
import { type Locale, localeFromAcceptLanguage, normalizeLocale } from '@croupier/contract/locales';
import type { MethodContract } from '@croupier/contract/method';
import { methods as contractMethods, methodKey } from '@croupier/contract/registry';
import { formatValidationMessage, isValidationCode } from '@croupier/contract/validation/messages';
import { isDatabaseUnavailableError } from '@croupier/db/client';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Config } from '../config.ts';
import { AppError, databaseUnavailable } from '../lib/app-error.ts';
import type { CookieJar } from '../lib/cookie-jar.ts';
import type { MessageRegistry } from '../lib/messages.ts';
import type { BoundMethod, CallContext } from '../lib/method-binding.ts';
import { requestOrigin, withRequestOrigin } from '../lib/public-origin.ts';
import type { RateLimiter } from '../lib/rate-limit.ts';
import { SESSION_COOKIE, type SessionService } from '../modules/auth/session.service.ts';
import { isCrossSiteRequest } from './csrf.ts';

export const SUPPORTED_MAJOR_VERSION = 2;
/** Query keys the transport owns; never part of a method's input. */
const RESERVED_KEYS = new Set(['v', 'locale', '_non_strict']);

export interface DispatchRequest {
  methodName: string;
  httpMethod: 'GET' | 'POST';
  query: Record<string, unknown>;
  body: Record<string, unknown> | undefined;
  headers: {
    secFetchSite?: string | undefined;
    origin?: string | undefined;
    host?: string | undefined;
    /** `http` or `https`: how the request reached us (compared with `Origin`). */
    protocol?: string | undefined;
    acceptLanguage?: string | undefined;
  };
  /** Whether the call comes from the server itself (SSR loaders); skips CSRF and the IP limit. */
  inProcess?: boolean;
  ip: string;
  userAgent: string | null;
  requestId: string;
  log: FastifyBaseLogger;
  cookies: CookieJar;
}

export interface DispatchResult {
  status: number;
  envelope: ApiEnvelope<unknown>;
  headers: Record<string, string>;
}

export interface Dispatcher {
  dispatch(request: DispatchRequest): Promise<DispatchResult>;
}

export function createDispatcher(options: {
  config: Config;
  /** Resolves the session cookie of each call. */
  sessions: SessionService;
  rateLimiter: RateLimiter;
  /** Where an error's key becomes the request's language (src/messages.ts). */
  messages: MessageRegistry;
  bound: BoundMethod[];
}): Dispatcher {
  const { config, sessions, rateLimiter, messages } = options;
  const handlers = new Map<string, BoundMethod>();
  for (const bound of options.bound) {
    const key = methodKey(bound.contract.name);
    if (handlers.has(key)) throw new Error(`Two handlers for ${bound.contract.name}`);
    handlers.set(key, bound);
  }
  // Every contract method must have a handler: a missing one is a boot failure, not a 404 in production.
  for (const contract of Object.values(contractMethods) as MethodContract[]) {
    if (!handlers.has(methodKey(contract.name))) throw new Error(`No handler bound for ${contract.name}`);
  }

  async function consume(key: string, limit: number, windowSeconds: number): Promise<void> {
    const result = await rateLimiter.consume(key, limit, windowSeconds);
    if (!result.allowed) {
      throw new AppError('TooManyRequestsException', {
        code: 'rate_limited',
        retryAfterSeconds: result.retryAfterSeconds,
        values: { seconds: result.retryAfterSeconds },
      });
    }
  }

  async function run(request: DispatchRequest, locale: Locale): Promise<unknown> {
    const version = request.query.v;
    if (version !== undefined) {
      const major =
        typeof version === 'string' ? Number.parseInt(version.split('.')[0] ?? '', 10) : Number.NaN;
      if (major !== SUPPORTED_MAJOR_VERSION) {
        throw new AppError('InvalidRequestException', {
          code: 'unsupported_version',
          message: 'request.unsupported_version',
          values: { version: String(version).slice(0, 16) },
        });
      }
    }

    const bound = handlers.get(methodKey(request.methodName));
    if (!bound) {
      throw new AppError('MethodNotFoundException', { values: { method: request.methodName.slice(0, 80) } });
    }
    const { contract } = bound;

    if (contract.http === 'POST' && request.httpMethod === 'GET') {
      throw new AppError('InvalidRequestException', { code: 'post_required' });
    }
    const changesState = contract.http === 'POST' || contract.getChangesState === true;
    if (changesState && !request.inProcess && isCrossSiteRequest(request.headers, config.PUBLIC_URL)) {
      throw new AppError('AccessDeniedException', {
        code: 'cross_site_request',
        message: 'request.cross_site',
      });
    }
    if (!request.inProcess) await consume(`api:ip:${request.ip}`, config.API_RATE_LIMIT_PER_MINUTE, 60);

    const sessionToken = request.cookies.get(SESSION_COOKIE);
    const session = (await sessions.resolve(sessionToken)) ?? null;
    if (session && session.playerStatus !== 'active' && !contract.allowBlocked) {
      throw new AppError(session.playerStatus === 'banned' ? 'UserBannedException' : 'UserDeletedException');
    }
    const player =
      session && session.playerStatus === 'active'
        ? { id: session.playerId, locale: session.playerLocale }
        : null;

    const input = parseInput(contract, request, locale);

    const ctx: CallContext = {
      locale,
      player,
      sessionToken,
      requestId: request.requestId,
      ip: request.ip,
      userAgent: request.userAgent,
      log: request.log,
      cookies: request.cookies,
      requirePlayer() {
        if (!player) throw new AppError('AuthorizationException');
        return player;
      },
      rateLimit: consume,
    };
    if (contract.access === 'player') ctx.requirePlayer();

    const output = await bound.handler(input, ctx);
    const checked = contract.output.safeParse(output);
    if (!checked.success) {
      // The handler broke its own contract: a bug, reported as one, with nothing internal in the body.
      request.log.error(
        { method: contract.name, issues: checked.error.issues },
        'handler output broke the contract',
      );
      throw new Error(`Output of ${contract.name} does not match its contract`);
    }
    return checked.data;
  }

  return {
    async dispatch(request) {
      const requested = request.query.locale;
      const fallback = localeFromAcceptLanguage(request.headers.acceptLanguage) ?? 'en';
      const locale = typeof requested === 'string' ? normalizeLocale(requested) : undefined;
      try {
        if (requested !== undefined && !locale) {
          throw new AppError('InvalidParameterException', {
            code: 'invalid_parameter',
            fields: { locale: 'unsupported' },
          });
        }
        // Links built during the call (payment return pages, mailed links outside production) use
        // the origin this request reached, unless PUBLIC_URL is set (lib/public-origin.ts).
        const origin = requestOrigin(request.headers.protocol ?? 'http', request.headers.host);
        const data = await withRequestOrigin(origin, () => run(request, locale ?? fallback));
        return { status: 200, envelope: { status: 1, data }, headers: {} };
      } catch (error) {
        return toFailure(error, locale ?? fallback, request, messages);
      }
    },
  };
}

function parseInput(contract: MethodContract, request: DispatchRequest, locale: Locale): unknown {
  const raw: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(request.query)) if (!RESERVED_KEYS.has(key)) raw[key] = value;
  if (request.body) for (const [key, value] of Object.entries(request.body)) raw[key] = value;
  // `_non_strict` (framed clients): unknown keys are dropped instead of refused.
  const nonStrict = request.query._non_strict === '1' || request.query._non_strict === 'true';
  const schema = nonStrict && contract.input instanceof z.ZodObject ? contract.input.strip() : contract.input;
  refuseUnsafeText(raw);
  const parsed = schema.safeParse(raw);
  if (parsed.success) {
    // JSON given as text (`event_params`, `options`) is parsed by the schema: `"\u0000"` inside it
    // becomes a NUL only now.
    refuseUnsafeText(parsed.data);
    return parsed.data;
  }
  const fields: Record<string, string> = {};
  let firstRuleMessage: string | undefined;
  for (const issue of parsed.error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) fields[key.slice(0, 64)] ??= 'unknown_field';
      continue;
    }
    const field = issue.path.length > 0 ? String(issue.path[0]) : '_';
    // Zod does not echo the input back, so "missing" is read off the raw parameters.
    fields[field] ??=
      issue.code === 'invalid_type' && raw[field] === undefined ? 'required' : issueCode(issue);
    // A §5 field rule failed: say it in the rule's own words (e.g. "Wrong email address").
    if (!firstRuleMessage && issue.code === 'custom' && isValidationCode(issue.message)) {
      const params = (issue as { params?: Record<string, string> }).params;
      firstRuleMessage = formatValidationMessage(issue.message, params, locale);
    }
  }
  throw new AppError('InvalidParameterException', {
    code: 'invalid_parameter',
    fields,
    values: { fields: Object.keys(fields).slice(0, 10).join(', ') },
    ...(firstRuleMessage ? { message: firstRuleMessage } : {}),
  });
}

/**
 * No method takes text with a NUL character or a lone UTF-16 surrogate: PostgreSQL cannot store
 * either (text, jsonb), and no client of ours sends them. Refused for every method, before its
 * handler runs, with the parameter named — a typed InvalidParameter error, never a 500 from the
 * database.
 */
function refuseUnsafeText(input: unknown): void {
  if (typeof input !== 'object' || input === null) return;
  for (const [key, value] of Object.entries(input)) {
    if (hasUnsafeText(key, 0) || hasUnsafeText(value, 0)) {
      const field = key.slice(0, 64);
      throw new AppError('InvalidParameterException', {
        code: 'invalid_parameter',
        fields: { [hasUnsafeText(key, 0) ? '_' : field]: 'invalid_characters' },
        values: { fields: hasUnsafeText(key, 0) ? '_' : field },
      });
    }
  }
}

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Nesting deeper than this is not walked (schemas refuse such input anyway). */
const MAX_TEXT_DEPTH = 32;

function hasUnsafeText(value: unknown, depth: number): boolean {
  if (typeof value === 'string') return value.includes('\u0000') || LONE_SURROGATE.test(value);
  if (typeof value !== 'object' || value === null || depth > MAX_TEXT_DEPTH) return false;
  if (Array.isArray(value)) return value.some((item) => hasUnsafeText(item, depth + 1));
  for (const [key, item] of Object.entries(value)) {
    if (hasUnsafeText(key, depth + 1) || hasUnsafeText(item, depth + 1)) return true;
  }
  return false;
}

function issueCode(issue: z.core.$ZodIssue): string {
  if (issue.code === 'custom') return /^[A-Za-z_]{1,40}$/.test(issue.message) ? issue.message : 'invalid';
  if (issue.code === 'invalid_type') return 'invalid_type';
  if (issue.code === 'too_small') return 'too_small';
  if (issue.code === 'too_big') return 'too_big';
  if (issue.code === 'invalid_format' || issue.code === 'invalid_value') {
    return /^[A-Za-z_]{1,40}$/.test(issue.message) ? issue.message : 'invalid_format';
  }
  return 'invalid';
}

function toFailure(
  caught: unknown,
  locale: Locale,
  request: DispatchRequest,
  messages: MessageRegistry,
): DispatchResult {
  let error = caught;
  if (!(error instanceof AppError) && isDatabaseUnavailableError(error)) {
    // The database connection failed, not the request: a typed 503 to retry, never a 500.
    request.log.warn({ err: error, method: request.methodName }, 'API method failed: database unavailable');
    error = databaseUnavailable(error);
  }
  if (error instanceof AppError) {
    const body: ApiErrorBody = {
      type: error.type,
      message: messages.errorText(locale, error),
      code: error.code,
    };
    if (error.fields) body.fields = error.fields;
    if (error.data) body.data = error.data;
    const headers: Record<string, string> = {};
    if (error.retryAfterSeconds !== undefined) headers['retry-after'] = String(error.retryAfterSeconds);
    return { status: error.httpStatus, envelope: { status: 0, error: body }, headers };
  }
  request.log.error({ err: error, method: request.methodName }, 'unexpected error in API method');
  return {
    status: 500,
    envelope: {
      status: 0,
      error: {
        type: 'InternalServerErrorException',
        message: messages.translate(locale, 'InternalServerErrorException'),
        code: 'internal_error',
      },
    },
    headers: {},
  };
}
