/**
 * When the account hints of spec §4 show (durations from §9):
 *
 * - registration hint: until 2 hours after registration, and only while the player has no
 *   deposit (there is no cashier yet, so no player has one);
 * - confirm-contact hint: until 5 days after registration, when the contact the player signs in
 *   with is an email or phone that is not confirmed, and this browser has no
 *   `confirm_sent_{userId}` marker (set when the hint sent a code).
 *
 * Neither shows on the content configuration's `confirmHint.pageExceptions` (path prefixes).
 */
import type { AccountInfo } from '@croupier/contract/account/common';
import { pathWithoutLocale, removeTrailingSlash } from '../../lib/locale-paths.ts';

export const REGISTRATION_HINT_MS = 7_200_000;
export const CONFIRM_HINT_MS = 432_000_000;

export function confirmSentMarkerKey(uid: number): string {
  return `confirm_sent_${uid}`;
}

type HintAccount = Pick<AccountInfo, 'uid' | 'reg_time' | 'login_type' | 'is_login_confirmed'>;

/** Spec §4: until 2 hours after registration, and only while the player has no paid deposit. */
export function shouldShowRegistrationHint(input: {
  account: HintAccount & Pick<AccountInfo, 'has_deposit'>;
  nowMs: number;
}): boolean {
  const { account, nowMs } = input;
  if (account.uid <= 0 || account.has_deposit) return false;
  return nowMs < account.reg_time * 1000 + REGISTRATION_HINT_MS;
}

export function shouldShowConfirmHint(input: {
  account: HintAccount;
  nowMs: number;
  /** `confirmHint.isEnabled` of the content configuration. */
  enabled: boolean;
  /** Whether localStorage has `confirm_sent_{userId}`. */
  markerSet: boolean;
}): boolean {
  const { account, nowMs, enabled, markerSet } = input;
  if (!enabled || account.uid <= 0 || markerSet) return false;
  if (account.login_type !== 'email' && account.login_type !== 'phone') return false;
  if (account.is_login_confirmed) return false;
  return nowMs < account.reg_time * 1000 + CONFIRM_HINT_MS;
}

/** `/fr/cashier/deposit` is excluded by `/cashier`; `/cashier-faq` is not (matched per segment). */
export function isHintExcludedPath(pathname: string, exceptions: readonly string[]): boolean {
  const path = removeTrailingSlash(pathWithoutLocale(pathname)).toLowerCase();
  return exceptions.some((exception) => {
    const prefix = removeTrailingSlash(pathWithoutLocale(exception.trim() || '/')).toLowerCase();
    if (prefix === '/') return path === '/';
    return path === prefix || path.startsWith(`${prefix}/`);
  });
}
