/**
 * The one place the server decides the origin of an absolute URL it builds (canonical, og:url,
 * hreflang and JSON-LD links, mailed links, sandbox return addresses, OAuth callbacks):
 *
 * 1. `PUBLIC_URL` when it is set — always, whatever Host the request carried;
 * 2. otherwise the origin this request reached: its scheme and its Host header, validated
 *    (`parseHost`: a plausible name or IP literal and port, nothing else).
 *
 * Mailed links are stricter (`mailLinkOrigin`): in production a Host header never chooses where a
 * link in an email points — a forged Host on a password reset would otherwise mail the victim a
 * working token on another site — so production without PUBLIC_URL keeps the local address and
 * says so in the log. docs/decisions/010-http-edge.md.
 *
 * API methods reach the request's origin without threading it through every service: the
 * dispatcher runs each call inside `withRequestOrigin`.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { parseHost } from './host.ts';

export interface OriginConfig {
  PUBLIC_URL?: string | undefined;
  NODE_ENV: string;
  PORT: number;
}

/** PUBLIC_URL without its trailing slashes (`https://casino.example`), or undefined. */
export function configuredOrigin(publicUrl: string | undefined): string | undefined {
  if (!publicUrl) return undefined;
  return new URL(publicUrl).origin;
}

/**
 * `https://casino.example:8443` from a request's scheme and Host header, or undefined when the
 * Host is missing or not a plausible host (`parseHost`).
 */
export function requestOrigin(protocol: string, host: string | null | undefined): string | undefined {
  const parsed = parseHost(host);
  if (!parsed) return undefined;
  const scheme = protocol.toLowerCase() === 'https' ? 'https' : 'http';
  return `${scheme}://${parsed.host}`;
}

/** PUBLIC_URL when set, else the request's own (validated) origin; undefined when neither exists. */
export function publicOrigin(
  config: Pick<OriginConfig, 'PUBLIC_URL'>,
  request: { protocol: string; host: string | null | undefined } | undefined,
): string | undefined {
  return (
    configuredOrigin(config.PUBLIC_URL) ??
    (request ? requestOrigin(request.protocol, request.host) : undefined)
  );
}

const currentOrigin = new AsyncLocalStorage<string | undefined>();

/** Runs `fn` with `origin` as the request origin `mailLinkOrigin` and `linkOrigin` see. */
export function withRequestOrigin<T>(origin: string | undefined, fn: () => T): T {
  return currentOrigin.run(origin, fn);
}

/** The local address of this server: the last resort when no request names an origin. */
function localOrigin(config: Pick<OriginConfig, 'PORT'>): string {
  return `http://localhost:${config.PORT}`;
}

/**
 * The origin of browser-facing links built inside an API call (payment return pages…): PUBLIC_URL,
 * else the origin of the request being served, else the local address.
 */
export function linkOrigin(config: Pick<OriginConfig, 'PUBLIC_URL' | 'PORT'>): string {
  return configuredOrigin(config.PUBLIC_URL) ?? currentOrigin.getStore() ?? localOrigin(config);
}

let warnedAboutMailLinks = false;

/**
 * The origin of links in email and SMS: PUBLIC_URL; outside production the host the player used;
 * in production without PUBLIC_URL the local address (a Host header is never trusted for mail).
 */
export function mailLinkOrigin(
  config: OriginConfig,
  log?: { warn(details: object, message: string): void },
): string {
  const configured = configuredOrigin(config.PUBLIC_URL);
  if (configured) return configured;
  if (config.NODE_ENV !== 'production') return currentOrigin.getStore() ?? localOrigin(config);
  if (log && !warnedAboutMailLinks) {
    warnedAboutMailLinks = true;
    log.warn({}, 'mailed links point at the local address: set PUBLIC_URL in production');
  }
  return localOrigin(config);
}
