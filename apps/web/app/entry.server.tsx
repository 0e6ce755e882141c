/**
 * Server rendering. Every document waits for all content (`onAllReady`) — bots and people alike —
 * so crawlers get complete HTML (SEO first) and the operator's custom code can be inserted into
 * the finished markup. The CSP nonce of the request goes to React Router's inline scripts and to
 * React's own.
 */
import { PassThrough } from 'node:stream';
import { ZOD_CONFIG_SCRIPT } from '@croupier/contract/zod-config';
import { renderToPipeableStream } from 'react-dom/server';
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from 'react-router';
import { ServerRouter } from 'react-router';
import { registerAllLocales } from './i18n/i18n.server.ts';
import { injectCustomCode, injectHeadScript, lowPriorityModulePreloads } from './lib/html-inject.ts';
import { getWebContext } from './lib/web-context.ts';

// The Fastify server builds the load context with these (read from `build.entry.module`), so the
// context key is the one instance the routes read.
export { createLoadContext, webContext } from './lib/web-context.ts';

registerAllLocales();

/** Rendering a page may not take longer than this; then whatever is ready is sent. */
export const streamTimeout = 10_000;

function renderDocument(
  request: Request,
  routerContext: EntryContext,
  nonce: string,
): Promise<{ html: string; failed: boolean }> {
  return new Promise((resolve, reject) => {
    let failed = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        // The document is sent whole (onAllReady), so no Suspense boundary gains anything from being
        // "outlined": React would otherwise send every boundary past the first 12.8 KB as a hidden
        // segment revealed by a script a frame after the first paint — content that pops in and
        // pushes the page down (a layout shift on every home load, issue #17).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          clearTimeout(timer);
          const chunks: Buffer[] = [];
          const sink = new PassThrough();
          sink.on('data', (chunk: Buffer) => chunks.push(chunk));
          sink.on('end', () => resolve({ html: Buffer.concat(chunks).toString('utf8'), failed }));
          sink.on('error', reject);
          pipe(sink);
        },
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error: unknown) {
          failed = true;
          if (!request.signal.aborted) console.error(error);
        },
      },
    );
    timer = setTimeout(() => abort(), streamTimeout);
  });
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
): Promise<Response> {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === 'HEAD') {
    responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const web = getWebContext(loadContext);
  const [{ html, failed }, entries] = await Promise.all([
    renderDocument(request, routerContext, web.nonce),
    web.content.customCode().catch((error: unknown) => {
      // Spec §8: custom code failures are logged; the page is served without it.
      web.log.error({ err: error }, 'custom code could not be loaded');
      return [];
    }),
  ]);
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
  // Zod's CSP-safe config runs before any module of the page (packages/contract/src/zod-config.ts).
  const page = injectHeadScript(
    injectCustomCode(lowPriorityModulePreloads(html), entries, web.nonce),
    ZOD_CONFIG_SCRIPT,
    web.nonce,
  );
  return new Response(page, {
    status: failed && responseStatusCode < 400 ? 500 : responseStatusCode,
    headers: responseHeaders,
  });
}

export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  try {
    getWebContext(context).log.error({ err: error, url: request.url }, 'error while rendering a page');
  } catch {
    console.error(error);
  }
};
