/**
 * The promo code a visitor brings (`?promo_code=`, kept for sign-up). Apart from the registration
 * schema so the browser, which keeps the code on every page, does not load zod for one number.
 */
export const PROMO_CODE_MAX_LENGTH = 64;
