/**
 * The content service (spec §7): site configuration, SEO, robots, content pages, home blocks,
 * banners, redirects, custom code and favicons, read from PostgreSQL. Everything read on every page
 * render is cached per node for at most 10 s, so an operator's edit shows up within that time on
 * every node without any shared state.
 */
import { BANNER_FIELDS, type Banner, bannerPosition } from '@croupier/contract/banners/get';
import { type CmsConfig, cmsConfig } from '@croupier/contract/content/cms-config';
import type { HomeBlock } from '@croupier/contract/content/home';
import { formatRobotsTxt, robotsSitemapUrl } from '@croupier/contract/content/robots-txt';
import {
  type ContentPage,
  type CustomCodeEntry,
  customCodeEntry,
  type DomainSeoSettings,
  domainSeoSettings,
  type SeoRecord,
} from '@croupier/contract/content/seo';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@croupier/contract/locales';
import { MAX_PAGE_SIZE } from '@croupier/contract/params';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { type ParsedHost, parseHost } from '../../lib/host.ts';
import { type ImageNameMapping, remapImageName, remapImageNames } from '../../lib/image-names.ts';
import { type BannerTextRow, createCmsRepository } from './cms.repository.ts';
import {
  CMS_SECTIONS,
  type CmsSection,
  type DomainSeoDocument,
  domainSeoDocument,
  homeBlockDocument,
  type RobotsRules,
  robotsRules,
  seoDocument,
} from './cms.schemas.ts';
import { generateFavicons } from './favicon-image.ts';
import { generateMedia } from './media-art.ts';
import { createPromotionsPart } from './promotions.service.ts';
import { findRedirect, type RedirectMatch } from './redirects.ts';
import { isPathDisallowed, robotsPathVariants } from './robots.ts';
import { sanitizeContentHtml } from './sanitize.ts';
import { DEFAULT_ROBOTS_RULES, defaultDomainSeo, defaultSettings } from './seed-config.ts';
import {
  DEMO_BANNERS,
  DEMO_CUSTOM_CODES,
  DEMO_HOME_BLOCKS,
  DEMO_PAGES,
  DEMO_REDIRECTS,
  DEMO_SEO,
} from './seed-demo.ts';
import { DEMO_PROMOTIONS } from './seed-promotions.ts';
import { absoluteUrl, MAX_URL_CHARS, normalizePagePath, originForHost, safeRedirectTarget } from './urls.ts';

/** Read on every page render, edited rarely: a short cache keeps the database out of the hot path. */
const CACHE_TTL_MS = 10_000;
const DEFAULT_HOST = '*';
export const PAGE_SLUG_PATTERN = /^[a-z0-9][a-z0-9-]{0,99}$/;
const DAY_MS = 86_400_000;

export type FaviconKind = 'png' | 'apple_png' | 'ico';
export type BannerField = (typeof BANNER_FIELDS)[number];

export interface StoredImage {
  contentType: string;
  bytes: Buffer;
  updatedAt: Date;
}

interface DomainEntry {
  host: string;
  canonicalUrl: string | null;
  robots: RobotsRules;
  sitemapUrl: string | null;
}

interface DomainSnapshot {
  domains: Map<string, DomainEntry>;
  /** Keyed by `${host}\n${locale}`. */
  seo: Map<string, DomainSeoDocument>;
  favicons: DomainSeoSettings['favicons'];
}

/** A value loaded at most once per TTL per key; concurrent readers share one load. */
function ttlCache<K, V>(now: () => Date, load: (key: K) => Promise<V>) {
  const entries = new Map<K, { at: number; value: Promise<V> }>();
  return {
    get(key: K): Promise<V> {
      const at = now().getTime();
      const entry = entries.get(key);
      if (entry && at - entry.at <= CACHE_TTL_MS && at >= entry.at) return entry.value;
      const value = load(key);
      entries.set(key, { at, value });
      // A failed load must not be served from the cache for the next 10 s.
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      return value;
    },
    clear() {
      entries.clear();
    },
  };
}

