/**
 * KYC Sandbox's HTTP face, mounted under /sandbox/kyc when SANDBOX is on (ADR 026): the signed API
 * (`/resources/…`, JSON, Sumsub-shaped) and the hosted verification page (`/sdk/{token}`,
 * multipart form, no script). Each part has its own error handling and, for the page, a CSP of its
 * own: another company's site that happens to share the process.
 */
import { isDatabaseUnavailableError } from '@croupier/db/client';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MAX_UPLOAD_BYTES } from './image-check.ts';
import { messagePage, type PageLang, type PageState, verificationPage } from './kyc.pages.ts';
import { KycSandboxError, type SandboxKyc, type Upload } from './kyc.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The sandbox KYC provider (SANDBOX only): tests drive its background pass with it. */
    sandboxKyc?: SandboxKyc;
  }
}

export interface SandboxKycRoutesOptions {
  kyc: SandboxKyc;
  /** Whether this process runs the provider's loop (false: another process of the machine does). */
  background?: boolean;
}

const API_BODY_LIMIT_BYTES = 64 * 1024;

function headerValue(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

async function apiRoutes(app: FastifyInstance, options: SandboxKycRoutesOptions & { basePath: string }) {
  const { kyc, basePath } = options;
  // The signature covers the raw bytes: keep them, parse after the check.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: API_BODY_LIMIT_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    if (error instanceof KycSandboxError) return reply.status(error.statusCode).send(error.toBody());
    const status = error.statusCode;
    if (status !== undefined && status >= 400 && status < 500) {
      return reply.status(status).send(new KycSandboxError(status, 'Invalid request').toBody());
    }
    if (isDatabaseUnavailableError(error)) {
      return reply
        .status(503)
        .header('retry-after', '2')
        .send(new KycSandboxError(503, 'Service unavailable').toBody());
    }
    request.log.error({ err: error }, 'sandbox KYC API error');
    return reply.status(500).send(new KycSandboxError(500, 'Internal error').toBody());
  });

  /** Authenticates, then parses the JSON body (empty: null). */
  function signed(request: FastifyRequest): unknown {
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    kyc.authenticate({
      appToken: headerValue(request, 'x-app-token'),
      timestamp: headerValue(request, 'x-app-access-ts'),
      signature: headerValue(request, 'x-app-access-sig'),
      method: request.method,
      url: request.url.slice(basePath.length),
      rawBody: raw,
    });
    if (raw.length === 0) return null;
    try {
      return JSON.parse(raw.toString('utf8'));
    } catch {
      throw new KycSandboxError(400, 'The body is not valid JSON');
    }
  }

  app.post<{ Querystring: { levelName?: string } }>('/resources/applicants', async (request, reply) => {
    const body = signed(request);
    const levelName = typeof request.query.levelName === 'string' ? request.query.levelName : undefined;
    return reply.status(201).send(await kyc.createApplicant(levelName, body));
  });

  app.get<{ Params: { selector: string } }>('/resources/applicants/:selector/one', async (request) => {
    signed(request);
    const selector = decodeURIComponent(request.params.selector);
    const match = /^-;externalUserId=(.+)$/.exec(selector);
    if (!match?.[1]) return kyc.applicantById(selector);
    return kyc.applicantByExternalUserId(match[1]);
  });

  app.get<{ Params: { id: string } }>('/resources/applicants/:id/metadata/resources', async (request) => {
    signed(request);
    return kyc.documentsOf(request.params.id);
  });

  app.get<{ Params: { inspectionId: string; imageId: string } }>(
    '/resources/inspections/:inspectionId/resources/:imageId',
    async (request, reply) => {
      signed(request);
      const image = await kyc.documentImage(request.params.inspectionId, request.params.imageId);
      return reply.header('content-type', image.mimeType).send(image.content);
    },
  );

  app.post('/resources/accessTokens/sdk', async (request) => kyc.createAccessToken(signed(request)));

  app.all('/resources/*', async (request) => {
    signed(request);
    throw new KycSandboxError(404, 'Not found');
  });
}

function pageHeaders(reply: FastifyReply) {
  return reply
    .header(
      'content-security-policy',
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
    )
    .header('x-frame-options', 'DENY')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .type('text/html; charset=utf-8');
}

const langOf = (request: FastifyRequest): PageLang =>
  (request.query as { lang?: unknown } | undefined)?.lang === 'fr' ? 'fr' : 'en';

