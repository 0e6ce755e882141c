/**
 * Schemas shared by several account and auth contracts: codes, checkboxes, the contact a call
 * names, and the player's Account info (spec §3) that sign-in methods also answer with.
 */
import { z } from 'zod';
import { moneyOutput } from '../params.ts';
import { loginField } from '../validation/fields.ts';
import { isCheckboxTicked } from '../validation/rules.ts';

export const currencyCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{3}$/, 'invalid_format')
  .transform((code) => code.toUpperCase());

/** ISO 3166-1 alpha-2 (`FR`); lower case accepted. */
export const countryCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/, 'invalid_format')
  .transform((code) => code.toUpperCase());

const CHECKBOX_VALUES = ['0', '1', 'true', 'false', 'on', 'off', ''];

/**
 * A checkbox as forms (`on`), query strings (`1`/`0`) and JSON (booleans) send it; missing is
 * unticked. Whether it must be ticked depends on the auth config, so the service decides that with
 * the shared required-checkbox rule.
 */
export const checkboxParam = () =>
  z
    .union([
      z.boolean(),
      z.string().refine((value) => CHECKBOX_VALUES.includes(value.trim().toLowerCase()), 'custom'),
    ])
    .optional()
    .transform((value) => isCheckboxTicked(value));

/** A contact the player already has: an email or a phone (an `@` decides), as typed. */
export const contactParam = () => loginField('emailOrPhone');

/** Spec §3 Contacts: type email or phone, value, confirmed, subscribed; phone also its country. */
export const contactOutput = z.object({
  type: z.enum(['email', 'phone']),
  value: z.string(),
  confirmed: z.boolean(),
  subscribed: z.boolean(),
  /** Whether the player signs in with this contact. */
  is_login: z.boolean(),
  phone_country_code: z.string().nullable(),
});
export type ContactOutput = z.infer<typeof contactOutput>;

/** Balances of spec §3 Account info, each an amount and currency. */
export const balancesOutput = z.object({
  balance_main: moneyOutput,
  balance_bonus: moneyOutput,
  balance_betting_bonus: moneyOutput,
  balance_fun: moneyOutput,
});
export type BalancesOutput = z.infer<typeof balancesOutput>;

/** Account info of spec §3; `uid` 0 is a guest (spec §4: authenticated when uid > 0). */
export const accountInfo = balancesOutput.extend({
  uid: z.number().int().min(0),
  /** Registration time in Unix seconds (0 for a guest): the registration and confirm hints use it. */
  reg_time: z.number().int().min(0),
  login: z.string(),
  /** email | phone | external (social or messenger); `null` for a guest. */
  login_type: z.enum(['email', 'phone', 'external']).nullable(),
  /** Whether the contact the player signs in with is confirmed (confirm-contact hint). */
  is_login_confirmed: z.boolean(),
  fakename: z.string().nullable(),
  is_subscribed: z.boolean(),
  currency: z.string(),
  is_on_verification: z.boolean(),
  is_verified: z.boolean(),
  is_kyc_block_enabled: z.boolean(),
  is_registration_completed: z.boolean(),
  country_code: z.string().nullable(),
  locale: z.string(),
  two_factor_auth: z.boolean(),
  /** Whether the player has a deposit the provider paid (the registration hint stops then). */
  has_deposit: z.boolean(),
  /**
   * Why real money (deposits, real-money games) is closed to this player, or null: no birth date
   * on the profile yet, or one under the minimum age of their country. Demo play stays open.
   */
  real_money_block: z.enum(['birth_date_required', 'under_age']).nullable(),
});
export type AccountInfo = z.infer<typeof accountInfo>;
