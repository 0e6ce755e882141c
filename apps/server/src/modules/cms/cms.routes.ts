/**
 * HTTP face of the content service (spec §7), answering in the style of a headless CMS: collections
 * as `{data: [...]}`, single records as `{data: {...}}`, configuration documents as themselves, and
 * failures as `{data: null, error: {status, name, message, details}}` — never a 500 for bad input.
 * Plus the files browsers and crawlers ask for at fixed paths: robots.txt and the favicons.
 */
import { createHash } from 'node:crypto';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@croupier/contract/locales';
import { isDatabaseUnavailableError } from '@croupier/db/client';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, DATABASE_RETRY_AFTER_SECONDS } from '../../lib/app-error.ts';
import { MAX_HOST_CHARS, parseHost } from '../../lib/host.ts';
import { type CmsService, type FaviconKind, PAGE_SLUG_PATTERN, type StoredImage } from './cms.service.ts';
import { APPLE_FAVICON_SIZE } from './favicon-image.ts';
import { MAX_URL_CHARS } from './urls.ts';

/** Matches the service's 10 s cache: a browser or CDN may keep a copy as long as a node would. */
const CONTENT_CACHE = 'public, max-age=10, stale-while-revalidate=60';
const ROBOTS_CACHE = 'public, max-age=300';
const FAVICON_CACHE = 'public, max-age=86400';
const MEDIA_CACHE = 'public, max-age=3600';

export type ContentErrorName =
  | 'ValidationError'
  | 'NotFoundError'
  | 'InternalServerError'
  | 'ServiceUnavailableError';

export interface ContentErrorBody {
  data: null;
  error: {
    status: number;
    name: ContentErrorName;
    message: string;
    details: { fields?: Record<string, string> };
  };
}

const locale = z.enum(LOCALES).default(DEFAULT_LOCALE);

const hostQuery = z.object({
  host: z
    .string()
    .max(MAX_HOST_CHARS)
    .refine((value) => parseHost(value) !== null, 'invalid_format'),
  locale,
});

const seosQuery = z.object({ url: z.string().min(1).max(MAX_URL_CHARS), locale });

const pageParams = z.object({ slug: z.string().regex(PAGE_SLUG_PATTERN, 'invalid_format') });
const localeQuery = z.object({ locale });

function fieldCode(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type') return issue.input === undefined ? 'required' : 'invalid_type';
  if (issue.code === 'too_big') return 'too_long';
  if (issue.code === 'too_small') return 'too_short';
  if (issue.code === 'invalid_value') return 'invalid_value';
  if (/^[a-z_]{1,40}$/.test(issue.message)) return issue.message;
  return 'invalid_format';
}

function sendError(
  reply: FastifyReply,
  status: number,
  name: ContentErrorName,
  message: string,
  fields?: Record<string, string>,
) {
  const body: ContentErrorBody = {
    data: null,
    error: { status, name, message, details: fields ? { fields } : {} },
  };
  return reply.status(status).header('cache-control', 'no-store').send(body);
}

function sendValidationError(reply: FastifyReply, error: z.ZodError) {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]).slice(0, 64) : '_';
    fields[field] ??= fieldCode(issue);
  }
  return sendError(
    reply,
    400,
    'ValidationError',
    `Invalid parameters: ${Object.keys(fields).join(', ')}`,
    fields,
  );
}

function sendNotFound(reply: FastifyReply, what: string) {
  return sendError(reply, 404, 'NotFoundError', `${what} not found`);
}

