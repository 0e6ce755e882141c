/**
 * Security headers with a Content Security Policy. Scripts need this request's nonce (the SSR
 * hydration script and enabled custom-code entries carry it); nothing else runs inline. Development
 * relaxes script-src for Vite's HMR client.
 *
 * The policy is compiled once into its text around the two nonces, so a response's header is one
 * concatenation. helmet sets the other headers (built once too) but not the policy: its CSP
 * middleware ran each directive's nonce function and validated every value again on every request,
 * 6.8 % of the server's CPU in the webhook benchmark (issue #17). @fastify/helmet, before that,
 * built a whole new helmet per request.
 */
import { randomFillSync } from 'node:crypto';
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

/** Where a directive takes this response's nonce. */
export const SCRIPT_NONCE = Symbol('script nonce');
export const STYLE_NONCE = Symbol('style nonce');
type Source = string | typeof SCRIPT_NONCE | typeof STYLE_NONCE;
export type PolicyDirectives = Readonly<Record<string, readonly Source[]>>;

/**
 * The policy's text as a function of the nonces, written as helmet writes it (`name value value;…`,
 * a directive without values as its name alone). The sources are this module's constants and the
 * configured chat hosts; the nonces are hex, so nothing needs escaping.
 */
export function compilePolicy(directives: PolicyDirectives): (nonces: CspNonces) => string {
  const pieces: Source[] = [];
  let text = '';
  Object.entries(directives).forEach(([name, sources], index) => {
    text += `${index > 0 ? ';' : ''}${name}`;
    for (const source of sources) {
      if (typeof source === 'string') {
        text += ` ${source}`;
      } else {
        pieces.push(`${text} 'nonce-`, source);
        text = "'";
      }
    }
  });
  pieces.push(text);
  return (nonces) => {
    let policy = '';
    for (const piece of pieces) {
      policy += piece === SCRIPT_NONCE ? nonces.script : piece === STYLE_NONCE ? nonces.style : piece;
    }
    return policy;
  };
}

/** Where `https://telegram.org/js/telegram-web-app.js` comes from (the web's messenger sign-in). */
const TELEGRAM_SCRIPT_ORIGIN = 'https://telegram.org';

export interface SecurityHeaderOptions {
  dev: boolean;
  secure: boolean;
  /** The chosen live chat's sources (https and wss of its hosts); empty without a chat. */
  chatSources?: readonly string[];
}

/** The policy's directives: scripts by nonce, the chat's hosts where it needs them. */
export function policyDirectives(options: SecurityHeaderOptions): PolicyDirectives {
  const chat = options.chatSources ?? [];
  const chatHttps = chat.filter((source) => source.startsWith('https:'));
  return {
    'default-src': ["'self'"],
    // telegram.org: the messenger mini-app script, loaded on demand inside Telegram (spec §7).
    'script-src': options.dev
      ? ["'self'", "'unsafe-inline'", "'unsafe-eval'", TELEGRAM_SCRIPT_ORIGIN, ...chatHttps, SCRIPT_NONCE]
      : ["'self'", TELEGRAM_SCRIPT_ORIGIN, ...chatHttps, SCRIPT_NONCE],
    'style-src': ["'self'", "'unsafe-inline'", ...chatHttps, STYLE_NONCE],
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
  };
}

export async function securityHeaders(app: FastifyInstance, options: SecurityHeaderOptions) {
  const policy = compilePolicy(policyDirectives(options));
  const headers = helmet({
    contentSecurityPolicy: false,
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
    reply.raw.setHeader('Content-Security-Policy', policy(nonces));
    headers(request.raw, reply.raw, (error) => done(error instanceof Error ? error : undefined));
  });
}
