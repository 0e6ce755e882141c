/**
 * The minimum age of a player (config `MINIMUM_AGE`, overridden per country of the profile by
 * `MINIMUM_AGE_BY_COUNTRY`) and the age gate of real money: a deposit or a real-money game session
 * needs a birth date on the profile, at least that many years ago. Demo play is never gated.
 */
import type { Config } from '../../config.ts';

export type AgeConfig = Pick<Config, 'MINIMUM_AGE' | 'MINIMUM_AGE_BY_COUNTRY'>;

/** The minimum age in the player's country (ISO alpha-2 of the profile), else the site's. */
export function minimumAgeFor(config: AgeConfig, countryCode: string | null | undefined): number {
  const country = countryCode?.trim().toUpperCase();
  const override = country ? config.MINIMUM_AGE_BY_COUNTRY[country] : undefined;
  return override ?? config.MINIMUM_AGE;
}

/** Why real money is refused: no birth date yet, or one under the minimum age. */
export type AgeGateRefusal =
  | { reason: 'birth_date_required'; minimumAge: number }
  | { reason: 'under_age'; minimumAge: number };
