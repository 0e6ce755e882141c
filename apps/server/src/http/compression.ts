/**
 * Compressed responses (issue #17, ADR 040): brotli or gzip for every text response a browser
 * accepts it for.
 *
 * - Fastify replies (API JSON, content service, robots, sitemaps…): @fastify/compress, above 1 KB,
 *   brotli at quality 4 (on the fly: the top qualities cost tens of milliseconds a response).
 * - Pages: rendered after `reply.hijack()`, so the plugin never sees them; `compressPage` wraps the
 *   rendered response's stream, flushing after every chunk so a streamed page still arrives in pieces.
 * - Built assets: compressed once at build time (apps/web/scripts/precompress.ts, brotli at 11 and
 *   gzip at 9) and served as they are by @fastify/static (`preCompressed`).
 * - The push streams (`text/event-stream`) are never compressed: every event must leave at once.
 */
import { Readable } from 'node:stream';
import { brotliCompressSync, constants, createBrotliCompress, createGzip, gzipSync } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

export type ContentEncoding = 'br' | 'gzip';

/** Below this many bytes a response goes as it is (the headers would eat the gain). */
export const COMPRESSION_THRESHOLD = 1024;
const BROTLI_ON_THE_FLY_QUALITY = 4;
const COMPRESSIBLE =
  /^(?:text\/(?!event-stream)|application\/(?:json|javascript|xml|manifest\+json)|image\/svg\+xml)/i;

export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESSION_THRESHOLD,
    encodings: ['br', 'gzip'],
    brotliOptions: {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_ON_THE_FLY_QUALITY,
      },
    },
  });
}

/** The weights an `Accept-Encoding` header gives brotli and gzip (absent: not named, or unreadable). */
function encodingWeights(acceptEncoding: string | string[] | undefined): Map<ContentEncoding, number> {
  const weights = new Map<ContentEncoding, number>();
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding;
  if (!header) return weights;
  for (const part of header.split(',')) {
    const [rawName, ...params] = part.trim().split(';');
    const name = rawName?.trim().toLowerCase();
    if (name !== 'br' && name !== 'gzip') continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.toLowerCase().startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    if (Number.isFinite(q)) weights.set(name, Math.max(q, weights.get(name) ?? 0));
  }
  return weights;
}

/**
 * The encoding to use for an `Accept-Encoding` header: brotli before gzip at equal weight, never one
 * the client refused (`q=0`), none when it names neither (`identity`, `*` alone is not trusted).
 */
export function pickEncoding(acceptEncoding: string | string[] | undefined): ContentEncoding | null {
  const weights = encodingWeights(acceptEncoding);
  const br = weights.get('br') ?? 0;
  const gzip = weights.get('gzip') ?? 0;
  if (br <= 0 && gzip <= 0) return null;
  return br >= gzip ? 'br' : 'gzip';
}

/** Whether the client takes `encoding` at all (named with a weight above 0). */
export function acceptsEncoding(
  acceptEncoding: string | string[] | undefined,
  encoding: ContentEncoding,
): boolean {
  return (encodingWeights(acceptEncoding).get(encoding) ?? 0) > 0;
}

/**
 * Quality for a whole page compressed at once (a cached page served again, ADR 043): brotli 2 is
 * within 5% of 4's size on the home page at a third of its time; gzip 1 likewise for gzip.
 */
const BROTLI_WHOLE_PAGE_QUALITY = 2;
const GZIP_WHOLE_PAGE_LEVEL = 1;

/** A complete body compressed for `acceptEncoding` (null: sent as it is). */
export function compressBody(
  body: Buffer,
  acceptEncoding: string | string[] | undefined,
): { encoding: ContentEncoding | null; body: Buffer } {
  const encoding = pickEncoding(acceptEncoding);
  if (encoding === null || body.length < COMPRESSION_THRESHOLD) return { encoding: null, body };
  if (encoding === 'gzip') return { encoding, body: gzipSync(body, { level: GZIP_WHOLE_PAGE_LEVEL }) };
  return {
    encoding,
    body: brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_WHOLE_PAGE_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  };
}

/** A rendered page's response, compressed for the client when it is worth it. */
export function compressPage(
  response: Response,
  request: { method: string; headers: { 'accept-encoding'?: string | string[] | undefined } },
): Response {
  const encoding = pickEncoding(request.headers['accept-encoding']);
  const type = response.headers.get('content-type') ?? '';
  if (
    encoding === null ||
    response.body === null ||
    request.method === 'HEAD' ||
    response.status === 204 ||
    response.status === 304 ||
    response.headers.has('content-encoding') ||
    !COMPRESSIBLE.test(type)
  ) {
    return response;
  }
  const compressor =
    encoding === 'br'
      ? createBrotliCompress({
          flush: constants.BROTLI_OPERATION_FLUSH,
          params: {
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_QUALITY]: BROTLI_ON_THE_FLY_QUALITY,
          },
        })
      : createGzip({ flush: constants.Z_SYNC_FLUSH });
  const source = Readable.fromWeb(response.body as import('node:stream/web').ReadableStream<Uint8Array>);
  source.on('error', (error) => compressor.destroy(error));
  const body = Readable.toWeb(source.pipe(compressor)) as ReadableStream<Uint8Array>;
  const headers = new Headers(response.headers);
  headers.set('content-encoding', encoding);
  headers.delete('content-length');
  const vary = headers.get('vary');
  if (!vary?.toLowerCase().includes('accept-encoding')) {
    headers.set('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
  }
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}
