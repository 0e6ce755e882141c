/**
 * The locale of a page request, from its URL: the API messages of in-process calls are in the
 * page's language. Data requests of client navigations (`/fr/about.data`, `/fr/_.data`) count as
 * the page they load.
 */
import { DEFAULT_LOCALE, type Locale, splitLocalePath } from '@croupier/contract/locales';

export function localeOfRequestPath(url: string): Locale {
  const pathname = url.split(/[?#]/, 1)[0] ?? '/';
  const page = pathname.replace(/\/_\.data$/, '/').replace(/\.data$/, '');
  return splitLocalePath(page === '' ? '/' : page).prefixed ?? DEFAULT_LOCALE;
}
