/** Loader helpers of the loyalty pages. */
import type { LoyaltyInfo } from '@croupier/contract/loyalty/loyalty';
import { isApiErrorLike } from '../../lib/system-pages.ts';
import type { WebRequestContext } from '../../lib/web-context.ts';

/** The player's loyalty info, or null for a guest (AuthorizationException); other errors propagate. */
export async function loadLoyaltyInfo(web: WebRequestContext): Promise<LoyaltyInfo | null> {
  try {
    return await web.api.call('loyalty.getinfo', {});
  } catch (error) {
    if (isApiErrorLike(error) && error.type === 'AuthorizationException') return null;
    throw error;
  }
}
