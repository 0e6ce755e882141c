/**
 * Content's domains desk (issue #18, ADR 053): per domain (a host, or `*` for every other one) its
 * canonical origin, sitemap URL, robots.txt rules and localised SEO document (en, fr). What staff send
 * is checked strictly here, on top of the contract's shapes (`robotsRules`, `domainSeoDocument`):
 * a robots pattern with whitespace or a line break would add lines of its own to robots.txt, so it is
 * refused rather than cleaned. Bad input is a typed error with nothing written.
 *
 * Optimistic concurrency without a column (ADR 048, lib/edit-version.ts): a domain's version is the
 * digest of its editable fields, SEO documents included; a write locks the domain's row, recomputes
 * the version and refuses `stale_version` when it differs. Each write is one transaction, then the
 * `changed` hook drops the cached domains and pages on every node (robots.txt shows the edit at once).
 * Access checks and audit rows are the back-office service's (domains-desk.routes.ts).
 */
import type { Db } from '@croupier/db/client';
import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { assertVersion, editVersion } from '../../lib/edit-version.ts';
import { type DomainSeoDocument, domainSeoDocument, type RobotsRules, robotsRules } from './cms.schemas.ts';
import { cmsDomainSeo, cmsDomains } from './cms.tables.ts';
import { hasControlCharacter } from './urls.ts';

/** Far above any real operator's domains; the list is read whole. */
const MAX_DOMAINS = 1_000;
const FALLBACK_HOST = '*';
const DESK_LOCALES = ['en', 'fr'] as const;
type DeskLocale = (typeof DESK_LOCALES)[number];

export const hostName = z
  .string()
  .max(253)
  .refine(
    (value) =>
      value === FALLBACK_HOST ||
      /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/.test(value),
    'invalid_host',
  );

function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]';
}

/** An https origin without path, query or credentials (http for localhost only); kept as its origin. */
const canonicalOrigin = z
  .string()
  .max(2048)
  .transform((value, context) => {
    let url: URL | null = null;
    try {
      url = /^https?:\/\/[^\s]+$/i.test(value) ? new URL(value) : null;
    } catch {
      url = null;
    }
    const ok =
      url !== null &&
      (url.protocol === 'https:' || (url.protocol === 'http:' && isLoopback(url.hostname))) &&
      url.pathname === '/' &&
      !/\/\/[^/]*\/./.test(value) &&
      url.search === '' &&
      url.hash === '' &&
      url.username === '' &&
      url.password === '' &&
      !value.includes('?') &&
      !value.includes('#');
    if (!ok || url === null) {
      context.addIssue({ code: 'custom', message: 'invalid_origin' });
      return z.NEVER;
    }
    return url.origin;
  });

/** Whitespace or any C0/C1 control character: never inside one robots.txt line's value. */
const unsafeLine = (value: string) => /\s/.test(value) || hasControlCharacter(value);

/** An absolute http(s) URL or a path (`/sitemap.xml`), on one line. */
const sitemapUrl = z
  .string()
  .max(2048)
  .refine((value) => {
    if (value.length === 0 || unsafeLine(value)) return false;
    if (value.startsWith('/')) return !value.startsWith('//');
    try {
      const url = new URL(value);
      return (
        (url.protocol === 'https:' || url.protocol === 'http:') && url.username === '' && url.password === ''
      );
    } catch {
      return false;
    }
  }, 'invalid_url');

