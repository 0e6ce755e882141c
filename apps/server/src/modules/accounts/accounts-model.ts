/** What callers hand the accounts service. */

export interface RegistrationInput {
  login: string;
  password: string;
  currency: string | undefined;
  terms: boolean;
  notify: boolean;
  markBetting: boolean;
  promoCode: string | undefined;
  character: number | undefined;
  /** ISO `yyyy-mm-dd`, when the form asks for it: checked against the minimum age. */
  birthDate?: string | undefined;
}

export interface MessengerInput {
  id: number;
  username: string | undefined;
  hash: string;
  languageCode: string | undefined;
  payload: string;
  promoCode: string | undefined;
}

export interface SocialPlayerInput {
  provider: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  locale: 'en' | 'fr';
}

export interface ProfileInput {
  first_name?: string | undefined;
  last_name?: string | undefined;
  sex?: 1 | 2 | undefined;
  birth_date?: string | undefined;
  cpf?: string | undefined;
  country?: string | undefined;
  country_code?: string | undefined;
  region?: string | undefined;
  home_town?: string | undefined;
  address?: string | undefined;
  postcode?: string | undefined;
}

export type TwoFactorStart =
  | { status: 'pending'; secret: string; otpauth_url: string; qr_code: string }
  | { status: 'disabled' };
