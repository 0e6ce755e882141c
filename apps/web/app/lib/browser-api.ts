/**
 * The player API from the browser: the same typed client as the server's loaders, over `fetch`
 * with same-origin cookies (spec §7). Reads happen in route loaders (server, in-process); this is
 * for what only the browser starts — a button's action — after which the page calls
 * `useRevalidator().revalidate()` so loaders stay the one source of page data.
 *
 * Inside a frame every call carries `_non_strict` (spec §7, framed mode: ADR 039).
 */
import { type ApiClient, createApiClient, fetchTransport } from '@croupier/contract/client';
import type { Locale } from '@croupier/contract/locales';
import { httpVerbOf } from './api-verbs.ts';

/** Whether the page runs inside a frame (false on the server; a cross-origin parent counts). */
export function isFramedWindow(win: { parent: unknown } | undefined = globalThis.window): boolean {
  if (win === undefined) return false;
  try {
    return win.parent !== win;
  } catch {
    return true;
  }
}

export function createBrowserApi(locale: Locale, options: { nonStrict?: boolean } = {}): ApiClient {
  const nonStrict = options.nonStrict ?? isFramedWindow();
  return createApiClient(
    fetchTransport({ locale: () => locale, ...(nonStrict ? { nonStrict: true } : {}) }),
    httpVerbOf,
  );
}
