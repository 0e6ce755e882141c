/**
 * A failed back-office call as one translated sentence: the answer's `details.code` when the
 * `backoffice` namespace has a text for it, else a text for its status, never the server's body.
 */
import type { TFunction } from '../../i18n/translator.ts';
import { BackofficeApiError } from './backoffice-api.ts';

function statusKey(status: number): string {
  if (status === 0) return 'errors.network';
  if (status === 401) return 'errors.invalid_token';
  if (status === 403) return 'errors.forbidden';
  if (status === 404) return 'errors.not_found';
  if (status === 409) return 'errors.conflict';
  if (status === 429) return 'errors.rate_limited';
  if (status === 400) return 'errors.invalid_parameter';
  if (status >= 500) return 'errors.unavailable';
  return 'errors.unknown';
}

export function errorText(t: TFunction, error: unknown): string {
  if (!(error instanceof BackofficeApiError)) return t('errors.unknown', { ns: 'backoffice' });
  const byCode = `errors.${error.code}`;
  if (
    error.code !== 'unknown' &&
    /^[a-z0-9_]+$/.test(error.code) &&
    t(byCode, { ns: 'backoffice', defaultValue: '' }) !== ''
  ) {
    return t(byCode, { ns: 'backoffice' });
  }
  return t(statusKey(error.status), { ns: 'backoffice' });
}