/** The site's page to go back to: an absolute http(s) URL or nothing (a link only, never a redirect). */
function returnOf(request: FastifyRequest): string | undefined {
  const value = (request.query as { return?: unknown } | undefined)?.return;
  if (typeof value !== 'string' || value.length > 500) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

async function pageRoutes(app: FastifyInstance, options: SandboxKycRoutesOptions & { basePath: string }) {
  const { kyc, basePath } = options;
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 2, fields: 4, fieldSize: 1024, parts: 6, headerPairs: 50 },
  });

  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    const status = error.statusCode !== undefined && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error({ err: error }, 'sandbox KYC page error');
    return pageHeaders(reply)
      .status(status)
      .send(messagePage(langOf(request), 'error'));
  });

  const pageUrl = (token: string, lang: PageLang, back: string | undefined) =>
    `${basePath}/sdk/${encodeURIComponent(token)}?${new URLSearchParams({ lang, ...(back ? { return: back } : {}) })}`;

  async function render(
    token: string,
    lang: PageLang,
    back: string | undefined,
    reply: FastifyReply,
    problem?: Parameters<typeof verificationPage>[0]['problem'],
  ) {
    const applicant = await kyc.pageApplicant(token);
    if (!applicant) return pageHeaders(reply).status(404).send(messagePage(lang, 'expired'));
    const state: PageState =
      applicant.reviewStatus === 'pending'
        ? 'pending'
        : applicant.reviewStatus === 'init'
          ? 'form'
          : applicant.reviewAnswer === 'GREEN'
            ? 'verified'
            : applicant.reviewRejectType === 'RETRY'
              ? 'retry'
              : 'rejected';
    return pageHeaders(reply)
      .status(problem ? 422 : 200)
      .send(
        verificationPage({
          lang,
          state,
          action: pageUrl(token, lang, back),
          otherHref: pageUrl(token, lang === 'en' ? 'fr' : 'en', back),
          ...(back ? { returnUrl: back } : {}),
          ...(problem ? { problem } : {}),
        }),
      );
  }

  app.get<{ Params: { token: string } }>('/sdk/:token', async (request, reply) =>
    render(request.params.token, langOf(request), returnOf(request), reply),
  );

  app.post<{ Params: { token: string } }>('/sdk/:token', async (request, reply) => {
    const { token } = request.params;
    const lang = langOf(request);
    const back = returnOf(request);
    if (headerValue(request, 'sec-fetch-site') === 'cross-site') {
      return pageHeaders(reply).status(403).send(messagePage(lang, 'closed'));
    }
    if (!request.isMultipart())
      return render(token, lang, back, reply, { problem: 'missing', field: 'document' });
    const uploads: { document?: Upload; selfie?: Upload } = {};
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      const chunks: Buffer[] = [];
      for await (const chunk of part.file) chunks.push(chunk as Buffer);
      if (part.fieldname === 'document' || part.fieldname === 'selfie') {
        uploads[part.fieldname] = {
          fileName: part.filename,
          bytes: Buffer.concat(chunks),
          truncated: part.file.truncated,
        };
      }
    }
    const result = await kyc.submit(token, { document: uploads.document, selfie: uploads.selfie });
    if (result.ok) return reply.header('cache-control', 'no-store').redirect(pageUrl(token, lang, back), 303);
    if (result.problem === 'expired')
      return pageHeaders(reply).status(404).send(messagePage(lang, 'expired'));
    if (result.problem === 'closed') return pageHeaders(reply).status(409).send(messagePage(lang, 'closed'));
    return render(token, lang, back, reply, {
      problem: result.problem,
      ...(result.field ? { field: result.field } : {}),
    });
  });
}

/**
 * The provider's routes and background loop. Register with `{ prefix: '/sandbox/kyc' }`; the loop
 * starts when the app is ready and stops on close, before the database pool does.
 */
export async function sandboxKycRoutes(app: FastifyInstance, options: SandboxKycRoutesOptions) {
  const { kyc } = options;
  const basePath = app.prefix;
  app.addHook('onReady', async () => {
    if (options.background !== false) kyc.start();
  });
  app.addHook('onClose', async () => {
    await kyc.stop();
  });
  await app.register(apiRoutes, { kyc, basePath });
  await app.register(pageRoutes, { kyc, basePath });
}
