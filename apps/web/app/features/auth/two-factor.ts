/**
 * Spec §4 two-factor login: the first `auth.login` of a player with two-factor on answers
 * AuthorizationException `two_factor_required` (its message says so) with `data.resend_time`; the
 * client keeps login and password in memory only (never storage) and repeats the call with `code`.
 */
import { ApiError } from '@croupier/contract/errors';

export interface ParkedCredentials {
  login: string;
  password: string;
  /** Seconds until the authenticator shows the next code, when the server said. */
  resendTime: number | null;
}

export function resendTimeOf(error: ApiError): number | null {
  const value = error.data.resend_time;
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.ceil(value) : null;
}

/** Whether a failed first login means "enter your code" rather than "wrong credentials". */
export function isTwoFactorRequired(error: unknown): error is ApiError {
  if (!(error instanceof ApiError) || error.type !== 'AuthorizationException') return false;
  return error.code === 'two_factor_required' || resendTimeOf(error) !== null;
}

/** Spec §4: a leading plus is removed from the login before the call. */
export function loginForCall(login: string): string {
  return login.trim().replace(/^\+/, '');
}
