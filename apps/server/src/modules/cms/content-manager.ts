/**
 * The content service's generic create / update / delete wrappers (spec §7: the payload wrapped in
 * `data`), for the back office's content staff (issue #18): content pages, SEO records, redirects and
 * custom code. One definition per collection: its table, the fields staff may write (strict zod, so
 * an unknown field is refused) and how a row reads back. Page bodies go through the sanitiser on the
 * way in (and again on the way out, cms.service.ts); redirect targets must be safe.
 *
 * Optimistic concurrency: an update or delete carries the `updated_at` the editor last read; a row
 * changed meanwhile answers `stale_version` and nothing is written. Every write drops the cached
 * content on every node (the `changed` hook). Access checks and the audit row are the back-office
 * service's (content-manager.routes.ts).
 */

import { cmsConfig } from '@croupier/contract/content/cms-config';
import type { Db } from '@croupier/db/client';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { CMS_SECTIONS, type CmsSection } from './cms.schemas.ts';
import { cmsCustomCodes, cmsPages, cmsRedirects, cmsSeoPages, cmsSettings } from './cms.tables.ts';
import { sanitizeContentHtml } from './sanitize.ts';
import { safeRedirectTarget } from './urls.ts';

const locale = z.enum(['en', 'fr']);
const path = z
  .string()
  .trim()
  .regex(/^\/[^\s]*$/, 'invalid_format')
  .max(1024);

interface Collection {
  table: PgTable & { id: PgColumn; updatedAt: PgColumn };
  /** The fields staff write, as the API names them. */
  create: z.ZodType<Record<string, unknown>>;
  /** Field names (API) → column property names (table). */
  columns: Record<string, string>;
  /** Transforms the parsed input before it is written (sanitising, checks). */
  prepare?: (input: Record<string, unknown>) => Record<string, unknown>;
  order: PgColumn[];
}

const COLLECTIONS = {
  pages: {
    table: cmsPages,
    create: z.strictObject({
      slug: z.string().regex(/^[a-z0-9][a-z0-9-]{0,99}$/, 'invalid_format'),
      locale,
      title: z.string().trim().min(1).max(200),
      body_html: z.string().max(200_000),
      is_published: z.boolean(),
    }),
    columns: {
      slug: 'slug',
      locale: 'locale',
      title: 'title',
      body_html: 'bodyHtml',
      is_published: 'isPublished',
    },
    prepare: (input) =>
      typeof input.body_html === 'string'
        ? { ...input, body_html: sanitizeContentHtml(input.body_html) }
        : input,
    order: [cmsPages.slug, cmsPages.locale],
  },
  seos: {
    table: cmsSeoPages,
    create: z.strictObject({
      url: path,
      locale,
      document: z
        .record(z.string().max(100), z.unknown())
        .refine((value) => JSON.stringify(value).length <= 20_000, 'too_long'),
    }),
    columns: { url: 'url', locale: 'locale', document: 'document' },
    order: [cmsSeoPages.url, cmsSeoPages.locale],
  },
  redirects: {
    table: cmsRedirects,
    create: z.strictObject({
      from_url: path,
      to_url: z.string().trim().min(1).max(2048),
      status: z.union([z.literal(301), z.literal(302)]),
      sort_order: z.number().int().min(-1_000_000).max(1_000_000),
      is_enabled: z.boolean(),
    }),
    columns: {
      from_url: 'fromUrl',
      to_url: 'toUrl',
      status: 'status',
      sort_order: 'sortOrder',
      is_enabled: 'isEnabled',
    },
    prepare: (input) => {
      if (typeof input.to_url === 'string' && !safeRedirectTarget(input.to_url)) {
        throw new AppError('InvalidParameterException', {
          code: 'validation',
          message: 'validation',
          fields: { to_url: 'unsafe' },
        });
      }
      return input;
    },
    order: [cmsRedirects.sortOrder, cmsRedirects.id],
  },
  'custom-codes': {
    table: cmsCustomCodes,
    create: z.strictObject({
      name: z.string().trim().min(1).max(100),
      code: z.string().max(50_000),
      is_enabled: z.boolean(),
      position: z.enum(['head', 'bodyStart', 'bodyEnd']),
      sort_order: z.number().int().min(-1_000_000).max(1_000_000),
    }),
    columns: {
      name: 'name',
      code: 'code',
      is_enabled: 'isEnabled',
      position: 'position',
      sort_order: 'sortOrder',
    },
    order: [cmsCustomCodes.sortOrder, cmsCustomCodes.id],
  },
} satisfies Record<string, Collection>;

