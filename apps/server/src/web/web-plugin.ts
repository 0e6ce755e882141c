/**
 * Mounts the SSR web app (React Router framework mode, apps/web) in Fastify, after the /api and
 * content-service routes, so it answers every other GET/HEAD path.
 *
 * - production: the built client files with @fastify/static (hashed `/assets/*` cached for a year,
 *   immutable; `/sw.js`, `/build.json` and the app manifests revalidated, ADR 038), and server
 *   rendering of everything else from `apps/web/build/server`.
 * - development: Vite in middleware mode (modules, HMR over this server's own socket) and the
 *   server build loaded through Vite on each request, so edits show without a restart.
 *
 * Pages are rendered after `reply.hijack()`; the headers Fastify's hooks already set (helmet's CSP
 * with this request's nonce, the request id…) are copied onto the raw response by hand, since a
 * hijacked reply skips `onSend`.
 */
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isDatabaseUnavailableError } from '@croupier/db/client';
import fastifyStatic from '@fastify/static';
import { createRequest, sendResponse } from '@remix-run/node-fetch-server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  type CreateRequestHandlerFunction,
  createRequestHandler,
  type RouterContextProvider,
  type ServerBuild,
} from 'react-router';
import { redirectTarget } from '../../../web/app/lib/navigation.ts';
import type { WebRequestContext } from '../../../web/app/lib/web-context.ts';
import type { Config } from '../config.ts';
import { acceptsEncoding, compressBody, compressPage } from '../http/compression.ts';
import { databaseUnavailablePage, pathLocale } from '../http/database-unavailable.ts';
import type { Dispatcher } from '../http/dispatcher.ts';
import { DATABASE_RETRY_AFTER_SECONDS } from '../lib/app-error.ts';
import type { Services } from '../services.ts';
import { createPageRequestContext, type LoadContextDeps } from './load-context.ts';
import {
  type CachedPage,
  cachedPage,
  createPageCache,
  gzipWithNonce,
  joinWithNonce,
  type PageCache,
} from './page-cache.ts';

export type WebMode = 'production' | 'development' | 'none';

export interface WebPluginOptions {
  mode: WebMode;
  config: Config;
  services: Services;
  dispatcher: Dispatcher;
}

/** apps/web, whatever the working directory. */
export const WEB_ROOT = fileURLToPath(new URL('../../../web/', import.meta.url));
const CLIENT_DIR = path.join(WEB_ROOT, 'build/client');
const SERVER_BUILD = path.join(WEB_ROOT, 'build/server/index.js');

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Un-hashed files (if any are added to apps/web/public) may change with a deploy. */
const SHORT_CACHE = 'public, max-age=300';
/**
 * The service worker, the build id and the app manifests must be seen fresh after a deploy (the
 * browser compares `/sw.js` byte for byte; pages poll `/build.json`): revalidated every time.
 */
const REVALIDATE = 'no-cache';
const REVALIDATED_FILES = /^(?:sw\.js|build\.json|(?:[a-z]{2}\/)?manifest\.webmanifest)$/;
/** Pages depend on the visitor (session, language): never shared, revalidated every time. */
const PAGE_CACHE = 'private, no-cache';

/** What `apps/web/app/entry.server.tsx` exports beside the render function. */
interface WebEntryExports {
  createLoadContext(value: WebRequestContext): RouterContextProvider;
}

function webEntry(build: ServerBuild): WebEntryExports {
  const module: unknown = build.entry.module;
  if (
    typeof module !== 'object' ||
    module === null ||
    typeof (module as Partial<WebEntryExports>).createLoadContext !== 'function'
  ) {
    throw new Error('apps/web/app/entry.server.tsx must export createLoadContext');
  }
  return module as WebEntryExports;
}

/**
 * The server build and the React Router runtime it was built against. They must be one module
 * instance: the handler checks `instanceof RouterContextProvider` (and friends) against its own copy,
 * and in development Vite loads React Router's development build for the app.
 */
interface WebRuntime {
  build: ServerBuild;
  createRequestHandler: CreateRequestHandlerFunction;
}

