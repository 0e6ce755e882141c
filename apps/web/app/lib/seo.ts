/**
 * SEO helpers (spec §3 "SEO settings per domain" and "Per-page SEO record", §9 canonical rule):
 * canonical and hreflang URLs, the page title, meta descriptors and JSON-LD documents.
 * Pure functions: the root route's `meta` and `Layout` call them with loader data.
 */
import type { DomainSeoSettings, MetaEntry, SeoRecord } from '@croupier/contract/content/seo';
import { LOCALE_TAGS, LOCALES, type Locale, localizePath } from '@croupier/contract/locales';
import type { MetaDescriptor } from 'react-router';
import { removeTrailingSlash } from './locale-paths.ts';

/** `https://x.test/` + `/fr/about/` → `https://x.test/fr/about`; trailing slash removed (spec §9). */
export function canonicalUrl(base: string, pathWithLocale: string): string {
  const origin = base.replace(/\/+$/, '');
  const path = removeTrailingSlash(pathWithLocale.startsWith('/') ? pathWithLocale : `/${pathWithLocale}`);
  return path === '/' ? origin : `${origin}${path}`;
}

export interface AlternateLink {
  hrefLang: string;
  href: string;
}

/** One alternate per language plus x-default (the unprefixed English page). */
export function alternateLinks(base: string, pathWithoutLocale: string): AlternateLink[] {
  const links: AlternateLink[] = LOCALES.map((locale) => ({
    hrefLang: locale,
    href: canonicalUrl(base, localizePath(pathWithoutLocale, locale)),
  }));
  links.push({ hrefLang: 'x-default', href: canonicalUrl(base, localizePath(pathWithoutLocale, 'en')) });
  return links;
}

/** `%s | Croupier` with `About` → `About | Croupier`; a template without `%s` is used as a suffix. */
export function applyTitleTemplate(template: string, title: string): string {
  if (!template) return title;
  return template.includes('%s') ? template.replaceAll('%s', title) : `${title} ${template}`;
}

export interface TitleSources {
  /** The page's own SEO record: used verbatim. */
  record?: { title: string } | null;
  /** The page's heading (content page title, system page header): put through the template. */
  pageTitle?: string | null;
  template: string;
  defaultTitle: string;
}

/** Title order (spec §3): SEO record → page title in the template → default title. */
export function pageTitle(sources: TitleSources): string {
  const fromRecord = sources.record?.title?.trim();
  if (fromRecord) return fromRecord;
  const fromPage = sources.pageTitle?.trim();
  if (fromPage) return applyTitleTemplate(sources.template, fromPage);
  return sources.defaultTitle;
}

/**
 * JSON for a `<script type="application/ld+json">`: `<`, `>`, `&` and the JS line separators are
 * escaped so that text from the content service can never close the script element.
 */
export function serializeJsonLd(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

type JsonLd = Record<string, unknown>;

export function organizationJsonLd(domain: Pick<DomainSeoSettings, 'organization'>): JsonLd {
  const { organization } = domain;
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: organization.name,
    url: organization.url,
    logo: organization.logo,
    contactPoint: {
      '@type': 'ContactPoint',
      telephone: organization.contactPoint.telephone,
      contactType: organization.contactPoint.contactType,
      areaServed: organization.contactPoint.areaServed,
      availableLanguage: organization.contactPoint.availableLanguage,
    },
    sameAs: organization.sameAs,
  };
}

export function productJsonLd(domain: Pick<DomainSeoSettings, 'product'>): JsonLd {
  const { product } = domain;
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    image: product.image,
    description: product.description,
    sku: product.sku,
    brand: { '@type': 'Brand', name: product.brand.name },
  };
}

export function faqJsonLd(faq: SeoRecord['faq']): JsonLd | undefined {
  if (faq.length === 0) return undefined;
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: faq.map((entry) => ({
      '@type': 'Question',
      name: entry.question,
      acceptedAnswer: { '@type': 'Answer', text: entry.answer },
    })),
  };
}

export function articleJsonLd(article: SeoRecord['article'], url: string): JsonLd | undefined {
  if (!article) return undefined;
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: article.headline,
    description: article.description,
    ...(article.image ? { image: article.image } : {}),
    datePublished: article.datePublished,
    dateModified: article.dateModified,
    mainEntityOfPage: url,
  };
}

/** Every JSON-LD document of a page: Organization and Product always, FAQPage and Article when the record has them. */
export function jsonLdDocuments(
  domain: Pick<DomainSeoSettings, 'organization' | 'product'> | null,
  record: Pick<SeoRecord, 'faq' | 'article'> | null,
  url: string,
): JsonLd[] {
  const documents: Array<JsonLd | undefined> = [];
  if (domain) documents.push(organizationJsonLd(domain), productJsonLd(domain));
  if (record) documents.push(faqJsonLd(record.faq), articleJsonLd(record.article, url));
  return documents.filter((document): document is JsonLd => document !== undefined);
}