export type ContentCollection = keyof typeof COLLECTIONS;
export const CONFIG_SECTIONS = CMS_SECTIONS;
export type ConfigSection = CmsSection;
export const CONTENT_COLLECTIONS = Object.keys(COLLECTIONS) as ContentCollection[];

export function isContentCollection(value: string): value is ContentCollection {
  return Object.hasOwn(COLLECTIONS, value);
}

/** `{data: {...}}` of a write; for updates every field is optional, `updated_at` required. */
function payload(schema: z.ZodType<Record<string, unknown>>, body: unknown): Record<string, unknown> {
  const wrapped = z.strictObject({ data: z.unknown() }).safeParse(body);
  if (!wrapped.success) throw validation(wrapped.error);
  const parsed = schema.safeParse(wrapped.data.data);
  if (!parsed.success) throw validation(parsed.error);
  return parsed.data;
}

function validation(error: z.ZodError): AppError {
  const fields = Object.fromEntries(
    error.issues.slice(0, 10).map((issue) => [issue.path.join('.') || 'data', issue.message || issue.code]),
  );
  return new AppError('InvalidParameterException', { code: 'validation', message: 'validation', fields });
}

function notFound(): AppError {
  return new AppError('MethodNotFoundException', { code: 'not_found', message: 'not_found' });
}

function stale(): AppError {
  return new AppError('InvalidParameterException', { code: 'stale_version', message: 'stale_version' });
}

function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth += 1) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

const taken = () =>
  new AppError('InvalidParameterException', {
    code: 'taken',
    message: 'taken',
    fields: { data: 'duplicate' },
  });

