/**
 * The authentication popup's query flags (spec §2): `show_popup_reg` opens it on the registration
 * tab, `show_popup_auth` on the authorization tab, `prevent_close=1` makes it non-closable; the
 * flags are stripped from the address when it closes. A guest sent home by the guest guard
 * (`redirectUrl`) is offered the authorization tab too: signing in is what the page they asked for
 * needs, and the popup returns them there.
 */
import { REDIRECT_URL_PARAM } from './return-target.ts';

export type AuthTab = 'register' | 'login';

export const SHOW_POPUP_REG = 'show_popup_reg';
export const SHOW_POPUP_AUTH = 'show_popup_auth';
export const PREVENT_CLOSE = 'prevent_close';

const POPUP_FLAGS = [SHOW_POPUP_REG, SHOW_POPUP_AUTH, PREVENT_CLOSE] as const;

export interface AuthPopupRequest {
  tab: AuthTab;
  closable: boolean;
  /** Whether closing should remove flags from the address. */
  fromFlags: boolean;
}

/** `?show_popup_reg` and `?show_popup_reg=1` are on; `=0` and `=false` are off. */
function isOn(params: URLSearchParams, name: string): boolean {
  if (!params.has(name)) return false;
  const value = (params.getAll(name).at(-1) ?? '').trim().toLowerCase();
  return value !== '0' && value !== 'false';
}

/** The popup the address asks for, or null. Registration wins when both flags are set. */
export function readAuthPopupRequest(search: string): AuthPopupRequest | null {
  const params = new URLSearchParams(search);
  const closable = !['1', 'true'].includes((params.get(PREVENT_CLOSE) ?? '').trim().toLowerCase());
  if (isOn(params, SHOW_POPUP_REG)) return { tab: 'register', closable, fromFlags: true };
  if (isOn(params, SHOW_POPUP_AUTH)) return { tab: 'login', closable, fromFlags: true };
  if (params.get(REDIRECT_URL_PARAM)) return { tab: 'login', closable: true, fromFlags: false };
  return null;
}

/** The query without the popup flags: `?show_popup_reg=1&promo_code=X` → `?promo_code=X`. */
export function stripAuthPopupFlags(search: string): string {
  const params = new URLSearchParams(search);
  for (const flag of POPUP_FLAGS) params.delete(flag);
  const rest = params.toString();
  return rest === '' ? '' : `?${rest}`;
}

/** Whether the query carries any popup flag (so closing has something to strip). */
export function hasAuthPopupFlags(search: string): boolean {
  const params = new URLSearchParams(search);
  return POPUP_FLAGS.some((flag) => params.has(flag));
}
