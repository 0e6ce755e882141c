/**
 * The banners desk (issue #18, ADR 052): content staff list, create, edit and delete the banners
 * players read through `banners.get` (`cms_banners` + `cms_banner_texts`), both languages at once.
 *
 * - Strict input: key `[a-z0-9-]{2,64}` (unique: `taken`), position, priority, schedule (finished
 *   after starts), link and images a same-origin path or an https URL (urls.ts), texts in English
 *   AND French, plain text only (markup refused, not sanitised: staff see at once it would not
 *   render). Bad input is a typed `validation` refusal naming the fields; nothing is written.
 * - Optimistic concurrency without a column (ADR 048): a banner's version is the digest of its
 *   editable fields, texts included; an edit or delete carries the version it was made from, the
 *   row is locked FOR UPDATE and a mismatch is `stale_version`, nothing written.
 * - A write is one transaction (banner + texts), then the `changed` hook drops every node's cached
 *   content. Access checks and audit rows are the back-office service's (banners-operator.routes.ts).
 */
import type { Db } from '@croupier/db/client';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { assertVersion, editVersion } from '../../lib/edit-version.ts';
import {
  type BannerRow,
  type BannerTextColumns,
  type BannerTextRow,
  type BannerTx,
  createBannersRepository,
} from './banners.repository.ts';
import { safeRedirectTarget } from './urls.ts';

export const BANNER_POSITIONS = ['home_hero', 'home_strip', 'auth', 'menu', 'cashier'] as const;
export const BANNER_LOCALES = ['en', 'fr'] as const;
type BannerLocale = (typeof BANNER_LOCALES)[number];

/** A tag, comment or doctype opener: what a browser would read as markup. */
const MARKUP = /<\s*[A-Za-z/!?]/;

/** A same-origin path or an absolute https URL (no credentials, no control characters). */
function safeUrl(value: string): boolean {
  const target = safeRedirectTarget(value);
  if (!target) return false;
  return !target.external || target.location.startsWith('https://');
}

const url = z.string().trim().min(1).max(2048).refine(safeUrl, 'unsafe');
const plain = (max: number, min = 1) =>
  z
    .string()
    .trim()
    .min(min)
    .max(max)
    .refine((value) => !MARKUP.test(value), 'markup');

const bannerText = z.strictObject({
  title: plain(120),
  text: plain(500, 0),
  image: url,
  image_mobile: url.nullable().default(null),
  button_text: plain(40).nullable().default(null),
});

const isoOrNull = z.iso.datetime({ offset: true }).nullable().default(null);

const bannerFields = {
  key: z.string().regex(/^[a-z0-9-]{2,64}$/, 'invalid_format'),
  position: z.enum(BANNER_POSITIONS),
  priority: z.number().int().min(-1_000_000).max(1_000_000).default(0),
  starts_at: isoOrNull,
  finished_at: isoOrNull,
  link: url.nullable().default(null),
  texts: z.strictObject({ en: bannerText, fr: bannerText }),
};

const scheduled = <T extends { starts_at: string | null; finished_at: string | null }>(input: T) =>
  input.starts_at === null ||
  input.finished_at === null ||
  new Date(input.finished_at).getTime() > new Date(input.starts_at).getTime();
const scheduleIssue = { message: 'before_start', path: ['finished_at'] };

const createSchema = z.strictObject(bannerFields).refine(scheduled, scheduleIssue);
const updateSchema = z
  .strictObject({ ...bannerFields, version: z.string().regex(/^[0-9a-f]{24}$/, 'invalid_format') })
  .refine(scheduled, scheduleIssue);
const versionSchema = z.string().regex(/^[0-9a-f]{24}$/, 'invalid_format');

export type BannerInput = z.infer<typeof createSchema>;
type BannerText = z.infer<typeof bannerText>;

export interface BannerView {
  id: number;
  key: string;
  position: string;
  priority: number;
  starts_at: string | null;
  finished_at: string | null;
  link: string | null;
  texts: Record<BannerLocale, BannerText>;
  /** scheduled, live or finished, at the desk's clock. */
  state: 'scheduled' | 'live' | 'finished';
  version: string;
}

function validation(error: z.ZodError): AppError {
  const fields = Object.fromEntries(
    error.issues
      .slice(0, 20)
      .map((issue) => [
        issue.path.join('.') || 'data',
        /^[a-z_]+$/.test(issue.message) ? issue.message : issue.code,
      ]),
  );
  return new AppError('InvalidParameterException', { code: 'validation', message: 'validation', fields });
}

function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw validation(parsed.error);
  return parsed.data;
}

