/**
 * robots.txt of a domain (spec §5 "Robots"): the file itself, and whether a page is disallowed, which
 * makes the web render `<meta name="robots" content="noindex, follow">`. Matching follows Google's
 * rules (RFC 9309): patterns match from the start of the path, `*` is any run of characters, a final
 * `$` anchors the end, the longest matching pattern wins and Allow wins a tie. The file's text is
 * the contract's `formatRobotsTxt` (content/robots-txt.ts), shared with the back office's preview.
 */
import type { RobotsGroup } from '@croupier/contract/content/robots-txt';
import { splitLocalePath } from '@croupier/contract/locales';
import { wildcardMatch } from './urls.ts';

/** Whether one robots pattern matches a path (with its query, as crawlers see it). */
export function robotsPatternMatches(pattern: string, path: string): boolean {
  if (pattern.length === 0) return false;
  if (pattern.endsWith('$')) return wildcardMatch(pattern.slice(0, -1), path);
  return wildcardMatch(`${pattern}*`, path);
}

/** Length of the longest pattern of `patterns` that matches, or -1. */
function longestMatch(patterns: readonly string[], path: string): number {
  let best = -1;
  for (const pattern of patterns) {
    if (pattern.length > best && robotsPatternMatches(pattern, path)) best = pattern.length;
  }
  return best;
}

/** Whether `path` is disallowed for the `*` user agent. */
export function isPathDisallowed(groups: readonly RobotsGroup[], path: string): boolean {
  const everyone = groups.filter((group) => group.userAgent.trim() === '*');
  const allow = everyone.flatMap((group) => group.allow);
  const disallow = everyone.flatMap((group) => group.disallow);
  const disallowed = longestMatch(disallow, path);
  if (disallowed < 0) return false;
  return longestMatch(allow, path) < disallowed;
}

/**
 * The forms of a page path to test against the rules: as given (with its query) and without its
 * locale prefix, so `Disallow: /search` also covers `/fr/search`. Absolute URLs are reduced to their
 * path; the fragment never reaches a server, so it is dropped.
 */
export function robotsPathVariants(input: string): string[] {
  let value = input.trim();
  if (/^https?:\/\//i.test(value)) {
    try {
      const url = new URL(value);
      value = `${url.pathname}${url.search}`;
    } catch {
      return [];
    }
  }
  value = value.replace(/#.*$/s, '');
  if (!value.startsWith('/')) value = `/${value}`;
  const queryAt = value.indexOf('?');
  const pathname = queryAt < 0 ? value : value.slice(0, queryAt);
  const query = queryAt < 0 ? '' : value.slice(queryAt);
  const withoutLocale = `${splitLocalePath(pathname).path}${query}`;
  return withoutLocale === value ? [value] : [value, withoutLocale];
}