/** A content-service meta entry as a React Router meta descriptor; empty or unusable entries are dropped. */
function metaEntryDescriptor(entry: MetaEntry): MetaDescriptor | undefined {
  if (entry.charset) return undefined; // The document already declares UTF-8.
  if (entry.content === undefined) return undefined;
  if (entry.name) return { name: entry.name, content: entry.content };
  if (entry.property) return { property: entry.property, content: entry.content };
  if (entry.httpEquiv) return { httpEquiv: entry.httpEquiv, content: entry.content };
  return undefined;
}

export interface PageSeoInput {
  locale: Locale;
  /** Current path without locale prefix (`/about`, `/` for home). */
  path: string;
  /** Canonical origin: the domain's canonical URL, else the public URL. */
  canonicalBase: string;
  title: string;
  description: string;
  siteName: string;
  image: string | null;
  openGraph: SeoRecord['openGraph'];
  domainMeta: MetaEntry[];
  recordMeta: MetaEntry[];
  noindex: boolean;
  /** Error pages have no canonical or alternates: they are not the page at that URL. */
  indexable: boolean;
  favicons: DomainSeoSettings['favicons'];
}

/** Meta keys the page computes itself; content-service lists cannot override them. */
const COMPUTED_KEYS = new Set(['description', 'robots']);

/**
 * All head tags of a page, as React Router meta descriptors (title, description, meta list, Open
 * Graph, robots, canonical, hreflang, favicons). Precedence for a given name/property: built-in
 * defaults < domain meta list < the page's own values < the page's SEO record meta list.
 */
export function pageMetaDescriptors(input: PageSeoInput): MetaDescriptor[] {
  const url = canonicalUrl(input.canonicalBase, localizePath(input.path, input.locale));
  const byKey = new Map<string, MetaDescriptor>();
  const put = (key: string, descriptor: MetaDescriptor) => {
    byKey.delete(key); // Re-inserting keeps the final order readable: later sources last.
    byKey.set(key, descriptor);
  };
  const putEntries = (entries: MetaEntry[]) => {
    for (const entry of entries) {
      const descriptor = metaEntryDescriptor(entry);
      const key = entry.name ?? entry.property ?? entry.httpEquiv;
      if (!descriptor || !key || COMPUTED_KEYS.has(key)) continue;
      put(key, descriptor);
    }
  };

  put('theme-color', { name: 'theme-color', content: '#0b1020' });
  putEntries(input.domainMeta);

  const og = input.openGraph;
  put('og:site_name', { property: 'og:site_name', content: input.siteName });
  put('og:title', { property: 'og:title', content: og?.title || input.title });
  put('og:description', { property: 'og:description', content: og?.description || input.description });
  put('og:type', { property: 'og:type', content: og?.type || 'website' });
  put('og:locale', { property: 'og:locale', content: LOCALE_TAGS[input.locale].replace('-', '_') });
  const image = og?.image || input.image;
  if (image) put('og:image', { property: 'og:image', content: image });
  if (input.indexable) put('og:url', { property: 'og:url', content: url });
  putEntries(input.recordMeta);

  const descriptors: MetaDescriptor[] = [{ title: input.title }];
  if (input.description) descriptors.push({ name: 'description', content: input.description });
  if (input.noindex || !input.indexable) descriptors.push({ name: 'robots', content: 'noindex, follow' });
  descriptors.push(...byKey.values());

  if (input.indexable) {
    descriptors.push({ tagName: 'link', rel: 'canonical', href: url });
    for (const link of alternateLinks(input.canonicalBase, input.path)) {
      descriptors.push({ tagName: 'link', rel: 'alternate', hrefLang: link.hrefLang, href: link.href });
    }
  }
  for (const icon of input.favicons) {
    // `sizes` only when it is a real `WxH` (an .ico holding several sizes has none).
    const sizes = /^\d+x\d+$/.test(icon.size) ? { sizes: icon.size } : {};
    if (icon.kind === 'apple_png')
      descriptors.push({ tagName: 'link', rel: 'apple-touch-icon', href: icon.url, ...sizes });
    else if (icon.kind === 'ico')
      descriptors.push({ tagName: 'link', rel: 'icon', href: icon.url, ...sizes });
    else descriptors.push({ tagName: 'link', rel: 'icon', type: 'image/png', href: icon.url, ...sizes });
  }
  return descriptors;
}
