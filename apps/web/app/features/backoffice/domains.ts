/**
 * The domains desk's data (ADR 053): a domain as `GET /nfx/operator/domains` answers it, the form's
 * state and the request body it becomes. Robots patterns are typed one per line; the server refuses
 * any with whitespace, so a line break can never reach robots.txt as a line of its own.
 */
import { formatRobotsTxt, type RobotsGroup, robotsSitemapUrl } from '@croupier/contract/content/robots-txt';

export const DOMAIN_LOCALES = ['en', 'fr'] as const;
export type DomainLocale = (typeof DOMAIN_LOCALES)[number];

export interface StaffDomain {
  host: string;
  canonical_url: string | null;
  sitemap_url: string | null;
  robots_rules: RobotsGroup[];
  seo: Record<DomainLocale, Record<string, unknown> | null>;
  version: string;
}

/** A robots group as the form holds it: its patterns as text, one a line. */
export interface GroupDraft {
  userAgent: string;
  allow: string;
  disallow: string;
}

export interface DomainDraft {
  host: string;
  canonical: string;
  sitemap: string;
  groups: GroupDraft[];
  /** Each language's SEO document as JSON text; empty: none of its own. */
  seo: Record<DomainLocale, string>;
}

export const FALLBACK_HOST = '*';
/** What a new host's form starts from: everything open to crawlers. */
export const NEW_DOMAIN: StaffDomain = {
  host: '',
  canonical_url: null,
  sitemap_url: '/sitemap.xml',
  robots_rules: [{ userAgent: '*', allow: [], disallow: [] }],
  seo: { en: null, fr: null },
  version: '',
};

/** The path segment of a host: `*` spelled `%2A` so no router reads it as a splat. */
export function hostSegment(host: string): string {
  return encodeURIComponent(host).replace(/\*/g, '%2A');
}

export function draftOf(domain: StaffDomain): DomainDraft {
  return {
    host: domain.host,
    canonical: domain.canonical_url ?? '',
    sitemap: domain.sitemap_url ?? '',
    groups: domain.robots_rules.map((group) => ({
      userAgent: group.userAgent,
      allow: group.allow.join('\n'),
      disallow: group.disallow.join('\n'),
    })),
    seo: {
      en: domain.seo.en ? JSON.stringify(domain.seo.en, null, 2) : '',
      fr: domain.seo.fr ? JSON.stringify(domain.seo.fr, null, 2) : '',
    },
  };
}

const lines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');

export function groupsOf(draft: DomainDraft): RobotsGroup[] {
  return draft.groups.map((group) => ({
    userAgent: group.userAgent.trim(),
    allow: lines(group.allow),
    disallow: lines(group.disallow),
  }));
}

/** The robots.txt the server will serve for this draft (the contract's formatter, the server's own). */
export function robotsPreview(draft: DomainDraft): string {
  const canonical = draft.canonical.trim();
  const origin = canonical || (draft.host && draft.host !== FALLBACK_HOST ? `https://${draft.host}` : null);
  return formatRobotsTxt(groupsOf(draft), robotsSitemapUrl(draft.sitemap.trim() || null, origin));
}

/** A language's SEO text that is not a JSON object. */
export class SeoJsonError extends Error {
  readonly locale: DomainLocale;
  constructor(locale: DomainLocale) {
    super(`seo.${locale}`);
    this.locale = locale;
  }
}

/** The body of a create (with the host) or an update (with the version read). */
export function domainBody(draft: DomainDraft, version: string | null): Record<string, unknown> {
  const seo: Record<string, unknown> = {};
  for (const locale of DOMAIN_LOCALES) {
    const text = draft.seo[locale].trim();
    if (text === '') {
      seo[locale] = null;
      continue;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new SeoJsonError(locale);
    }
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
      throw new SeoJsonError(locale);
    seo[locale] = parsed;
  }
  const fields = {
    canonical_url: draft.canonical.trim() || null,
    sitemap_url: draft.sitemap.trim() || null,
    robots_rules: groupsOf(draft),
    seo,
  };
  return version === null ? { host: draft.host.trim().toLowerCase(), ...fields } : { version, ...fields };
}

/** A field path the server named (`robots_rules.0.disallow.1`) as its top-level field. */
export function topField(path: string): string {
  return path.split('.')[0] ?? path;
}
