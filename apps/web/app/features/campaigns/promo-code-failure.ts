/**
 * Promo-code failure handling (spec §8): "message from the first promo_code error code, looked up
 * among promo-code texts, falling back to INVALID; form marked invalid; a promo-not-found analytics
 * event is sent". The server reports the codes as the `promo_code` field error of an
 * InvalidParameterException (ADR 021: INVALID | EXPIRED | ALREADY_USED | EXHAUSTED | NOT_ELIGIBLE);
 * the texts are `campaigns:promoCode.errors.<CODE>` in every locale.
 */
import { PROMO_CODE_ERRORS, type PromoCodeError } from '@croupier/contract/campaigns/common';
import type { ApiClient } from '@croupier/contract/client';

export const PROMO_NOT_FOUND_EVENT = 'promo_not_found';

function isPromoCodeError(code: string): code is PromoCodeError {
  return (PROMO_CODE_ERRORS as readonly string[]).includes(code);
}

/** The promo_code field codes of a failed call, in order (a list may come comma-separated). */
export function promoCodeErrorCodes(error: unknown): string[] {
  if (!(error instanceof Error) || error.name !== 'ApiError') return [];
  const fields = (error as Error & { fields?: unknown }).fields;
  if (typeof fields !== 'object' || fields === null) return [];
  const value = (fields as Record<string, unknown>).promo_code;
  const list = Array.isArray(value) ? value : [value];
  return list
    .flatMap((entry) => (typeof entry === 'string' ? entry.split(',') : []))
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

/**
 * The promo-code text key of a failure: the FIRST promo_code code if it has a text, else INVALID.
 * Null when the failure is not about the promo code at all (network, server error).
 */
export function promoCodeFailureKey(error: unknown): `promoCode.errors.${PromoCodeError}` | null {
  if (!(error instanceof Error) || error.name !== 'ApiError') return null;
  const type = (error as Error & { type?: unknown }).type;
  const codes = promoCodeErrorCodes(error);
  if (codes.length === 0 && type !== 'InvalidParameterException') return null;
  const first = codes[0];
  return `promoCode.errors.${first !== undefined && isPromoCodeError(first) ? first : 'INVALID'}`;
}

/** Spec §8: the promo-not-found analytics event (`events.handle`); its failure never reaches the player. */
export async function sendPromoNotFound(api: ApiClient, code: string, reason: string): Promise<void> {
  try {
    await api.call('events.handle', {
      event_name: PROMO_NOT_FOUND_EVENT,
      event_params: JSON.stringify({ promo_code: code.slice(0, 64), reason: reason.slice(0, 64) }),
    });
  } catch {
    // Analytics is best effort.
  }
}