export function faviconUrl(kind: FaviconKind, size: string): string {
  if (kind === 'ico') return '/favicon.ico';
  if (kind === 'apple_png') return `/favicons/apple-touch-icon-${size}.png`;
  return `/favicons/favicon-${size}.png`;
}

function isFaviconKind(value: string): value is FaviconKind {
  return value === 'png' || value === 'apple_png' || value === 'ico';
}

function localesFor(locale: Locale): Locale[] {
  return locale === DEFAULT_LOCALE ? [locale] : [locale, DEFAULT_LOCALE];
}

function invalidParameter(field: string, code: string): AppError {
  return new AppError('InvalidParameterException', {
    code: 'invalid_parameter',
    fields: { [field]: code },
    values: { fields: field },
  });
}

export interface CmsHooks {
  /**
   * Content was written: every node drops its cached copies (content reads, cached pages). Wired
   * to the push bus's `content` invalidation (ADR 043), which also calls `dropCaches` here.
   */
  changed?: () => Promise<void>;
}

export function createCmsService(deps: Pick<Deps, 'db' | 'config' | 'log' | 'now'>, hooks: CmsHooks = {}) {
  const repository = createCmsRepository(deps.db);
  const { log } = deps;

  // ---- Reads behind the cache -------------------------------------------------------------------

  const configCache = ttlCache(deps.now, async (locale: Locale): Promise<CmsConfig> => {
    const rows = await repository.settingsFor(localesFor(locale));
    const sections: Partial<Record<CmsSection, unknown>> = {};
    for (const section of CMS_SECTIONS) {
      // The request's language first, the default language's section when it is missing or broken.
      for (const candidate of localesFor(locale)) {
        const row = rows.find((r) => r.locale === candidate && r.section === section);
        if (!row) continue;
        const parsed = cmsConfig.shape[section].safeParse(row.document);
        if (parsed.success) {
          sections[section] = parsed.data;
          break;
        }
        log.error(
          { locale: candidate, section, issues: parsed.error.issues },
          'invalid cms settings section',
        );
      }
    }
    const parsed = cmsConfig.safeParse({ locale, ...sections });
    if (!parsed.success) {
      log.error({ locale, issues: parsed.error.issues }, 'cms configuration incomplete');
      throw new Error(`The content configuration for ${locale} is incomplete; has the content seed run?`);
    }
    return parsed.data;
  });

  /** Spec §7: the configured image-name mapping descriptions are remapped by. */
  async function imageNameMapping(locale: Locale): Promise<ImageNameMapping> {
    return (await configCache.get(locale))['settings-seo'].imageNameMapping;
  }

  const promotions = createPromotionsPart({ db: deps.db, now: deps.now, imageNameMapping });

  const domainCache = ttlCache(deps.now, async (_key: 'all'): Promise<DomainSnapshot> => {
    const [domainRows, seoRows, faviconRows] = await Promise.all([
      repository.allDomains(),
      repository.allDomainSeo(),
      repository.faviconKeys(),
    ]);
    const domains = new Map<string, DomainEntry>();
    for (const row of domainRows) {
      const robots = robotsRules.safeParse(row.robotsRules);
      if (!robots.success) log.error({ host: row.host, issues: robots.error.issues }, 'invalid robots rules');
      domains.set(row.host, {
        host: row.host,
        canonicalUrl: row.canonicalUrl,
        robots: robots.success ? robots.data : [],
        sitemapUrl: row.sitemapUrl,
      });
    }
    const seo = new Map<string, DomainSeoDocument>();
    for (const row of seoRows) {
      const parsed = domainSeoDocument.safeParse(row.document);
      if (parsed.success) seo.set(`${row.host}\n${row.locale}`, parsed.data);
      else
        log.error(
          { host: row.host, locale: row.locale, issues: parsed.error.issues },
          'invalid domain SEO document',
        );
    }
    const favicons = faviconRows
      .filter((row): row is { kind: FaviconKind; size: string } => isFaviconKind(row.kind))
      .sort((a, b) => a.kind.localeCompare(b.kind) || a.size.localeCompare(b.size, 'en', { numeric: true }))
      .map((row) => ({ kind: row.kind, size: row.size, url: faviconUrl(row.kind, row.size) }));
    return { domains, seo, favicons };
  });

  const redirectCache = ttlCache(deps.now, async (_key: 'all') => {
    const rows = await repository.enabledRedirects();
    return rows.filter(
      (row): row is typeof row & { status: 301 | 302 } => row.status === 301 || row.status === 302,
    );
  });

  const customCodeCache = ttlCache(deps.now, async (_key: 'all'): Promise<CustomCodeEntry[]> => {
    const rows = await repository.enabledCustomCodes();
    const entries: CustomCodeEntry[] = [];
    for (const row of rows) {
      const parsed = customCodeEntry.safeParse({ code: row.code, isEnabled: true, position: row.position });
      if (parsed.success) entries.push(parsed.data);
      else log.error({ position: row.position }, 'custom code entry with an unknown position skipped');
    }
    return entries;
  });

  const homeBlockCache = ttlCache(deps.now, async (locale: Locale): Promise<HomeBlock[]> => {
    let rows = await repository.homeBlocks(locale);
    if (rows.length === 0 && locale !== DEFAULT_LOCALE) rows = await repository.homeBlocks(DEFAULT_LOCALE);
    const blocks: HomeBlock[] = [];
    for (const row of rows) {
      const parsed = homeBlockDocument.safeParse(row.document);
      if (!parsed.success) {
        log.error({ key: row.key, locale, issues: parsed.error.issues }, 'invalid home block skipped');
        continue;
      }
      blocks.push({ id: row.key, ...parsed.data, text: sanitizeContentHtml(parsed.data.text) });
    }
    return blocks;
  });

  function clearCaches(): void {
    configCache.clear();
    domainCache.clear();
    redirectCache.clear();
    customCodeCache.clear();
    homeBlockCache.clear();
  }

  function resolveDomain(snapshot: DomainSnapshot, host: ParsedHost | null): DomainEntry | undefined {
    return (host ? snapshot.domains.get(host.hostname) : undefined) ?? snapshot.domains.get(DEFAULT_HOST);
  }

  function originOf(domain: DomainEntry | undefined, host: ParsedHost | null): string | null {
    if (domain?.canonicalUrl) return domain.canonicalUrl.replace(/\/+$/, '');
    return host ? originForHost(host, deps.config.PUBLIC_URL) : null;
  }

  // ---- Writes: validated and sanitised here, so every writer (seed, back office) gets the same rules.

  async function writeSettingsSection(
    locale: Locale,
    section: CmsSection,
    document: unknown,
  ): Promise<number> {
    const parsed = cmsConfig.shape[section].parse(document);
    return repository.insertSettings({ locale, section, document: parsed as Record<string, unknown> });
  }

  async function writeSeo(url: string, locale: Locale, document: unknown): Promise<number> {
    const key = normalizePagePath(url);
    if (key !== url) throw new Error(`SEO url ${url} is not normalised (expected ${key})`);
    const parsed = seoDocument.parse(document);
    const clean = { ...parsed, text: parsed.text === null ? null : sanitizeContentHtml(parsed.text) };
    return repository.insertSeoPage({ url: key, locale, document: clean });
  }

  async function writePage(page: {
    slug: string;
    locale: Locale;
    title: string;
    body: string;
    isPublished: boolean;
  }): Promise<number> {
    if (!PAGE_SLUG_PATTERN.test(page.slug)) throw new Error(`Invalid page slug ${page.slug}`);
    return repository.insertPage({
      slug: page.slug,
      locale: page.locale,
      title: page.title.trim(),
      bodyHtml: sanitizeContentHtml(page.body),
      isPublished: page.isPublished,
    });
  }

  async function writeHomeBlock(
    key: string,
    locale: Locale,
    sortOrder: number,
    document: unknown,
  ): Promise<number> {
    const parsed = homeBlockDocument.parse(document);
    return repository.insertHomeBlock({
      key,
      locale,
      sortOrder,
      document: { ...parsed, text: sanitizeContentHtml(parsed.text) },
    });
  }

  async function writeRedirect(rule: {
    fromUrl: string;
    toUrl: string;
    status: 301 | 302;
    sortOrder: number;
  }) {
    if (!rule.fromUrl.startsWith('/')) throw new Error(`Redirect source ${rule.fromUrl} must be a path`);
    if (!safeRedirectTarget(rule.toUrl))
      throw new Error(`Redirect target ${rule.toUrl} is not a safe target`);
    return repository.insertRedirect(rule);
  }

  async function seedDefaults(): Promise<number> {
    let inserted = 0;
    const settings = defaultSettings();
    for (const locale of LOCALES) {
      for (const section of CMS_SECTIONS)
        inserted += await writeSettingsSection(locale, section, settings[locale][section]);
    }
    inserted += await repository.insertDomain({
      host: DEFAULT_HOST,
      canonicalUrl: null,
      robotsRules: robotsRules.parse(DEFAULT_ROBOTS_RULES),
      sitemapUrl: null,
    });
    const domainSeo = defaultDomainSeo();
    for (const locale of LOCALES) {
      inserted += await repository.insertDomainSeo({
        host: DEFAULT_HOST,
        locale,
        document: domainSeoDocument.parse(domainSeo[locale]),
      });
    }
    const haveFavicons = new Set((await repository.faviconKeys()).map((row) => `${row.kind}:${row.size}`));
    for (const favicon of generateFavicons((kind, size) => !haveFavicons.has(`${kind}:${size}`))) {
      inserted += await repository.insertFavicon(favicon);
    }
    const haveMedia = new Set(await repository.mediaNames());
    for (const file of generateMedia()) {
      if (!haveMedia.has(file.name)) inserted += await repository.insertMedia(file);
    }
    return inserted;
  }

  async function seedDemo(): Promise<number> {
    let inserted = 0;
    const now = deps.now().getTime();
    const dayOffset = (days: number | null) => (days === null ? null : new Date(now + days * DAY_MS));
    for (const banner of DEMO_BANNERS) {
      inserted += await repository.insertBanner(
        {
          key: banner.key,
          position: bannerPosition.parse(banner.position),
          priority: banner.priority,
          startsAt: dayOffset(banner.startsInDays),
          finishedAt: dayOffset(banner.finishesInDays),
          link: banner.link,
        },
        LOCALES.map((locale) => ({ locale, ...banner.texts[locale] })),
      );
    }
    for (const block of DEMO_HOME_BLOCKS) {
      for (const locale of LOCALES)
        inserted += await writeHomeBlock(block.key, locale, block.sortOrder, block.documents[locale]);
    }
    for (const page of DEMO_PAGES) {
      for (const locale of LOCALES) {
        inserted += await writePage({
          slug: page.slug,
          locale,
          isPublished: page.isPublished,
          ...page.texts[locale],
        });
      }
    }
    for (const seo of DEMO_SEO) {
      for (const locale of LOCALES) inserted += await writeSeo(seo.url, locale, seo.documents[locale]);
    }
    for (const rule of DEMO_REDIRECTS) inserted += await writeRedirect(rule);
    for (const entry of DEMO_CUSTOM_CODES) inserted += await repository.insertCustomCode(entry);
    inserted += await promotions.seedPromotions(DEMO_PROMOTIONS);
    return inserted;
  }

  function bannerDto(
    row: { id: bigint; position: string; priority: number; finishedAt: Date | null; link: string | null },
    text: BannerTextRow,
    fields: ReadonlySet<BannerField>,
    mapping: ImageNameMapping,
  ): Banner {
    const id = Number(row.id);
    if (!Number.isSafeInteger(id)) throw new Error(`Banner id ${row.id} does not fit the wire format`);
    const banner: Banner = {};
    if (fields.has('id')) banner.id = id;
    if (fields.has('finished_at')) banner.finished_at = row.finishedAt ? row.finishedAt.toISOString() : null;
    if (fields.has('description')) {
      banner.description = {
        position: bannerPosition.parse(row.position),
        title: text.title,
        text: remapImageNames(text.text, mapping),
        image: remapImageName(text.image, mapping),
        image_mobile: text.imageMobile === null ? null : remapImageName(text.imageMobile, mapping),
        button_text: text.buttonText,
        link: row.link,
        priority: row.priority,
      };
    }
    return banner;
  }

  return {
    /**
     * `demo: false`: the configuration every site needs; `demo: true`: that plus demo content. Only
     * inserts what is missing, so running it again (or on a site an operator has edited) is harmless.
     */
    async seed(options: { demo: boolean }): Promise<void> {
      let inserted = await seedDefaults();
      if (options.demo) inserted += await seedDemo();
      clearCaches();
      if (inserted > 0) await hooks.changed?.();
      log.info({ inserted, demo: options.demo }, 'content seed applied');
    },

    /** Forgets every cached read (content changed here or on another node). */
    dropCaches(): void {
      clearCaches();
    },

    async getConfig(locale: Locale): Promise<CmsConfig> {
      return configCache.get(locale);
    },

    /**
     * SEO settings of the domain named by `host` (a Host header value, port allowed), falling back to
     * the `*` domain. Without a configured canonical URL, the canonical origin is the request's host.
     */
    async getDomainSeo(host: string, locale: Locale): Promise<DomainSeoSettings> {
      const parsedHost = parseHost(host);
      if (!parsedHost) throw invalidParameter('host', 'invalid_format');
      const snapshot = await domainCache.get('all');
      const domain = resolveDomain(snapshot, parsedHost);
      const document =
        (domain &&
          (snapshot.seo.get(`${domain.host}\n${locale}`) ??
            snapshot.seo.get(`${domain.host}\n${DEFAULT_LOCALE}`))) ??
        snapshot.seo.get(`${DEFAULT_HOST}\n${locale}`) ??
        snapshot.seo.get(`${DEFAULT_HOST}\n${DEFAULT_LOCALE}`);
      if (!document) throw new Error('No domain SEO settings; has the content seed run?');
      const origin = originOf(domain, parsedHost) ?? originForHost(parsedHost, deps.config.PUBLIC_URL);
      // Structured data needs absolute URLs; the stored document keeps paths so it works on any host.
      const absolute = (value: string) => absoluteUrl(value, origin);
      return domainSeoSettings.parse({
        host: parsedHost.hostname,
        meta: document.meta,
        canonical: { url: origin },
        organization: {
          ...document.organization,
          url: absolute(document.organization.url),
          logo: absolute(document.organization.logo),
        },
        product: { ...document.product, image: absolute(document.product.image) },
        robots: {
          rules: domain?.robots ?? [],
          sitemap: domain?.sitemapUrl ? absolute(domain.sitemapUrl) : null,
        },
        defaults: { ...document.defaults, image: absolute(document.defaults.image) },
        favicons: snapshot.favicons,
      });
    },

    /** The SEO record of a page; the url is normalised (locale prefix, query, trailing slash removed). */
    async findSeo(url: string, locale: Locale): Promise<SeoRecord | null> {
      const key = normalizePagePath(url);
      if (!key) return null;
      const stored = await repository.findSeoDocument(key, locale);
      if (!stored) return null;
      const parsed = seoDocument.safeParse(stored);
      if (!parsed.success) {
        // Spec §8: a failed SEO load is logged and the page goes on with empty values.
        log.error({ url: key, locale, issues: parsed.error.issues }, 'invalid SEO record');
        return null;
      }
      return {
        url: key,
        locale,
        ...parsed.data,
        text: parsed.data.text === null ? null : sanitizeContentHtml(parsed.data.text),
      };
    },

    /** robots.txt for the domain named by `host`; an unusable host gets the `*` domain's file. */
    async robotsTxt(host: string): Promise<string> {
      const parsedHost = parseHost(host);
      const snapshot = await domainCache.get('all');
      const domain = resolveDomain(snapshot, parsedHost);
      const origin = originOf(domain, parsedHost);
      // robots.txt only allows an absolute sitemap URL (the desk's preview uses the same two functions).
      return formatRobotsTxt(domain?.robots ?? [], robotsSitemapUrl(domain?.sitemapUrl ?? null, origin));
    },

    /** Whether the page at `path` is disallowed for every crawler (the web then renders noindex). */
    async isDisallowed(host: string, path: string): Promise<boolean> {
      if (path.length > MAX_URL_CHARS) return false;
      const snapshot = await domainCache.get('all');
      const domain = resolveDomain(snapshot, parseHost(host));
      if (!domain) return false;
      return robotsPathVariants(path).some((variant) => isPathDisallowed(domain.robots, variant));
    },

    /** A published content page; the body is sanitised again on the way out. */
    async findPage(slug: string, locale: Locale): Promise<ContentPage | null> {
      if (!PAGE_SLUG_PATTERN.test(slug)) return null;
      const row = await repository.findPublishedPage(slug, locale);
      if (!row) return null;
      return {
        slug: row.slug,
        locale: row.locale,
        title: row.title,
        body: sanitizeContentHtml(row.bodyHtml),
        updatedAt: row.updatedAt.toISOString(),
      };
    },

    async getHomeBlocks(locale: Locale): Promise<HomeBlock[]> {
      return homeBlockCache.get(locale);
    },

    /** Enabled custom-code entries, in order. Operator code: served as written, by design (spec §4). */
    async customCode(): Promise<CustomCodeEntry[]> {
      return customCodeCache.get('all');
    },

    /**
     * The redirect for a path (a locale prefix, query and trailing slash are ignored). Internal
     * locations are paths without locale prefix: the caller puts the request's locale back. A rule
     * whose target is unsafe (`javascript:`, `//host`, `/\host`…) counts as no match.
     */
    async matchRedirect(path: string): Promise<RedirectMatch | null> {
      return findRedirect(await redirectCache.get('all'), path, (rule) => {
        log.warn({ fromUrl: rule.fromUrl }, 'redirect rule with an unsafe target ignored');
      });
    },

    /** Banners active now, by priority (lower first), texts in `locale` or else the default locale. */
    async listBanners(options: {
      locale: Locale;
      offset: number;
      count: number;
      fields?: BannerField[] | undefined;
      position?: string | undefined;
    }): Promise<{ items: Banner[]; total: number }> {
      if (!Number.isSafeInteger(options.offset) || options.offset < 0)
        throw invalidParameter('offset', 'invalid');
      if (!Number.isSafeInteger(options.count) || options.count < 1 || options.count > MAX_PAGE_SIZE) {
        throw invalidParameter('count', 'invalid');
      }
      let position: string | undefined;
      if (options.position !== undefined) {
        const parsed = bannerPosition.safeParse(options.position);
        if (!parsed.success) throw invalidParameter('position', 'invalid_value');
        position = parsed.data;
      }
      const fields = new Set<BannerField>(options.fields?.length ? options.fields : BANNER_FIELDS);
      const locales = localesFor(options.locale);
      const { rows, total } = await repository.activeBanners({
        at: deps.now(),
        position,
        locales,
        offset: options.offset,
        count: options.count,
      });
      const [texts, mapping] = await Promise.all([
        repository.bannerTexts(
          rows.map((row) => row.id),
          locales,
        ),
        imageNameMapping(options.locale),
      ]);
      const items: Banner[] = [];
      for (const row of rows) {
        const text =
          texts.find((t) => t.bannerId === row.id && t.locale === options.locale) ??
          texts.find((t) => t.bannerId === row.id && t.locale === DEFAULT_LOCALE);
        if (text) items.push(bannerDto(row, text, fields, mapping));
      }
      return { items, total };
    },

    /** The image-name mapping of `locale` (spec §7), for other modules' descriptions. */
    imageNameMapping,

    /** promotions.get and promotions.getOne (promotions.service.ts). */
    listPromotions: promotions.listPromotions,
    getPromotion: promotions.getPromotion,

    /** A favicon image; `size` is `32x32`, or `multi` for the ICO. */
    async getFavicon(kind: FaviconKind, size: string): Promise<StoredImage | null> {
      if (!/^(\d{1,4}x\d{1,4}|multi)$/.test(size)) return null;
      return repository.findFavicon(kind, size);
    },

    /** An image the content refers to, by file name (`logo.svg`). */
    async getMedia(name: string): Promise<StoredImage | null> {
      if (!/^[a-z0-9][a-z0-9-]{0,80}\.(svg|png|ico|webp|jpg)$/.test(name)) return null;
      return repository.findMedia(name);
    },
  };
}

export type CmsService = ReturnType<typeof createCmsService>;
