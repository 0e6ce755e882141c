/**
 * Security headers with a Content Security Policy. Scripts need this request's nonce (the SSR
 * hydration script and enabled custom-code entries carry it); nothing else runs inline. Development
 * relaxes script-src for Vite's HMR client.
 *
 * helmet's middleware is built once, its nonces read from the response (`reply.cspNonce`, set just
 * before). @fastify/helmet built a new helmet (every option and directive parsed again) for each
 * request, which cost more than the rest of a small API call's own work (issue #17).
 */
import { randomFillSync } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

declare module 'fastify' {
  interface FastifyReply {
    /** This response's CSP nonces (hex, 128 bits each): the page's inline script and styles carry them. */
    cspNonce: CspNonces;
  }
}

export interface CspNonces {
  script: string;
  style: string;
}

const NONCES = Symbol('cspNonces');
type WithNonces = ServerResponse & { [NONCES]?: CspNonces };

/** 16 random bytes as hex, from a pool refilled by the CSPRNG every 256 nonces. */
const NONCE_BYTES = 16;
const POOL_SIZE = 256;
const pool = Buffer.alloc(NONCE_BYTES * POOL_SIZE);
let poolNext = POOL_SIZE;
function nonce(): string {
  if (poolNext === POOL_SIZE) {
    randomFillSync(pool);
    poolNext = 0;
  }
  const start = poolNext * NONCE_BYTES;
  poolNext += 1;
  return pool.toString('hex', start, start + NONCE_BYTES);
}

const scriptNonce = (_request: unknown, response: unknown) =>
  `'nonce-${(response as WithNonces)[NONCES]?.script ?? ''}'`;
const styleNonce = (_request: unknown, response: unknown) =>
  `'nonce-${(response as WithNonces)[NONCES]?.style ?? ''}'`;

/** Where `https://telegram.org/js/telegram-web-app.js` comes from (the web's messenger sign-in). */
const TELEGRAM_SCRIPT_ORIGIN = 'https://telegram.org';

export interface SecurityHeaderOptions {
  dev: boolean;
  secure: boolean;
  /** The chosen live chat's sources (https and wss of its hosts); empty without a chat. */
  chatSources?: readonly string[];
}

export async function securityHeaders(app: FastifyInstance, options: SecurityHeaderOptions) {
  const chat = options.chatSources ?? [];
  const chatHttps = chat.filter((source) => source.startsWith('https:'));
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        // telegram.org: the messenger mini-app script, loaded on demand inside Telegram (spec §7).
        'script-src': options.dev
          ? ["'self'", "'unsafe-inline'", "'unsafe-eval'", TELEGRAM_SCRIPT_ORIGIN, ...chatHttps, scriptNonce]
          : ["'self'", TELEGRAM_SCRIPT_ORIGIN, ...chatHttps, scriptNonce],
        'style-src': ["'self'", "'unsafe-inline'", ...chatHttps, styleNonce],
        // The nonce in style-src makes browsers ignore 'unsafe-inline' there;
        // React's style attributes (offsets, z-order) need this directive of their own.
        'style-src-attr': ["'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:', 'https:'],
        'font-src': ["'self'", 'data:', ...chatHttps],
        'connect-src': options.dev ? ["'self'", 'ws:', 'wss:', ...chat] : ["'self'", ...chat],
        'media-src': ["'self'", 'data:'],
        'frame-src': ["'self'", ...chatHttps],
        // The service worker (/sw.js) and the web app manifests are this site's own files (ADR 038).
        'worker-src': ["'self'"],
        'manifest-src': ["'self'"],
        'frame-ancestors': ["'self'"],
        'form-action': ["'self'"],
        'base-uri': ["'self'"],
        'object-src': ["'none'"],
        ...(options.secure ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    // The game iframe and the payment provider's return pages are same-origin; embedding is ours only.
    frameguard: { action: 'sameorigin' },
    crossOriginEmbedderPolicy: false,
    // The social-login popup (spec §7) posts its result to window.opener; a plain same-origin
    // policy would sever that link.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    strictTransportSecurity: options.secure ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.decorateReply('cspNonce', null as unknown as CspNonces);
  app.addHook('onRequest', (request, reply, done) => {
    const nonces = { script: nonce(), style: nonce() };
    reply.cspNonce = nonces;
    (reply.raw as WithNonces)[NONCES] = nonces;
    headers(request.raw, reply.raw, (error) => done(error instanceof Error ? error : undefined));
  });
}
