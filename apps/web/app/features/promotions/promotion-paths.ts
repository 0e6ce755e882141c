/**
 * Where the promotions and offers pages live and where their actions lead (ADR 023). Paths are
 * without locale prefix until `localizePath` puts the page's locale in front.
 */
import { type Locale, localizePath } from '@croupier/contract/locales';

export const PROMOTIONS_PATH = '/promotions';
export const OFFERS_PATH = '/offers';
/** `campaigns.getoffers`' own maximum page: every offer on one page. */
export const OFFERS_SHOWN = 50;

/** The anchor of the promo-code form on the offers page. */
export const PROMO_CODE_ANCHOR = 'promo-code';

export function promotionPath(id: number, locale: Locale): string {
  return localizePath(`${PROMOTIONS_PATH}/${id}`, locale);
}

export function offerPath(id: number, locale: Locale): string {
  return localizePath(`${OFFERS_PATH}/${id}`, locale);
}

/** The deposit page with the offer preselected (the deposit page reads `offer`). */
export function depositWithOfferPath(offerId: number | null, locale: Locale): string {
  const path = localizePath('/cashier/deposit', locale);
  return offerId === null ? path : `${path}?offer=${offerId}`;
}

export function promoCodeFormPath(locale: Locale): string {
  return `${localizePath(OFFERS_PATH, locale)}#${PROMO_CODE_ANCHOR}`;
}

/**
 * The current page with the registration popup asked for (spec §2 `show_popup_reg`), and the
 * promo code to pre-fill (`promo_code`, kept by the auth runtime for the registration form).
 */
export function signUpHref(pathname: string, promoCode: string | null): string {
  const params = new URLSearchParams({ show_popup_reg: '1' });
  if (promoCode) params.set('promo_code', promoCode);
  return `${pathname}?${params.toString()}`;
}

/** `/promotions/{id}`: a positive integer id, or else a slug (never all digits); null for neither. */
export function parsePromotionKey(value: string | undefined): { id: number } | { slug: string } | null {
  if (!value) return null;
  if (/^\d+$/.test(value)) return /^[1-9]\d{0,14}$/.test(value) ? { id: Number(value) } : null;
  if (/^[a-z0-9][a-z0-9-]{0,99}$/.test(value)) return { slug: value };
  return null;
}

/** `/offers/{id}`: a positive integer id, or null. */
export function parseOfferId(value: string | undefined): number | null {
  if (!value || !/^[1-9]\d{0,14}$/.test(value)) return null;
  return Number(value);
}

/** A CTA link an operator stored: same-site paths only (never `//host`), put under the locale. */
export function ctaHref(link: string, locale: Locale): string | null {
  if (link !== '/' && !/^\/[^/\\]/.test(link)) return null;
  return localizePath(link, locale);
}