function notFound(): AppError {
  return new AppError('MethodNotFoundException', { code: 'not_found', message: 'not_found' });
}

const taken = () =>
  new AppError('InvalidParameterException', { code: 'taken', message: 'taken', fields: { key: 'taken' } });

function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth += 1) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

type TextRow = BannerTextRow;

/** The editable fields, as the API names them: what the version digests. */
function editable(row: BannerRow, texts: TextRow[]): Omit<BannerView, 'id' | 'state' | 'version'> {
  const text = (locale: BannerLocale): BannerText => {
    const found = texts.find((t) => t.locale === locale);
    return {
      title: found?.title ?? '',
      text: found?.text ?? '',
      image: found?.image ?? '',
      image_mobile: found?.imageMobile ?? null,
      button_text: found?.buttonText ?? null,
    };
  };
  return {
    key: row.key,
    position: row.position,
    priority: row.priority,
    starts_at: row.startsAt ? row.startsAt.toISOString() : null,
    finished_at: row.finishedAt ? row.finishedAt.toISOString() : null,
    link: row.link,
    texts: { en: text('en'), fr: text('fr') },
  };
}

function textRows(input: BannerInput): BannerTextColumns[] {
  return BANNER_LOCALES.map((locale) => ({
    locale,
    title: input.texts[locale].title,
    text: input.texts[locale].text,
    image: input.texts[locale].image,
    imageMobile: input.texts[locale].image_mobile,
    buttonText: input.texts[locale].button_text,
  }));
}

function columns(input: BannerInput) {
  return {
    key: input.key,
    position: input.position,
    priority: input.priority,
    startsAt: input.starts_at === null ? null : new Date(input.starts_at),
    finishedAt: input.finished_at === null ? null : new Date(input.finished_at),
    link: input.link,
  };
}

export function createBannersDesk(db: Db, deps: { now?: () => Date; changed?: () => Promise<void> } = {}) {
  const repository = createBannersRepository(db);
  const now = deps.now ?? (() => new Date());

  function view(row: BannerRow, texts: TextRow[]): BannerView {
    const fields = editable(row, texts);
    const at = now().getTime();
    const state =
      row.finishedAt !== null && row.finishedAt.getTime() <= at
        ? 'finished'
        : row.startsAt !== null && row.startsAt.getTime() > at
          ? 'scheduled'
          : 'live';
    return { id: Number(row.id), ...fields, state, version: editVersion(fields) };
  }

  async function read(id: bigint): Promise<BannerView> {
    const found = await repository.find(id);
    if (!found) throw notFound();
    return view(found.row, found.texts);
  }

  /** Locks the banner and checks the version the editor read; its view as it was. */
  async function lockAt(tx: BannerTx, id: bigint, sent: string): Promise<BannerView> {
    const found = await repository.lock(tx, id);
    if (!found) throw notFound();
    assertVersion(editable(found.row, found.texts), sent);
    return view(found.row, found.texts);
  }

  async function changed(): Promise<void> {
    await deps.changed?.();
  }

  return {
    /** Every banner, scheduled and finished ones included, by position then priority. */
    async list(): Promise<BannerView[]> {
      const { rows, texts } = await repository.all();
      return rows.map((row) =>
        view(
          row,
          texts.filter((t) => t.bannerId === row.id),
        ),
      );
    },

    get: read,

    async create(body: unknown): Promise<BannerView> {
      const input = parse(createSchema, body);
      let id: bigint;
      try {
        id = await repository.transaction((tx) => repository.insert(tx, columns(input), textRows(input)));
      } catch (error) {
        if (isUniqueViolation(error)) throw taken();
        throw error;
      }
      await changed();
      return read(id);
    },

    /** Replaces the banner and both texts, at the version the editor read. */
    async update(id: bigint, body: unknown): Promise<{ before: BannerView; after: BannerView }> {
      const { version, ...input } = parse(updateSchema, body);
      let before: BannerView;
      try {
        before = await repository.transaction(async (tx) => {
          const current = await lockAt(tx, id, version);
          await repository.replace(tx, id, columns(input), textRows(input));
          return current;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw taken();
        throw error;
      }
      await changed();
      return { before, after: await read(id) };
    },

    /** Deletes the banner (its texts go with it) at the version the editor read. */
    async remove(id: bigint, sent: unknown): Promise<{ before: BannerView }> {
      const version = parse(versionSchema, sent);
      const before = await repository.transaction(async (tx) => {
        const current = await lockAt(tx, id, version);
        await repository.remove(tx, id);
        return current;
      });
      await changed();
      return { before };
    },
  };
}

export type BannersDesk = ReturnType<typeof createBannersDesk>;
