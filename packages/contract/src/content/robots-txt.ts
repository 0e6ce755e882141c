/**
 * The text of a domain's robots.txt (spec §5 "Robots"), from its rule groups and sitemap URL. It lives
 * in the contract, not the server, so that the back office's domains desk previews exactly the file
 * the server will serve (ADR 053) without the web bundle importing server code: pure, no imports.
 */

export interface RobotsGroup {
  userAgent: string;
  allow: string[];
  disallow: string[];
}

/** One robots.txt line value: no line breaks, so an edited rule cannot add lines of its own. */
function lineValue(value: string): string {
  return value.replace(/[\r\n]+/g, ' ').trim();
}

export function formatRobotsTxt(groups: readonly RobotsGroup[], sitemapUrl: string | null): string {
  const blocks = groups.map((group) => {
    const lines = [`User-agent: ${lineValue(group.userAgent) || '*'}`];
    for (const pattern of group.allow) lines.push(`Allow: ${lineValue(pattern)}`);
    for (const pattern of group.disallow) lines.push(`Disallow: ${lineValue(pattern)}`);
    // A group without rules must still say something: an empty Disallow allows everything.
    if (group.allow.length === 0 && group.disallow.length === 0) lines.push('Disallow:');
    return lines.join('\n');
  });
  if (blocks.length === 0) blocks.push('User-agent: *\nDisallow:');
  if (sitemapUrl) blocks.push(`Sitemap: ${lineValue(sitemapUrl)}`);
  return `${blocks.join('\n\n')}\n`;
}

/**
 * The Sitemap line's URL: an absolute http(s) URL as it is, a path against the domain's origin;
 * robots.txt only allows an absolute sitemap URL, so a path without an origin gives none.
 */
export function robotsSitemapUrl(sitemapUrl: string | null, origin: string | null): string | null {
  if (!sitemapUrl) return null;
  const absolute =
    origin && sitemapUrl.startsWith('/') && !sitemapUrl.startsWith('//')
      ? `${origin.replace(/\/+$/, '')}${sitemapUrl}`
      : sitemapUrl;
  return /^https?:\/\//i.test(absolute) ? absolute : null;
}
