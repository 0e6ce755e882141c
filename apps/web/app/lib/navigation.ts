/**
 * Safe navigation (spec §2, ARCHITECTURE.md §8): redirect targets and links from content are
 * same-origin paths unless explicitly marked external; `//host`, `/\host`, `javascript:`, `data:`,
 * `vbscript:` and friends are refused whatever the flag says.
 */

export type UnsafeNavigationReason =
  | 'dangerous_protocol'
  | 'protocol_relative'
  | 'external_not_allowed'
  | 'invalid';

export class UnsafeNavigationError extends Error {
  readonly url: string;
  readonly reason: UnsafeNavigationReason;
  constructor(url: string, reason: UnsafeNavigationReason) {
    super(`Refused navigation to ${JSON.stringify(url.slice(0, 200))}: ${reason}`);
    this.name = 'UnsafeNavigationError';
    this.url = url;
    this.reason = reason;
  }
}

/** Schemes an external link may use; anything else (javascript:, data:, vbscript:, file:…) is refused. */
const EXTERNAL_SCHEMES = new Set(['http:', 'https:', 'mailto:', 'tel:']);

export interface SafeHrefOptions {
  /** The caller states that leaving the site is intended (a menu item marked external, a redirect to a partner). */
  external?: boolean;
  /** The site's own origin: an absolute URL on it is treated as internal and made relative. */
  origin?: string;
}

/**
 * Returns an href that is safe to navigate to, or throws UnsafeNavigationError.
 * Internal results are always root-relative paths (`/about?x=1#top`).
 */
export function toSafeHref(url: string, options: SafeHrefOptions = {}): string {
  // Browsers drop tabs and newlines anywhere in a URL and trim C0 controls and spaces around it,
  // so `java\tscript:` is `javascript:`: normalise the same way before deciding.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
  const cleaned = url.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');
  if (cleaned === '') throw new UnsafeNavigationError(url, 'invalid');
  // A backslash is a slash to browsers in http(s) URLs: `/\host` and `\\host` are protocol-relative.
  if (/^[/\\]{2}/.test(cleaned)) throw new UnsafeNavigationError(url, 'protocol_relative');

  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(cleaned)?.[1]?.toLowerCase();
  if (scheme === undefined) {
    if (cleaned.startsWith('/')) return cleaned;
    // `about`, `?x=1`, `#top`: relative to the current page is never what content means; anchor at root.
    if (cleaned.startsWith('?') || cleaned.startsWith('#')) return cleaned;
    return `/${cleaned}`;
  }

  const protocol = `${scheme}:`;
  if (!EXTERNAL_SCHEMES.has(protocol)) throw new UnsafeNavigationError(url, 'dangerous_protocol');

  if ((protocol === 'http:' || protocol === 'https:') && options.origin) {
    let parsed: URL;
    try {
      parsed = new URL(cleaned);
    } catch {
      throw new UnsafeNavigationError(url, 'invalid');
    }
    if (parsed.origin === new URL(options.origin).origin)
      return `${parsed.pathname}${parsed.search}${parsed.hash}`;
  }
  if (!options.external) throw new UnsafeNavigationError(url, 'external_not_allowed');
  return cleaned;
}

/** Whether `toSafeHref` accepts the URL with these options. */
export function isSafeHref(url: string, options: SafeHrefOptions = {}): boolean {
  try {
    toSafeHref(url, options);
    return true;
  } catch {
    return false;
  }
}

/** Whether a safe href leaves the site (an absolute URL or a mailto:/tel: link). */
export function isExternalHref(href: string): boolean {
  return /^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(href);
}

export interface SafeNavigateOptions extends SafeHrefOptions {
  /** In-app navigation (React Router's `navigate`); without it the browser loads the page. */
  navigate?: (to: string) => void;
  /** Defaults to `window.location.assign`; injectable for tests. */
  assign?: (href: string) => void;
}

/**
 * Navigates to `url` after `toSafeHref`'s checks; throws UnsafeNavigationError when refused
 * (spec §2: navigating to an external URL without an explicit flag is an error).
 */
export function safeNavigate(url: string, options: SafeNavigateOptions = {}): void {
  const origin = options.origin ?? (typeof window === 'undefined' ? undefined : window.location.origin);
  const href = toSafeHref(url, { external: options.external, origin });
  const assign = options.assign ?? ((target: string) => window.location.assign(target));
  if (isExternalHref(href) || !options.navigate) assign(href);
  else options.navigate(href);
}

/** A fixed origin to resolve against: if resolving moves a path off it, the input named another host. */
const PROBE_ORIGIN = 'http://same-origin.invalid';

/** Longest path a redirect of ours carries; anything longer is not an address the site produced. */
const MAX_SAME_ORIGIN_PATH_LENGTH = 4096;

/**
 * The one same-origin check every redirect the site emits goes through (locale correction, the
 * redirect table's internal targets, the preferred-language redirect, the guest guard, `backUrl` /
 * `redirectUrl`, and the server's last look at each response's `Location`).
 *
 * Returns the path resolved on a fixed origin — dot segments removed, `\` read as `/`, runs of
 * slashes collapsed (so `/en//evil.com` can never become `//evil.com`), every character outside
 * ASCII percent-encoded (a valid header value) — or undefined when `value` is not a root-relative
 * path of this origin: `//host`, `/\host`, any scheme, a relative path, control characters.
 */
export function sameOriginPath(value: string): string | undefined {
  if (value.length === 0 || value.length > MAX_SAME_ORIGIN_PATH_LENGTH) return undefined;
  if (!value.startsWith('/') || /^[/\\]{2}/.test(value)) return undefined;
  // Browsers drop tabs and newlines inside URLs, so `/\t/evil.com` is `//evil.com` to them.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
  if (/[\u0000-\u001f\u007f]/.test(value)) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(value, PROBE_ORIGIN);
  } catch {
    return undefined;
  }
  if (parsed.origin !== PROBE_ORIGIN) return undefined;
  const pathname = parsed.pathname.replace(/\/{2,}/g, '/');
  return `${pathname}${parsed.search}${parsed.hash}`;
}

/**
 * A redirect target the site may emit: a same-origin path through `sameOriginPath`, or (only with
 * `external`, for the redirect table's absolute targets) an absolute http(s) URL, serialised by
 * the URL parser so it is ASCII. Undefined when neither.
 */
export function redirectTarget(value: string, options: { external?: boolean } = {}): string | undefined {
  if (options.external && /^https?:\/\//i.test(value)) {
    try {
      const parsed = new URL(value);
      if (parsed.username !== '' || parsed.password !== '') return undefined;
      return parsed.href;
    } catch {
      return undefined;
    }
  }
  return sameOriginPath(value);
}
