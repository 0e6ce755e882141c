/**
 * The full-page redirect to the payment provider's hosted page after `cashier.makedeposit` (card
 * data never touches our pages). The URL is ours (a same-origin path, or an absolute URL on our
 * origin such as the sandbox provider's) or the provider's absolute http(s) URL; only the latter is
 * an external navigation, and it is flagged as such explicitly (spec §2). Anything else is refused.
 */
import { type SafeNavigateOptions, safeNavigate, toSafeHref } from '../../lib/navigation.ts';

const ABSOLUTE_HTTP = /^https?:\/\//i;

/** The href to load: a root-relative path for our own pages, the absolute URL for the provider's. */
export function providerHref(redirectUrl: string, origin: string): string {
  return toSafeHref(redirectUrl, { origin, external: ABSOLUTE_HTTP.test(redirectUrl.trim()) });
}

/** Leaves for the hosted page (`window.location.assign`, never an in-app navigation). */
export function goToProvider(
  redirectUrl: string,
  options: Pick<SafeNavigateOptions, 'assign' | 'origin'> = {},
) {
  safeNavigate(redirectUrl, { ...options, external: ABSOLUTE_HTTP.test(redirectUrl.trim()) });
}