function etagOf(bytes: Buffer): string {
  return `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;
}

function sendImage(request: FastifyRequest, reply: FastifyReply, image: StoredImage, cacheControl: string) {
  const etag = etagOf(image.bytes);
  reply
    .header('cache-control', cacheControl)
    .header('etag', etag)
    .header('last-modified', image.updatedAt.toUTCString());
  if (image.contentType === 'image/svg+xml') {
    // An SVG opened directly is a document: nothing in it may run or load.
    reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
  }
  if (request.headers['if-none-match'] === etag) return reply.status(304).send();
  return reply.status(200).header('content-type', image.contentType).send(image.bytes);
}

const FAVICON_FILE = /^(favicon|apple-touch-icon)-(\d{1,4}x\d{1,4})\.png$/;

export async function cmsRoutes(app: FastifyInstance, options: { cms: CmsService }) {
  const { cms } = options;

  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    if (error instanceof AppError && error.httpStatus < 500) {
      return sendError(reply, 400, 'ValidationError', 'Invalid parameters', error.fields);
    }
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      return sendError(reply, 400, 'ValidationError', 'The request could not be read');
    }
    if (isDatabaseUnavailableError(error)) {
      // The database connection failed: retry later, not a bug of the content service.
      request.log.warn({ err: error }, 'content service failed: database unavailable');
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return sendError(reply, 503, 'ServiceUnavailableError', 'Service temporarily unavailable');
    }
    request.log.error({ err: error }, 'unexpected error in the content service');
    return sendError(reply, 500, 'InternalServerError', 'Internal server error');
  });

  app.get<{ Params: { locale: string } }>('/nfx/cms-config/:locale', async (request, reply) => {
    const requested = request.params.locale;
    if (!(LOCALES as readonly string[]).includes(requested)) return sendNotFound(reply, 'Locale');
    const config = await cms.getConfig(requested as Locale);
    return reply.header('cache-control', CONTENT_CACHE).send(config);
  });

  app.get('/nfx/domain-seo-settings', async (request, reply) => {
    const query = hostQuery.safeParse(request.query);
    if (!query.success) return sendValidationError(reply, query.error);
    const settings = await cms.getDomainSeo(query.data.host, query.data.locale);
    return reply.header('cache-control', CONTENT_CACHE).send(settings);
  });

  app.get('/nfx/seos', async (request, reply) => {
    const raw = (request.query ?? {}) as Record<string, unknown>;
    // Headless-CMS clients filter with `filters[url][$eq]=`; `url=` is the short form.
    const query = seosQuery.safeParse({ ...raw, url: raw.url ?? raw['filters[url][$eq]'] });
    if (!query.success) return sendValidationError(reply, query.error);
    const record = await cms.findSeo(query.data.url, query.data.locale);
    return reply.header('cache-control', CONTENT_CACHE).send({ data: record ? [record] : [] });
  });

  app.get<{ Params: { slug: string } }>('/nfx/pages/:slug', async (request, reply) => {
    const params = pageParams.safeParse(request.params);
    if (!params.success) return sendValidationError(reply, params.error);
    const query = localeQuery.safeParse(request.query);
    if (!query.success) return sendValidationError(reply, query.error);
    const page = await cms.findPage(params.data.slug, query.data.locale);
    if (!page) return sendNotFound(reply, 'Page');
    return reply.header('cache-control', CONTENT_CACHE).send({ data: page });
  });

  app.get('/nfx/home-blocks', async (request, reply) => {
    const query = localeQuery.safeParse(request.query);
    if (!query.success) return sendValidationError(reply, query.error);
    const blocks = await cms.getHomeBlocks(query.data.locale);
    return reply.header('cache-control', CONTENT_CACHE).send({ data: blocks });
  });

  app.get('/nfx/custom-codes', async (_request, reply) => {
    const entries = await cms.customCode();
    return reply.header('cache-control', CONTENT_CACHE).send({ data: entries });
  });

  app.get('/robots.txt', async (request, reply) => {
    const body = await cms.robotsTxt(request.host);
    return reply
      .header('content-type', 'text/plain; charset=utf-8')
      .header('cache-control', ROBOTS_CACHE)
      .send(body);
  });

  async function favicon(request: FastifyRequest, reply: FastifyReply, kind: FaviconKind, size: string) {
    const image = await cms.getFavicon(kind, size);
    if (!image) return sendNotFound(reply, 'Icon');
    return sendImage(request, reply, image, FAVICON_CACHE);
  }

  const appleSize = `${APPLE_FAVICON_SIZE}x${APPLE_FAVICON_SIZE}`;
  app.get('/favicon.ico', (request, reply) => favicon(request, reply, 'ico', 'multi'));
  app.get('/apple-touch-icon.png', (request, reply) => favicon(request, reply, 'apple_png', appleSize));
  // Older iOS versions ask for this name first.
  app.get('/apple-touch-icon-precomposed.png', (request, reply) =>
    favicon(request, reply, 'apple_png', appleSize),
  );
  app.get<{ Params: { file: string } }>('/favicons/:file', (request, reply) => {
    const { file } = request.params;
    if (file === 'favicon.ico') return favicon(request, reply, 'ico', 'multi');
    const match = FAVICON_FILE.exec(file);
    if (!match) return sendNotFound(reply, 'Icon');
    return favicon(request, reply, match[1] === 'favicon' ? 'png' : 'apple_png', match[2] ?? '');
  });

  app.get<{ Params: { name: string } }>('/nfx/media/:name', async (request, reply) => {
    const image = await cms.getMedia(request.params.name);
    if (!image) return sendNotFound(reply, 'Media');
    return sendImage(request, reply, image, MEDIA_CACHE);
  });
}
