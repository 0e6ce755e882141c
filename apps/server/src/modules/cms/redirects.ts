/**
 * The redirect table's matching rule (spec §2): the path, without locale prefix, query or trailing
 * slash, is compared with each rule's `from_url` in order; `*` matches any run of characters. The
 * first rule that matches and whose target is safe wins.
 */
import { normalizePagePath, safeRedirectTarget, wildcardMatch } from './urls.ts';

export interface RedirectRule {
  fromUrl: string;
  toUrl: string;
  status: 301 | 302;
}

export interface RedirectMatch {
  location: string;
  status: 301 | 302;
  external: boolean;
}

/**
 * `rules` must already be in sort order. A matching rule with an unsafe target (`javascript:`,
 * `//host`, `/\host`…) is skipped as if it did not match, and reported through `onUnsafe`.
 */
export function findRedirect(
  rules: readonly RedirectRule[],
  path: string,
  onUnsafe: (rule: RedirectRule) => void = () => {},
): RedirectMatch | null {
  const key = normalizePagePath(path);
  if (!key) return null;
  for (const rule of rules) {
    if (!wildcardMatch(rule.fromUrl, key)) continue;
    const target = safeRedirectTarget(rule.toUrl);
    if (!target) {
      onUnsafe(rule);
      continue;
    }
    return { location: target.location, status: rule.status, external: target.external };
  }
  return null;
}
