/**
 * Security headers with a Content Security Policy. Scripts need this request's nonce (the SSR
 * hydration script and enabled custom-code entries carry it); nothing else runs inline. Development
 * relaxes script-src for Vite's HMR client.
 */
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

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
  await app.register(helmet, {
    enableCSPNonces: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        // telegram.org: the messenger mini-app script, loaded on demand inside Telegram (spec §7).
        'script-src': options.dev
          ? ["'self'", "'unsafe-inline'", "'unsafe-eval'", TELEGRAM_SCRIPT_ORIGIN, ...chatHttps]
          : ["'self'", TELEGRAM_SCRIPT_ORIGIN, ...chatHttps],
        'style-src': ["'self'", "'unsafe-inline'", ...chatHttps],
        // helmet adds a nonce to style-src, which makes browsers ignore 'unsafe-inline' there;
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
}