export function createContentManager(db: Db, hooks: { changed?: () => Promise<void> } = {}) {
  function definition(name: ContentCollection): Collection {
    return COLLECTIONS[name] as Collection;
  }

  /** A row as the API answers it: `id`, the writable fields, `updated_at` (the version). */
  function toEntry(collection: Collection, row: Record<string, unknown>): Record<string, unknown> {
    const entry: Record<string, unknown> = { id: Number(row.id) };
    for (const [field, column] of Object.entries(collection.columns)) entry[field] = row[column];
    entry.updated_at = (row.updatedAt as Date).toISOString();
    return entry;
  }

  function toColumns(collection: Collection, input: Record<string, unknown>): Record<string, unknown> {
    const values: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(input)) {
      const column = collection.columns[field];
      if (column) values[column] = value;
    }
    return values;
  }

  async function find(collection: Collection, id: bigint): Promise<Record<string, unknown>> {
    const rows = (await db
      .select()
      .from(collection.table)
      .where(eq(collection.table.id, id))
      .limit(1)) as Record<string, unknown>[];
    if (!rows[0]) throw notFound();
    return rows[0];
  }

  async function changed(): Promise<void> {
    await hooks.changed?.();
  }

  function configEntry(row: typeof cmsSettings.$inferSelect) {
    return {
      locale: row.locale,
      section: row.section,
      document: row.document,
      updated_at: row.updatedAt.toISOString(),
    };
  }

  async function findConfig(locale: 'en' | 'fr', section: ConfigSection) {
    const [row] = await db
      .select()
      .from(cmsSettings)
      .where(and(eq(cmsSettings.locale, locale), eq(cmsSettings.section, section)))
      .limit(1);
    if (!row) throw notFound();
    return row;
  }

  return {
    /**
     * The content config sections (`cms_settings`, ADR 050): one document per section and locale,
     * listed without their documents. Sections are the contract's; none is created or deleted here.
     */
    async listConfig(locale?: 'en' | 'fr') {
      const rows = await db
        .select({
          locale: cmsSettings.locale,
          section: cmsSettings.section,
          updatedAt: cmsSettings.updatedAt,
        })
        .from(cmsSettings)
        .where(locale ? eq(cmsSettings.locale, locale) : undefined)
        .orderBy(asc(cmsSettings.section), asc(cmsSettings.locale));
      return rows.map((row) => ({
        locale: row.locale,
        section: row.section,
        updated_at: row.updatedAt.toISOString(),
      }));
    },

    async getConfig(locale: 'en' | 'fr', section: ConfigSection) {
      return configEntry(await findConfig(locale, section));
    },

    /**
     * Replaces one section's document (`{data: {document, updated_at}}`), validated by the
     * contract's schema of that section (what the site serves), at the version the editor read.
     */
    async updateConfig(locale: 'en' | 'fr', section: ConfigSection, body: unknown) {
      const input = payload(
        z.strictObject({
          document: z
            .record(z.string().max(100), z.unknown())
            .refine((value) => JSON.stringify(value).length <= 100_000, 'too_long'),
          updated_at: z.iso.datetime({ offset: true }),
        }),
        body,
      );
      const parsed = cmsConfig.shape[section].safeParse(input.document);
      if (!parsed.success) {
        const fields = Object.fromEntries(
          parsed.error.issues
            .slice(0, 10)
            .map((issue) => [['document', ...issue.path].join('.'), issue.message || issue.code]),
        );
        throw new AppError('InvalidParameterException', {
          code: 'validation',
          message: 'validation',
          fields,
        });
      }
      const before = configEntry(await findConfig(locale, section));
      const rows = await db
        .update(cmsSettings)
        .set({ document: parsed.data as Record<string, unknown>, updatedAt: sql`now()` })
        .where(
          and(
            eq(cmsSettings.locale, locale),
            eq(cmsSettings.section, section),
            sql`date_trunc('milliseconds', ${cmsSettings.updatedAt}) = ${new Date(String(input.updated_at)).toISOString()}::timestamptz`,
          ),
        )
        .returning();
      if (!rows[0]) throw stale();
      await changed();
      return { before, after: configEntry(rows[0]) };
    },

    /** A page of entries; `locale` keeps one language's (pages and SEO records have one). */
    async list(name: ContentCollection, page: { start: number; limit: number; locale?: 'en' | 'fr' }) {
      const collection = definition(name);
      const localeColumn = (collection.table as unknown as { locale?: PgColumn }).locale;
      const rows = (await db
        .select()
        .from(collection.table)
        .where(page.locale && localeColumn ? eq(localeColumn, page.locale) : undefined)
        .orderBy(...collection.order.map((column) => asc(column)))
        .offset(page.start)
        .limit(page.limit)) as Record<string, unknown>[];
      return rows.map((row) => toEntry(collection, row));
    },

    /**
     * What the site would show for a page body (`{data: {body_html}}`): the sanitiser's output,
     * nothing written (the editor's preview).
     */
    preview(body: unknown): { body_html: string } {
      const input = payload(z.strictObject({ body_html: z.string().max(200_000) }), body);
      return { body_html: sanitizeContentHtml(String(input.body_html)) };
    },

    async get(name: ContentCollection, id: bigint) {
      const collection = definition(name);
      return toEntry(collection, await find(collection, id));
    },

    async create(name: ContentCollection, body: unknown) {
      const collection = definition(name);
      const input = payload(collection.create, body);
      const prepared = collection.prepare ? collection.prepare(input) : input;
      try {
        const rows = (await db
          .insert(collection.table)
          .values(toColumns(collection, prepared) as never)
          .returning()) as Record<string, unknown>[];
        await changed();
        return toEntry(collection, rows[0]!);
      } catch (error) {
        if (isUniqueViolation(error)) throw taken();
        throw error;
      }
    },

    /** Applies the fields given; `updated_at` must be the version the editor read. */
    async update(name: ContentCollection, id: bigint, body: unknown) {
      const collection = definition(name);
      const schema = (collection.create as z.ZodObject<z.ZodRawShape>)
        .partial()
        .extend({ updated_at: z.iso.datetime({ offset: true }) });
      const input = payload(schema, body);
      const { updated_at: version, ...fields } = input;
      const before = toEntry(collection, await find(collection, id));
      const prepared = collection.prepare ? collection.prepare(fields) : fields;
      try {
        const rows = (await db
          .update(collection.table)
          .set({ ...toColumns(collection, prepared), updatedAt: sql`now()` } as never)
          .where(
            and(
              eq(collection.table.id, id),
              sql`date_trunc('milliseconds', ${collection.table.updatedAt}) = ${new Date(String(version)).toISOString()}::timestamptz`,
            ),
          )
          .returning()) as Record<string, unknown>[];
        if (!rows[0]) throw stale();
        await changed();
        return { before, after: toEntry(collection, rows[0]) };
      } catch (error) {
        if (isUniqueViolation(error)) throw taken();
        throw error;
      }
    },

    /** Deletes the entry at the version the editor read. */
    async remove(name: ContentCollection, id: bigint, version: string) {
      const collection = definition(name);
      const before = toEntry(collection, await find(collection, id));
      const parsed = z.iso.datetime({ offset: true }).safeParse(version);
      if (!parsed.success) throw validation(parsed.error);
      const rows = (await db
        .delete(collection.table)
        .where(
          and(
            eq(collection.table.id, id),
            sql`date_trunc('milliseconds', ${collection.table.updatedAt}) = ${new Date(parsed.data).toISOString()}::timestamptz`,
          ),
        )
        .returning()) as Record<string, unknown>[];
      if (!rows[0]) throw stale();
      await changed();
      return { before };
    },
  };
}

export type ContentManager = ReturnType<typeof createContentManager>;
