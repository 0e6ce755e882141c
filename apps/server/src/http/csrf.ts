/**
 * CSRF check of ARCHITECTURE.md §3 for state-changing calls. Browsers send Fetch Metadata
 * (`Sec-Fetch-Site`); older ones at least `Origin`. A cross-site or same-site-but-other-origin
 * request is refused. A request with neither header is not from a browser page (curl, a server) and
 * cannot carry a victim's cookies by a browser's doing, so it passes.
 */
export function isCrossSiteRequest(
  headers: { secFetchSite?: string | undefined; origin?: string | undefined; host?: string | undefined },
  publicUrl: string | undefined,
): boolean {
  const site = headers.secFetchSite?.toLowerCase();
  if (site) return site !== 'same-origin' && site !== 'none';
  const origin = headers.origin;
  if (!origin) return false;
  if (origin === 'null') return true;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return true;
  }
  const expected = publicUrl ? new URL(publicUrl).host : headers.host;
  return !expected || originHost.toLowerCase() !== expected.toLowerCase();
}
