/**
 * The content desk (`/nfx/content-manager/:collection…`, content-manager.ts on the server): the
 * collections staff edit, their fields as the API names them, and how a form's values become the
 * `{data: {...}}` payload. The server validates again (strict: an unknown field is refused) and
 * sanitises page bodies on the way in.
 */

export const CONTENT_LOCALES = ['en', 'fr'] as const;
export type ContentLocale = (typeof CONTENT_LOCALES)[number];

export type FieldKind = 'text' | 'html' | 'code' | 'json' | 'boolean' | 'number' | 'select';

export interface ContentField {
  name: string;
  kind: FieldKind;
  /** A select's values; `numeric` sends them as numbers. */
  options?: readonly string[];
  numeric?: boolean;
  pattern?: string;
  maxLength?: number;
  /** The label's key under `content.fields` when not the field's name. */
  label?: string;
}

export interface ContentCollectionSpec {
  key: string;
  /**
   * `config`: the content config sections — one JSON document per section and locale, keyed by
   * the section's name (`/nfx/content-manager/config/:locale/:section`), edited, never created or
   * deleted here.
   */
  config?: boolean;
  /** Entries have a `locale` (the list filters by language). */
  localized: boolean;
  fields: readonly ContentField[];
  /** The fields the list shows. */
  columns: readonly string[];
  /** The field that names an entry in headings. */
  label: string;
}

const locale: ContentField = { name: 'locale', kind: 'select', options: CONTENT_LOCALES };
const sortOrder: ContentField = { name: 'sort_order', kind: 'number' };
const enabled: ContentField = { name: 'is_enabled', kind: 'boolean' };

export const CONTENT_COLLECTIONS: readonly ContentCollectionSpec[] = [
  {
    key: 'pages',
    localized: true,
    label: 'title',
    fields: [
      { name: 'slug', kind: 'text', pattern: '[a-z0-9][a-z0-9\\-]{0,99}', maxLength: 100 },
      locale,
      { name: 'title', kind: 'text', maxLength: 200 },
      { name: 'body_html', kind: 'html', maxLength: 200_000 },
      { name: 'is_published', kind: 'boolean' },
    ],
    columns: ['slug', 'locale', 'title', 'is_published'],
  },
  {
    key: 'seos',
    localized: true,
    label: 'url',
    fields: [
      { name: 'url', kind: 'text', pattern: '/\\S*', maxLength: 1024 },
      locale,
      { name: 'document', kind: 'json' },
    ],
    columns: ['url', 'locale'],
  },
  {
    key: 'redirects',
    localized: false,
    label: 'from_url',
    fields: [
      { name: 'from_url', kind: 'text', pattern: '/\\S*', maxLength: 1024 },
      { name: 'to_url', kind: 'text', maxLength: 2048 },
      { name: 'status', kind: 'select', options: ['301', '302'], numeric: true },
      sortOrder,
      enabled,
    ],
    columns: ['from_url', 'to_url', 'status', 'is_enabled'],
  },
  {
    key: 'custom-codes',
    localized: false,
    label: 'name',
    fields: [
      { name: 'name', kind: 'text', maxLength: 100 },
      { name: 'code', kind: 'code', maxLength: 50_000 },
      { name: 'position', kind: 'select', options: ['head', 'bodyStart', 'bodyEnd'] },
      sortOrder,
      enabled,
    ],
    columns: ['name', 'position', 'is_enabled'],
  },
  {
    key: 'config',
    config: true,
    localized: true,
    label: 'section',
    fields: [{ name: 'document', kind: 'json', label: 'config_document' }],
    columns: ['section', 'locale'],
  },
];

export const CONTENT_PAGE_SIZE = 50;

/** A config section's name as the server takes it. */
export const CONFIG_SECTION_PATTERN = /^[a-z][a-z-]{0,39}$/;

export type ContentEntry = Record<string, unknown> & { id: number; updated_at: string };

/** A config section as the list answers it (no id: the section's name is its key). */
export interface ConfigEntry {
  locale: string;
  section: string;
  updated_at: string;
  document?: Record<string, unknown>;
}

export function collectionSpec(key: string | null | undefined): ContentCollectionSpec | undefined {
  return CONTENT_COLLECTIONS.find((collection) => collection.key === key);
}

export function parseContentLocale(value: string | null): ContentLocale | undefined {
  return (CONTENT_LOCALES as readonly string[]).includes(value ?? '') ? (value as ContentLocale) : undefined;
}

/** A field's value as a form control shows it. */
export function fieldText(field: ContentField, value: unknown): string {
  if (value === undefined || value === null) return '';
  if (field.kind === 'json') return JSON.stringify(value, null, 2);
  return String(value);
}

export class ContentFormError extends Error {
  readonly field: string;
  constructor(field: string) {
    super(`invalid ${field}`);
    this.name = 'ContentFormError';
    this.field = field;
  }
}

/** The form's values as the API takes them; a JSON field that does not parse throws. */
export function formPayload(spec: ContentCollectionSpec, form: FormData): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const field of spec.fields) {
    const raw = form.get(field.name);
    if (field.kind === 'boolean') {
      data[field.name] = raw === 'on';
      continue;
    }
    const text = typeof raw === 'string' ? raw : '';
    if (field.kind === 'number' || field.numeric) {
      const number = Number(text);
      if (text.trim() === '' || !Number.isInteger(number))
        throw new ContentFormError(field.label ?? field.name);
      data[field.name] = number;
    } else if (field.kind === 'json') {
      try {
        const parsed: unknown = JSON.parse(text || '{}');
        if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('object');
        data[field.name] = parsed;
      } catch {
        throw new ContentFormError(field.label ?? field.name);
      }
    } else {
      data[field.name] = text;
    }
  }
  return data;
}

/** A new entry's starting values. */
export function blankEntry(
  spec: ContentCollectionSpec,
  locale: ContentLocale | undefined,
): Record<string, unknown> {
  const entry: Record<string, unknown> = {};
  for (const field of spec.fields) {
    if (field.kind === 'boolean') entry[field.name] = false;
    else if (field.kind === 'number') entry[field.name] = 0;
    else if (field.kind === 'json') entry[field.name] = {};
    else if (field.options) entry[field.name] = field.name === 'locale' ? (locale ?? 'en') : field.options[0];
    else entry[field.name] = '';
  }
  return entry;
}
