/** Where the player's browser goes back to: the merchant's return_url with the outcome appended. */

export type ReturnStatus = 'success' | 'fail' | 'pending' | 'cancel';

/**
 * Appends `status=…` without re-serialising the merchant's own query (which URLSearchParams would
 * re-encode) and keeps any fragment last, where it belongs.
 */
export function returnLocation(returnUrl: string, status: ReturnStatus): string {
  const hashAt = returnUrl.indexOf('#');
  const base = hashAt === -1 ? returnUrl : returnUrl.slice(0, hashAt);
  const fragment = hashAt === -1 ? '' : returnUrl.slice(hashAt);
  const separator = !base.includes('?') ? '?' : base.endsWith('?') || base.endsWith('&') ? '' : '&';
  return `${base}${separator}status=${status}${fragment}`;
}

export function originOf(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}
