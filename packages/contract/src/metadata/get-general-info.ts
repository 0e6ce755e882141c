import { z } from 'zod';
import { SITE_SECTIONS, type SiteSection } from '../content/site-sections.ts';
import { defineMethod } from '../method.ts';

/** Which site sections are on (ADR 014), one flag each. */
export const siteSections = z.object(
  Object.fromEntries(SITE_SECTIONS.map((section) => [section, z.boolean()])) as Record<
    SiteSection,
    z.ZodBoolean
  >,
);

export const currencyInfo = z.object({
  code: z.string(),
  symbol: z.string(),
  /** ISO 4217 minor-unit exponent (EUR 2, JPY 0). */
  exponent: z.number().int().min(0).max(4),
});
export type CurrencyInfo = z.infer<typeof currencyInfo>;

export const localeInfo = z.object({
  code: z.string(),
  language: z.string(),
  name: z.string(),
  dir: z.enum(['ltr', 'rtl']),
});
export type LocaleInfo = z.infer<typeof localeInfo>;

/** General info of spec §3. */
export const generalInfo = z.object({
  analytic: z.object({
    google_tag_manager_id: z.string().nullable(),
    is_fraud_scoring_enabled: z.boolean(),
  }),
  available_currencies: z.array(currencyInfo),
  available_locales: z.array(localeInfo),
  default_currency: z.string(),
  is_seon_enabled: z.boolean(),
  /** `active` or `maintenance` (then the web shows the maintenance page). */
  domain_state: z.enum(['active', 'maintenance']),
  domain_type: z.enum(['main', 'mirror']),
  time_to_force_logout: z.number().int().min(0),
  is_bonus_isolation_enabled: z.boolean(),
  is_game_history_export_enabled: z.boolean(),
  user_inactivity_cashier_time: z.number().int().min(0),
  user_inactivity_pp_time: z.number().int().min(0),
  /** Which areas of the site have their pages (ADR 014): links into a section that is off are not shown. */
  site_sections: siteSections,
});
export type GeneralInfo = z.infer<typeof generalInfo>;

export const getGeneralInfo = defineMethod({
  name: 'metadata.getgeneralinfo',
  http: 'GET',
  access: 'guest',
  allowBlocked: true,
  input: z.object({}).strict(),
  output: generalInfo,
});
