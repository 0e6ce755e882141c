/**
 * The HTTP edge of the player API: `GET|POST /api/{namespace}.{method}`. Reads the query, urlencoded,
 * multipart (fields only) or JSON bodies within a size limit, and hands everything to the dispatcher.
 * Transport failures (malformed or oversized bodies, unsupported media types) become typed envelopes too.
 */

import { normalizeLocale } from '@croupier/contract/locales';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { AppError } from '../lib/app-error.ts';
import { replyCookieJar } from '../lib/cookie-jar.ts';
import { firstHeader } from '../lib/webhook-scope.ts';
import { messages } from '../messages.ts';
import type { Dispatcher } from './dispatcher.ts';

const MULTIPART_LIMITS = { fields: 200, fieldSize: 64 * 1024, files: 0, parts: 200 };

export async function apiRoutes(app: FastifyInstance, options: { config: Config; dispatcher: Dispatcher }) {
  const { config, dispatcher } = options;
  const secure = config.PUBLIC_URL?.startsWith('https:') ?? false;
  await app.register(formbody, { bodyLimit: config.API_BODY_LIMIT_BYTES });
  await app.register(multipart, { attachFieldsToBody: 'keyValues', limits: MULTIPART_LIMITS });

  // Requests whose handler started; an error on any other request arose while reading it.
  const handled = new WeakSet<FastifyRequest>();

  app.setErrorHandler((error: Error & { code?: string; statusCode?: number }, request, reply) => {
    const locale = normalizeLocale(String((request.query as Record<string, unknown>)?.locale ?? '')) ?? 'en';
    const known =
      transportError(error) ??
      (handled.has(request)
        ? undefined
        : new AppError('InvalidRequestException', {
            code: 'malformed_body',
            message: 'request.malformed_body',
          }));
    if (!known) {
      request.log.error({ err: error }, 'unexpected error at the API edge');
      return reply.status(500).send({
        status: 0,
        error: {
          type: 'InternalServerErrorException',
          message: messages.translate(locale, 'InternalServerErrorException'),
          code: 'internal_error',
        },
      });
    }
    return reply.status(known.httpStatus).send({
      status: 0,
      error: {
        type: known.type,
        message: messages.errorText(locale, known),
        code: known.code,
      },
    });
  });

  const handler = async (request: FastifyRequest<{ Params: { method: string } }>, reply: FastifyReply) => {
    handled.add(request);
    const body = request.body;
    if (body !== undefined && body !== null && (typeof body !== 'object' || Array.isArray(body))) {
      throw new AppError('InvalidRequestException', {
        code: 'malformed_body',
        message: 'request.malformed_body',
      });
    }
    const result = await dispatcher.dispatch({
      methodName: request.params.method,
      httpMethod: request.method === 'POST' ? 'POST' : 'GET',
      query: request.query as Record<string, unknown>,
      body: (body ?? undefined) as Record<string, unknown> | undefined,
      headers: {
        secFetchSite: firstHeader(request, 'sec-fetch-site'),
        origin: firstHeader(request, 'origin'),
        host: firstHeader(request, 'host'),
        protocol: request.protocol,
        acceptLanguage: firstHeader(request, 'accept-language'),
      },
      ip: request.ip,
      userAgent: firstHeader(request, 'user-agent') ?? null,
      requestId: request.id,
      log: request.log,
      cookies: replyCookieJar(request, reply, { secure }),
    });
    reply.headers({ ...result.headers, 'cache-control': 'no-store' });
    return reply.status(result.status).send(result.envelope);
  };

  const routeOptions = { bodyLimit: config.API_BODY_LIMIT_BYTES };
  app.get('/api/:method', routeOptions, handler);
  app.post('/api/:method', routeOptions, handler);
  // `/api/` with no method, or other verbs, still answer in the envelope.
  app.all('/api', async () => {
    throw new AppError('MethodNotFoundException', { values: { method: '' } });
  });
  app.all('/api/*', async (request) => {
    throw new AppError('MethodNotFoundException', { values: { method: request.url.slice(5, 85) } });
  });
}

/** Maps Fastify's own transport errors (body parsing) to the catalogue. */
function transportError(error: Error & { code?: string; statusCode?: number }): AppError | undefined {
  if (error instanceof AppError) return error;
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_FILES_LIMIT':
      return new AppError('InvalidRequestException', {
        code: 'body_too_large',
        message: 'request.body_too_large',
      });
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError('InvalidRequestException', { code: 'unsupported_media_type' });
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
    case 'FST_PROTO_VIOLATION':
      return new AppError('InvalidRequestException', {
        code: 'malformed_body',
        message: 'request.malformed_body',
      });
    default:
      // JSON.parse failures and other 4xx raised while reading the request.
      if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
        return new AppError('InvalidRequestException', {
          code: 'malformed_body',
          message: 'request.malformed_body',
        });
      }
      return undefined;
  }
}
