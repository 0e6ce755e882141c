/**
 * The player API from the browser: the same typed client as the server's loaders, over `fetch`
 * with same-origin cookies (spec §7). Reads happen in route loaders (server, in-process); this is
 * for what only the browser starts — a button's action — after which the page calls
 * `useRevalidator().revalidate()` so loaders stay the one source of page data.
 */
import { type ApiClient, createApiClient, fetchTransport } from '@croupier/contract/client';
import type { Locale } from '@croupier/contract/locales';
import { findMethod } from '@croupier/contract/registry';

export function createBrowserApi(locale: Locale, options: { nonStrict?: boolean } = {}): ApiClient {
  return createApiClient(
    fetchTransport({ locale: () => locale, ...(options.nonStrict ? { nonStrict: true } : {}) }),
    (name) => findMethod(name)?.http ?? 'GET',
  );
}
