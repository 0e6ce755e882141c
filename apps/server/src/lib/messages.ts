/**
 * The one way the server defines and translates its texts. A module writes its texts once, in every
 * locale, with `defineCatalogue`; the composition root (`src/messages.ts`) registers every catalogue
 * in one `MessageRegistry`; the edges (the API dispatcher, the request guard, the 503 page, route
 * error handlers) turn an AppError's key into the request's language there and nowhere else.
 * Templates are filled by `interpolate` (lib/interpolate.ts), the only replacer.
 */
import type { Locale } from '@croupier/contract/locales';
import {
  formatValidationMessage,
  isValidationCode,
  type ValidationCode,
} from '@croupier/contract/validation/messages';
import { type AppError, messageValues } from './app-error.ts';
import { formatDateTimeUtc } from './format-date-time.ts';
import { interpolate, type MessageValues } from './interpolate.ts';

export interface Catalogue<K extends string = string> {
  /** Who owns the texts (shown by the catalogue tests). */
  readonly name: string;
  /**
   * A scoped catalogue's keys are module-local machine codes (`rate_limited`, `not_found`): in the
   * registry they read `scope.key`, so two modules may answer the same code in their own words.
   * An unscoped catalogue's keys are global already (`cashier.not_found`).
   */
  readonly scope: string | undefined;
  readonly texts: Readonly<Record<Locale, Readonly<Record<K, string>>>>;
  has(key: string | undefined): key is K;
  /** The text of `key` in `locale` with its `{name}` placeholders filled. */
  text(locale: Locale, key: K, values?: MessageValues): string;
}

/** A catalogue: the English texts define the keys; every other locale must give each of them. */
export function defineCatalogue<const En extends Record<string, string>>(definition: {
  name: string;
  scope?: string;
  en: En;
  fr: Record<keyof En, string>;
}): Catalogue<keyof En & string> {
  type Key = keyof En & string;
  const texts: Record<Locale, Record<Key, string>> = { en: definition.en, fr: definition.fr };
  return {
    name: definition.name,
    scope: definition.scope,
    texts,
    has: (key): key is Key => key !== undefined && Object.hasOwn(definition.en, key),
    text: (locale, key, values = {}) => interpolate(texts[locale][key], localizedDates(locale, values)),
  };
}

/** Keys of the field rules' texts (spec §5), which live in the contract and are shared with the web. */
const VALIDATION_PREFIX = 'validation.';

/** The message key of a field rule's text: `validation.smsCode`. */
export function validationMessageKey(code: ValidationCode): string {
  return `${VALIDATION_PREFIX}${code}`;
}

export interface MessageRegistry {
  readonly catalogues: readonly Catalogue[];
  /** Whether `key` names a text (of a catalogue or a field rule). */
  has(key: string): boolean;
  /**
   * The text of `key` in `locale` with its values. A key no catalogue knows is a message a module
   * already wrote out in the request's language, and is returned as it is.
   */
  translate(locale: Locale, key: string, values?: MessageValues): string;
  /** An AppError's message in `locale`: its key (or its type) with its values. */
  errorText(locale: Locale, error: AppError): string;
}

function globalKey(catalogue: Catalogue, key: string): string {
  return catalogue.scope === undefined ? key : `${catalogue.scope}.${key}`;
}

/** `{ age: 18 }` → `{ age: '18' }`: a field rule's params are strings. */
function textValues(values: MessageValues | undefined): Record<string, string> | undefined {
  if (!values) return undefined;
  const text: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) if (value !== undefined) text[name] = String(value);
  return text;
}

/** Date values written for the reader (`07.03.2025 at 9:05 UTC`, fr `07.03.2025 à 9:05 UTC`). */
function localizedDates(locale: Locale, values: MessageValues): MessageValues {
  if (!Object.values(values).some((value) => value instanceof Date)) return values;
  const out: Record<string, string | number | undefined> = {};
  for (const [name, value] of Object.entries(values)) {
    out[name] = value instanceof Date ? formatDateTimeUtc(value, locale) : value;
  }
  return out;
}

/** One registry of every catalogue; a key defined by two catalogues is a boot failure. */
export function createMessageRegistry(catalogues: readonly Catalogue[]): MessageRegistry {
  const templates = new Map<string, Readonly<Record<Locale, string>>>();
  for (const catalogue of catalogues) {
    for (const key of Object.keys(catalogue.texts.en)) {
      const full = globalKey(catalogue, key);
      if (templates.has(full) || full.startsWith(VALIDATION_PREFIX)) {
        throw new Error(`Message key ${full} is defined twice (again by ${catalogue.name})`);
      }
      templates.set(full, { en: catalogue.texts.en[key] ?? '', fr: catalogue.texts.fr[key] ?? '' });
    }
  }

  function validationCode(key: string): ValidationCode | undefined {
    if (!key.startsWith(VALIDATION_PREFIX)) return undefined;
    const code = key.slice(VALIDATION_PREFIX.length);
    return isValidationCode(code) ? code : undefined;
  }

  function translate(locale: Locale, key: string, given: MessageValues = {}): string {
    const values = localizedDates(locale, given);
    const code = validationCode(key);
    if (code !== undefined) return formatValidationMessage(code, textValues(values), locale);
    const template = templates.get(key);
    return template === undefined ? key : interpolate(template[locale], values);
  }

  return {
    catalogues,
    has: (key) => templates.has(key) || validationCode(key) !== undefined,
    translate,
    errorText(locale, error) {
      const key = error.messageKey ?? error.type;
      // A field rule's params are the error's own values (never the `{fields}` list).
      return translate(locale, key, validationCode(key) === undefined ? messageValues(error) : error.values);
    },
  };
}
