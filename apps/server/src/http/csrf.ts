/**
 * CSRF check of ARCHITECTURE.md §3 for state-changing calls. Browsers send Fetch Metadata
 * (`Sec-Fetch-Site`); older ones at least `Origin`. A cross-site or same-site-but-other-origin
 * request is refused. A request with neither header is not from a browser page (curl, a server) and
 * cannot carry a victim's cookies by a browser's doing, so it passes.
 *
 * `Origin` is compared as a whole origin — scheme, host and port: with PUBLIC_URL against its
 * origin (so `http://casino.example` is refused when the site is https), without it against the
 * Host this request reached, and an http Origin is refused on a request that came over https.
 */
export function isCrossSiteRequest(
  headers: {
    secFetchSite?: string | undefined;
    origin?: string | undefined;
    host?: string | undefined;
    /** `http` or `https`: how this request reached us (Fastify's `request.protocol`). */
    protocol?: string | undefined;
  },
  publicUrl: string | undefined,
): boolean {
  const site = headers.secFetchSite?.toLowerCase();
  if (site) return site !== 'same-origin' && site !== 'none';
  const origin = headers.origin;
  if (!origin) return false;
  if (origin === 'null') return true;
  let actual: URL;
  try {
    actual = new URL(origin);
  } catch {
    return true;
  }
  if (publicUrl) return actual.origin !== new URL(publicUrl).origin;
  if (!headers.host) return true;
  // A page on plain http (readable and writable by anyone on the network) never acts on the https
  // site. The other way round passes: behind a TLS proxy without TRUST_PROXY the request looks http.
  if (headers.protocol?.toLowerCase() === 'https' && actual.protocol !== 'https:') return true;
  return actual.host.toLowerCase() !== headers.host.toLowerCase();
}
