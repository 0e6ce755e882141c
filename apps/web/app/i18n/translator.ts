/**
 * The site's texts for one locale: nested bundles per namespace, looked up by `t(key, options)`.
 * It does what the site's bundles use of i18next, which it replaced (ADR 068), and nothing more:
 * - a key is a dotted path in a namespace: the `t` function's own, `options.ns`, or a `ns:` prefix;
 * - `options.count` (a number) picks `key_zero` for 0 if there is one, then `key_<plural category>`
 *   by `Intl.PluralRules` (`one`, `other` …), then `key`;
 * - `{{name}}` (or `{{a.b}}`) is replaced by that option, as text: an option given as null or
 *   undefined gives "", a placeholder with no option stays as it is. No escaping: React escapes;
 * - a missing key (or one naming a group of texts, not a text) answers `options.defaultValue` if
 *   given, else the key itself.
 * A translator's language never changes; lazily loaded namespaces are added to it (`addNamespace`),
 * and `subscribe` tells the components bound to it (`use-translation.tsx`).
 */
import type { Locale } from '@croupier/contract/locales';

/** Options of `t`: the namespace, the count that picks a plural, a fallback text, placeholders. */
export interface TOptions {
  ns?: string;
  count?: number;
  defaultValue?: string;
  [placeholder: string]: unknown;
}

export type TFunction = (key: string, options?: TOptions) => string;

/** nested keys → text */
export type Bundle = Record<string, unknown>;

const PLACEHOLDER = /\{\{([^{}]+)\}\}/g;

export class Translator {
  readonly language: Locale;
  readonly defaultNamespace: string;
  readonly #bundles: Map<string, Bundle>;
  readonly #plurals: Intl.PluralRules;
  /** One `t` per namespace, kept until a namespace is added: a new function tells React to redraw. */
  readonly #fixed = new Map<string, TFunction>();
  readonly #listeners = new Set<() => void>();

  constructor(language: Locale, bundles: Record<string, Bundle>, defaultNamespace: string) {
    this.language = language;
    this.defaultNamespace = defaultNamespace;
    this.#bundles = new Map(Object.entries(bundles));
    this.#plurals = new Intl.PluralRules(language);
  }

  /** `t` for the default namespace. */
  readonly t: TFunction = (key, options) => this.fixedT()(key, options);

  /** `t` for a namespace (the default one if none); the same function until a namespace is added. */
  fixedT(namespace: string = this.defaultNamespace): TFunction {
    let fixed = this.#fixed.get(namespace);
    if (!fixed) {
      fixed = (key, options) => this.#translate(key, options, namespace);
      this.#fixed.set(namespace, fixed);
    }
    return fixed;
  }

  hasNamespace(namespace: string): boolean {
    return this.#bundles.has(namespace);
  }

  addNamespace(namespace: string, bundle: Bundle): void {
    this.#bundles.set(namespace, bundle);
    this.#fixed.clear();
    for (const listener of this.#listeners) listener();
  }

  /** Called after each `addNamespace`; returns the unsubscribe function. */
  readonly subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  #translate(fullKey: string, options: TOptions | undefined, fixedNamespace: string): string {
    const colon = fullKey.indexOf(':');
    const key = colon > 0 ? fullKey.slice(colon + 1) : fullKey;
    const namespace = colon > 0 ? fullKey.slice(0, colon) : (options?.ns ?? fixedNamespace);
    const bundle = this.#bundles.get(namespace);
    const count = options?.count;
    const candidates =
      typeof count === 'number'
        ? [...(count === 0 ? [`${key}_zero`] : []), `${key}_${this.#plurals.select(count)}`, key]
        : [key];
    let text: string | undefined;
    for (const candidate of candidates) {
      const found = bundle === undefined ? undefined : lookup(bundle, candidate);
      if (typeof found === 'string') {
        text = found;
        break;
      }
    }
    text ??= options?.defaultValue ?? key;
    return options ? interpolate(text, options) : text;
  }
}

function lookup(bundle: Bundle, path: string): unknown {
  let node: unknown = bundle;
  for (const part of path.split('.')) {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, part)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

function interpolate(text: string, options: TOptions): string {
  if (!text.includes('{{')) return text;
  return text.replace(PLACEHOLDER, (placeholder, inner: string) => {
    const name = inner.trim();
    if (Object.hasOwn(options, name)) return toText(options[name]);
    const value = lookup(options, name);
    return value === undefined ? placeholder : toText(value);
  });
}

function toText(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}
