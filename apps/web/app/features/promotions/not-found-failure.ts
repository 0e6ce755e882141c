/**
 * Whether a failed call was the typed "not found" of a promotion or an offer (the page then
 * renders the site's 404).
 */
import { toApiFailure } from '../profile/api-failure.ts';

export function isNotFoundFailure(error: unknown): boolean {
  const failure = toApiFailure(error);
  if (!failure) return false;
  if (failure.code === 'promotion_not_found' || failure.code === 'offer_not_found') return true;
  return Object.values(failure.fields).includes('not_found');
}