/** A robots.txt path pattern (RFC 9309): starts with `/` or `*`, one line, no whitespace. */
const robotsPattern = z
  .string()
  .max(512)
  .refine((value) => /^[/*]/.test(value) && !unsafeLine(value), 'invalid_pattern');

/** A user-agent product token (`*`, `Googlebot`, `AdsBot-Google`…). */
const userAgent = z.string().regex(/^(?:\*|[A-Za-z0-9_.-]{1,100})$/, 'invalid_user_agent');

export const MAX_ROBOTS_GROUPS = 100;
export const MAX_ROBOTS_PATTERNS = 100;

const strictRobotsRules = z
  .array(
    z
      .object({
        userAgent,
        allow: z.array(robotsPattern).max(MAX_ROBOTS_PATTERNS),
        disallow: z.array(robotsPattern).max(MAX_ROBOTS_PATTERNS),
      })
      .strict(),
  )
  .max(MAX_ROBOTS_GROUPS);

/** The contract's localised SEO settings, unknown keys refused, bounded in size. */
const seoDocument = z
  .strictObject(domainSeoDocument.shape)
  .refine((value) => JSON.stringify(value).length <= 50_000, 'too_long');

const editable = {
  canonical_url: canonicalOrigin.nullable(),
  sitemap_url: sitemapUrl.nullable(),
  robots_rules: strictRobotsRules,
  /** One document per language; null: none of its own (the `*` domain's, then English, serve). */
  seo: z.object({ en: seoDocument.nullable(), fr: seoDocument.nullable() }).strict(),
};
export const domainCreate = z.object({ host: hostName, ...editable }).strict();
export const domainUpdate = z.object({ version: z.string().regex(/^[0-9a-f]{24}$/), ...editable }).strict();

export interface StaffDomain {
  host: string;
  canonical_url: string | null;
  sitemap_url: string | null;
  robots_rules: RobotsRules;
  seo: Record<DeskLocale, DomainSeoDocument | null>;
  version: string;
}

type Fields = Omit<StaffDomain, 'version'>;

function validation(error: z.ZodError): AppError {
  const fields = Object.fromEntries(
    error.issues.slice(0, 10).map((issue) => [issue.path.join('.') || 'body', issue.message || issue.code]),
  );
  return new AppError('InvalidParameterException', { code: 'validation', message: 'validation', fields });
}

function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw validation(parsed.error);
  return parsed.data;
}

const refused = (code: string, field: string, problem: string) =>
  new AppError('InvalidParameterException', { code, message: code, fields: { [field]: problem } });
export const domainNotFound = () =>
  new AppError('MethodNotFoundException', { code: 'domain_not_found', message: 'domain_not_found' });

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type DomainRow = typeof cmsDomains.$inferSelect;
type SeoRow = { host: string; locale: string; document: Record<string, unknown> };

/** Stored rows as the desk shows them; a stored document the schema no longer accepts reads as-is. */
function toFields(row: DomainRow, seoRows: readonly SeoRow[]): Fields {
  const seo: Record<DeskLocale, DomainSeoDocument | null> = { en: null, fr: null };
  for (const seoRow of seoRows) {
    if (seoRow.host === row.host && (DESK_LOCALES as readonly string[]).includes(seoRow.locale))
      seo[seoRow.locale as DeskLocale] = seoRow.document as DomainSeoDocument;
  }
  const rules = robotsRules.safeParse(row.robotsRules);
  return {
    host: row.host,
    canonical_url: row.canonicalUrl,
    sitemap_url: row.sitemapUrl,
    robots_rules: rules.success ? rules.data : [],
    seo,
  };
}

function withVersion(fields: Fields): StaffDomain {
  return { ...fields, version: editVersion(fields) };
}

export function createDomainsDesk(db: Db, hooks: { changed?: () => Promise<void> } = {}) {
  async function changed(): Promise<void> {
    await hooks.changed?.();
  }

  async function readSeo(executor: Db | Tx, host?: string): Promise<SeoRow[]> {
    return executor
      .select({ host: cmsDomainSeo.host, locale: cmsDomainSeo.locale, document: cmsDomainSeo.document })
      .from(cmsDomainSeo)
      .where(host === undefined ? undefined : eq(cmsDomainSeo.host, host))
      .orderBy(asc(cmsDomainSeo.host), asc(cmsDomainSeo.locale))
      .limit(MAX_DOMAINS * DESK_LOCALES.length);
  }

  /** The domain's row locked for the rest of the transaction, with its SEO documents. */
  async function lockDomain(tx: Tx, host: string): Promise<Fields> {
    const [row] = await tx.select().from(cmsDomains).where(eq(cmsDomains.host, host)).limit(1).for('update');
    if (!row) throw domainNotFound();
    return toFields(row, await readSeo(tx, host));
  }

  /** The domain's SEO documents replaced by those given (a null locale has none of its own). */
  async function writeSeo(tx: Tx, host: string, seo: Fields['seo']): Promise<void> {
    await tx.delete(cmsDomainSeo).where(eq(cmsDomainSeo.host, host));
    for (const locale of DESK_LOCALES) {
      const document = seo[locale];
      if (document !== null)
        await tx
          .insert(cmsDomainSeo)
          .values({ host, locale, document: document as Record<string, unknown>, updatedAt: new Date() });
    }
  }

  function checkedHost(host: string): string {
    return parse(hostName, host);
  }

  return {
    async list(): Promise<StaffDomain[]> {
      const [rows, seoRows] = await Promise.all([
        db.select().from(cmsDomains).orderBy(asc(cmsDomains.host)).limit(MAX_DOMAINS),
        readSeo(db),
      ]);
      return rows.map((row) => withVersion(toFields(row, seoRows)));
    },

    async get(host: string): Promise<StaffDomain> {
      const name = checkedHost(host);
      const [row] = await db.select().from(cmsDomains).where(eq(cmsDomains.host, name)).limit(1);
      if (!row) throw domainNotFound();
      return withVersion(toFields(row, await readSeo(db, name)));
    },

    /** A new host with its settings; an existing host is refused (`domain_taken`), nothing written. */
    async create(body: unknown): Promise<StaffDomain> {
      const input = parse(domainCreate, body);
      const created = await db.transaction(async (tx) => {
        const inserted = await tx
          .insert(cmsDomains)
          .values({
            host: input.host,
            canonicalUrl: input.canonical_url,
            sitemapUrl: input.sitemap_url,
            robotsRules: input.robots_rules,
          })
          .onConflictDoNothing()
          .returning({ host: cmsDomains.host });
        if (inserted.length === 0) throw refused('domain_taken', 'host', 'taken');
        await writeSeo(tx, input.host, input.seo);
        return lockDomain(tx, input.host);
      });
      await changed();
      return withVersion(created);
    },

    /** Replaces the domain's settings at the version the editor read. */
    async update(host: string, body: unknown): Promise<{ before: StaffDomain; after: StaffDomain }> {
      const name = checkedHost(host);
      const input = parse(domainUpdate, body);
      const result = await db.transaction(async (tx) => {
        const current = await lockDomain(tx, name);
        assertVersion(current, input.version);
        await tx
          .update(cmsDomains)
          .set({
            canonicalUrl: input.canonical_url,
            sitemapUrl: input.sitemap_url,
            robotsRules: input.robots_rules,
            updatedAt: new Date(),
          })
          .where(eq(cmsDomains.host, name));
        await writeSeo(tx, name, input.seo);
        return { before: current, after: await lockDomain(tx, name) };
      });
      await changed();
      return { before: withVersion(result.before), after: withVersion(result.after) };
    },

    /** Deletes a host (its SEO documents go with it) at the version read; never the `*` fallback. */
    async remove(host: string, version: string): Promise<{ before: StaffDomain }> {
      const name = checkedHost(host);
      if (name === FALLBACK_HOST) throw refused('domain_fallback_kept', 'host', 'fallback');
      const sent = parse(z.string().regex(/^[0-9a-f]{24}$/), version);
      const before = await db.transaction(async (tx) => {
        const current = await lockDomain(tx, name);
        assertVersion(current, sent);
        await tx.delete(cmsDomains).where(eq(cmsDomains.host, name));
        return current;
      });
      await changed();
      return { before: withVersion(before) };
    },
  };
}

export type DomainsDesk = ReturnType<typeof createDomainsDesk>;