function pageRenderer(
  deps: LoadContextDeps,
  getRuntime: () => Promise<WebRuntime>,
  mode: 'production' | 'development',
  pageCache: PageCache | null,
) {
  const handlers = new WeakMap<ServerBuild, ReturnType<CreateRequestHandlerFunction>>();

  /** Writes a page: the headers Fastify's hooks set (CSP, request id), compressed when asked. */
  async function send(request: FastifyRequest, reply: FastifyReply, response: Response): Promise<void> {
    const raw = reply.raw;
    for (const [name, headerValue] of Object.entries(reply.getHeaders())) {
      if (headerValue !== undefined && !response.headers.has(name)) raw.setHeader(name, headerValue);
    }
    raw.setHeader('x-request-id', request.id);
    if (!response.headers.has('cache-control')) response.headers.set('cache-control', PAGE_CACHE);
    await sendResponse(raw, compressPage(response, request));
  }

  /**
   * A cached page with this response's nonce, in one write: gzip joined from the segments deflated
   * at store time when the client takes gzip (brotli would mean compressing the page again);
   * otherwise compressed whole as the client asks, or plain.
   */
  function sendCached(request: FastifyRequest, reply: FastifyReply, cached: CachedPage): void {
    reply.hijack();
    const raw = reply.raw;
    const acceptEncoding = request.headers['accept-encoding'];
    const nonce = reply.cspNonce.script;
    const page = acceptsEncoding(acceptEncoding, 'gzip')
      ? { encoding: 'gzip', body: gzipWithNonce(cached, nonce) }
      : compressBody(joinWithNonce(cached.segments, nonce), acceptEncoding);
    for (const [name, headerValue] of Object.entries(reply.getHeaders())) {
      if (headerValue !== undefined) raw.setHeader(name, headerValue);
    }
    for (const [name, headerValue] of cached.headers) raw.setHeader(name, headerValue);
    raw.setHeader('x-request-id', request.id);
    if (!raw.hasHeader('cache-control')) raw.setHeader('cache-control', PAGE_CACHE);
    if (page.encoding) raw.setHeader('content-encoding', page.encoding);
    const vary = String(raw.getHeader('vary') ?? '');
    if (!vary.toLowerCase().includes('accept-encoding')) {
      raw.setHeader('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    }
    raw.setHeader('content-length', page.body.length);
    raw.statusCode = cached.status;
    raw.end(page.body);
  }

  return async function renderPage(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const runtime = await getRuntime();
    const { build } = runtime;
    let handle = handlers.get(build);
    if (!handle) {
      handle = runtime.createRequestHandler(build, mode);
      handlers.set(build, handle);
    }
    const cacheKey = pageCache?.keyOf(request) ?? null;
    if (pageCache && cacheKey !== null) {
      const cached = await pageCache.lookup(cacheKey);
      if (cached) {
        sendCached(request, reply, cached);
        return;
      }
    }
    const rendering = pageCache && cacheKey !== null ? pageCache.begin(cacheKey) : null;
    const { value, setCookies, wrote, databaseUnavailable } = await createPageRequestContext(
      request,
      reply,
      deps,
    ).catch((error: unknown) => {
      rendering?.settle(null);
      throw error;
    });
    const loadContext = webEntry(build).createLoadContext(value);

    reply.hijack();
    const raw = reply.raw;
    const sendUnavailable = (error: unknown) => {
      request.log.warn({ err: error }, 'page rendering failed: database unavailable');
      raw.writeHead(503, {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        'retry-after': String(DATABASE_RETRY_AFTER_SECONDS),
        'x-request-id': request.id,
      });
      raw.end(databaseUnavailablePage(pathLocale(request.url)));
    };
    try {
      const webRequest = createRequest(request.raw, raw, { trustProxy: deps.config.TRUST_PROXY });
      let response = checkedLocation(await handle(webRequest, loadContext));
      if (response.status >= 500 && databaseUnavailable()) {
        // The page failed because the database did: its 503 page, not the site's 500 page.
        await response.body?.cancel();
        sendUnavailable(`page answered ${response.status}`);
        return;
      }
      if (
        rendering &&
        response.status === 200 &&
        response.body !== null &&
        setCookies.length === 0 &&
        !response.headers.has('set-cookie') &&
        (response.headers.get('content-type') ?? '').startsWith('text/html')
      ) {
        // A guest's pure read: the client gets its stream as it renders, the cache a copy of it.
        const [toClient, toCache] = response.body.tee();
        const headers = [...response.headers];
        const nonce = value.nonce;
        const status = response.status;
        void new Response(toCache).text().then(
          (html) =>
            rendering.settle(
              wrote() || databaseUnavailable() ? null : cachedPage(status, headers, html, nonce),
            ),
          () => rendering.settle(null),
        );
        response = new Response(toClient, { status, headers: response.headers });
      } else {
        rendering?.settle(null);
      }
      for (const cookie of setCookies) response.headers.append('set-cookie', cookie);
      await send(request, reply, response);
    } catch (error) {
      rendering?.settle(null);
      // Past hijack Fastify's error handler cannot answer: do it here, without internals.
      if (isDatabaseUnavailableError(error) && !raw.headersSent) {
        sendUnavailable(error);
        return;
      }
      request.log.error({ err: error }, 'page rendering failed');
      if (!raw.headersSent) {
        raw.writeHead(500, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
        raw.end('Internal Server Error');
      } else {
        raw.destroy();
      }
    }
  };
}

/**
 * The last look at every page response's `Location`: the web app's redirects already go through
 * `redirectTarget`; whatever slips past it (a route that builds its own) is held to the same rule
 * here — a same-origin path (normalised), or an absolute http(s) URL (only the redirect table's
 * external rules produce those). A protocol-relative or otherwise foreign target becomes a 404.
 */
export function checkedLocation(response: Response): Response {
  const location = response.headers.get('location');
  if (location === null) return response;
  const checked = redirectTarget(location, { external: /^https?:\/\//i.test(location) });
  if (checked === location) return response;
  if (checked) {
    const headers = new Headers(response.headers);
    headers.set('location', checked);
    return new Response(response.body, { status: response.status, headers });
  }
  return new Response('Not Found', {
    status: 404,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  });
}

async function loadProductionBuild(): Promise<ServerBuild> {
  try {
    return (await import(pathToFileURL(SERVER_BUILD).href)) as ServerBuild;
  } catch (error) {
    throw new Error(`The web app is not built (${SERVER_BUILD}): run \`npm run build\` first.`, {
      cause: error,
    });
  }
}

async function mountProduction(app: FastifyInstance, deps: LoadContextDeps): Promise<void> {
  const build = await loadProductionBuild();
  await app.register(fastifyStatic, {
    root: CLIENT_DIR,
    prefix: '/',
    // One route per built file (known at boot); every other path goes to the page renderer.
    wildcard: false,
    index: false,
    cacheControl: false,
    // The .br and .gz files written at build time (ADR 040), chosen by Accept-Encoding.
    preCompressed: true,
    setHeaders(reply, filePath) {
      const relative = path.relative(CLIENT_DIR, filePath).split(path.sep).join('/');
      reply.header(
        'cache-control',
        relative.startsWith('assets/')
          ? IMMUTABLE
          : REVALIDATED_FILES.test(relative)
            ? REVALIDATE
            : SHORT_CACHE,
      );
    },
  });
  // An asset of an older deploy is gone: a plain 404, not a rendered page.
  app.get('/assets/*', async (_request, reply) =>
    reply.code(404).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send('Not Found'),
  );
  const runtime: WebRuntime = { build, createRequestHandler };
  // Guests' pages, reused for a few seconds and dropped on every node when content is written (ADR 043).
  const seconds = deps.config.PAGE_CACHE_SECONDS;
  const pageCache = seconds > 0 ? createPageCache({ ttlMs: seconds * 1000 }) : null;
  if (pageCache) deps.services.push.onInvalidate('content', () => pageCache.clear());
  const renderPage = pageRenderer(deps, async () => runtime, 'production', pageCache);
  app.get('/*', renderPage);
  app.get('/', renderPage);
}

async function mountDevelopment(app: FastifyInstance, deps: LoadContextDeps): Promise<void> {
  // Imported here so production never loads Vite.
  const { createServer } = await import('vite');
  const vite = await createServer({
    root: WEB_ROOT,
    server: { middlewareMode: true, hmr: { server: app.server } },
    appType: 'custom',
  });
  app.addHook('onClose', async () => {
    await vite.close();
  });
  const renderPage = pageRenderer(
    deps,
    async () => {
      const [build, reactRouter] = await Promise.all([
        vite.ssrLoadModule('virtual:react-router/server-build'),
        vite.ssrLoadModule('react-router'),
      ]);
      return {
        build: build as ServerBuild,
        createRequestHandler: (reactRouter as { createRequestHandler: CreateRequestHandlerFunction })
          .createRequestHandler,
      };
    },
    'development',
    // Development renders every request: an edit shows at once.
    null,
  );

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    // Vite first: modules, styles, HMR client, pre-bundled deps. What it does not serve is a page.
    const servedByVite = await new Promise<boolean>((resolve, reject) => {
      const done = () => resolve(true);
      reply.raw.once('finish', done);
      vite.middlewares(request.raw, reply.raw, (error?: unknown) => {
        reply.raw.off('finish', done);
        if (error) reject(error);
        else resolve(false);
      });
    });
    if (servedByVite) {
      reply.hijack();
      return;
    }
    try {
      await renderPage(request, reply);
    } catch (error) {
      if (error instanceof Error) vite.ssrFixStacktrace(error);
      throw error;
    }
  };
  app.get('/*', handler);
  app.get('/', handler);
}

export async function webPlugin(app: FastifyInstance, options: WebPluginOptions): Promise<void> {
  if (options.mode === 'none') return;
  const deps: LoadContextDeps = {
    app,
    config: options.config,
    services: options.services,
    dispatcher: options.dispatcher,
  };
  if (options.mode === 'production') await mountProduction(app, deps);
  else await mountDevelopment(app, deps);
}
