/** The root loader's data (shell, session flag, SEO) for components below the root route. */
import { useLocation } from 'react-router';
import { localeOfPath } from './locale-paths.ts';
import { useRootLoaderData } from './root-data.ts';

export function useRootData() {
  const data = useRootLoaderData();
  if (!data)
    throw new Error('Root loader data is missing: useRootData must be used below a successful root loader');
  return data;
}

/** The page's locale, from its URL (the single source of truth). */
export function usePageLocale() {
  return localeOfPath(useLocation().pathname);
}
