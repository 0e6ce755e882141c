/**
 * Translations in React: `<TranslationProvider translator={…}>` around a tree, `useTranslation(ns)`
 * in it, and `<Trans>` for a text with markup. A component redraws when a namespace is added to its
 * translator (a lazily loaded bundle), because its `t` then changes.
 */
import {
  cloneElement,
  createContext,
  type ReactElement,
  type ReactNode,
  useContext,
  useSyncExternalStore,
} from 'react';
import type { TFunction, TOptions, Translator } from './translator.ts';

const TranslatorContext = createContext<Translator | null>(null);

export function TranslationProvider({
  translator,
  children,
}: {
  translator: Translator;
  children?: ReactNode;
}) {
  return <TranslatorContext.Provider value={translator}>{children}</TranslatorContext.Provider>;
}

/**
 * `t` for a namespace (the translator's default if none). Given several namespaces, the first is
 * `t`'s; the others are read with a `ns:` prefix or `options.ns`.
 */
export function useTranslation(namespace?: string | readonly string[]): { t: TFunction } {
  const translator = useContext(TranslatorContext);
  if (!translator) throw new Error('useTranslation needs a <TranslationProvider> above it');
  const fixed = typeof namespace === 'string' ? namespace : namespace?.[0];
  const snapshot = () => translator.fixedT(fixed);
  const t = useSyncExternalStore(translator.subscribe, snapshot, snapshot);
  return { t };
}

const TAG = /<([a-zA-Z0-9]+)>(.*?)<\/\1>/gs;

/**
 * A text whose `<name>…</name>` parts are drawn by `components[name]` (an element the part's text
 * goes into, such as a link). Tags do not nest; an unknown tag is shown as its text alone.
 */
export function Trans({
  t,
  i18nKey,
  values,
  components,
}: {
  t: TFunction;
  i18nKey: string;
  values?: TOptions;
  components: Record<string, ReactElement>;
}) {
  const text = t(i18nKey, values);
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    const [whole, name = '', inner = ''] = match;
    if (match.index > last) parts.push(text.slice(last, match.index));
    const component = components[name];
    parts.push(component ? cloneElement(component, { key: parts.length }, inner) : inner);
    last = match.index + whole.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts}</>;
}
