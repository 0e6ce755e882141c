/**
 * The language of a request outside `/api` (redirects, pages and errors the server answers itself):
 * the locale the request names (a URL prefix, a `lang` parameter) when it names one, else the
 * `i18n_locale` cookie, else Accept-Language, else English — spec §9's order, without the account's
 * locale, which these requests do not load.
 */
import { LOCALE_COOKIE, type Locale, normalizeLocale, resolveLocale } from '@croupier/contract/locales';
import type { FastifyRequest } from 'fastify';
import { firstHeader } from './webhook-scope.ts';

export function requestLocale(request: FastifyRequest, named?: string): Locale {
  return resolveLocale({
    urlPrefix: normalizeLocale(named),
    cookie: request.cookies[LOCALE_COOKIE],
    acceptLanguage: firstHeader(request, 'accept-language'),
  });
}
