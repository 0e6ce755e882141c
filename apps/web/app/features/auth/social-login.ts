/**
 * Social sign-in through the OpenID Connect popup (spec §7, §9; docs/social-login.md): the return
 * address is saved in this tab's sessionStorage, then a 640×480 popup opens
 * `/oauth/init?service=…&redirect_url=…&type_auth=login|register`. The popup's result arrives as a
 * `message` from our own origin or, when the opener link was cut, on the `croupier-oauth`
 * BroadcastChannel. Only the tab holding a pending return address acts on a result.
 */
import { safeReturnPath } from './return-target.ts';

export const OAUTH_RETURN_STORAGE_KEY = 'croupier_oauth_return';
export const OAUTH_BROADCAST_CHANNEL = 'croupier-oauth';
export const OAUTH_POPUP_WIDTH = 640;
export const OAUTH_POPUP_HEIGHT = 480;

export type TypeAuth = 'login' | 'register';

export interface OAuthMessage {
  type: 'oauth';
  status: 'success' | 'error';
  isNew: boolean;
  redirectUrl: string;
  typeAuth: TypeAuth;
  error?: string;
  message?: string;
}

export function oauthInitUrl(service: string, redirectPath: string, typeAuth: TypeAuth): string {
  const query = new URLSearchParams({ service, redirect_url: redirectPath, type_auth: typeAuth });
  return `/oauth/init?${query}`;
}

/** `window.open` features of a 640×480 popup centred over the current window. */
export function popupFeatures(frame: {
  screenX: number;
  screenY: number;
  outerWidth: number;
  outerHeight: number;
}): string {
  const left = Math.max(0, Math.round(frame.screenX + (frame.outerWidth - OAUTH_POPUP_WIDTH) / 2));
  const top = Math.max(0, Math.round(frame.screenY + (frame.outerHeight - OAUTH_POPUP_HEIGHT) / 2));
  return `popup=yes,width=${OAUTH_POPUP_WIDTH},height=${OAUTH_POPUP_HEIGHT},left=${left},top=${top}`;
}

/** The popup's message, or null for anything else (other scripts post messages too). */
export function parseOAuthMessage(data: unknown): OAuthMessage | null {
  if (typeof data !== 'object' || data === null) return null;
  const value = data as Record<string, unknown>;
  if (value.type !== 'oauth') return null;
  if (value.status !== 'success' && value.status !== 'error') return null;
  const typeAuth = value.typeAuth === 'register' ? 'register' : 'login';
  return {
    type: 'oauth',
    status: value.status,
    isNew: value.isNew === true,
    redirectUrl: typeof value.redirectUrl === 'string' ? value.redirectUrl : '/',
    typeAuth,
    ...(typeof value.error === 'string' ? { error: value.error } : {}),
    ...(typeof value.message === 'string' ? { message: value.message.slice(0, 500) } : {}),
  };
}

type SessionStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Saves where to go afterwards and opens the popup; false when the browser blocked it. */
export function startSocialLogin(input: {
  service: string;
  typeAuth: TypeAuth;
  /** Where the player goes after signing in (a safe same-origin path). */
  returnTo: string;
  /** The page the popup falls back to if it cannot close (the current path). */
  redirectPath: string;
  storage: SessionStore;
  open: (url: string, target: string, features: string) => unknown;
  frame: Parameters<typeof popupFeatures>[0];
}): boolean {
  try {
    input.storage.setItem(OAUTH_RETURN_STORAGE_KEY, input.returnTo);
  } catch {
    // Without storage the result still arrives; the popup's own redirectUrl is used then.
  }
  const popup = input.open(
    oauthInitUrl(input.service, input.redirectPath, input.typeAuth),
    'oauth',
    popupFeatures(input.frame),
  );
  return popup !== null && popup !== undefined;
}

/**
 * The pending return address of this tab (consumed), or null when this tab started no sign-in —
 * then a result broadcast by another tab's popup is not ours to act on.
 */
export function takePendingReturn(
  storage: SessionStore,
  origin: string,
): { target: string | undefined } | null {
  let stored: string | null;
  try {
    stored = storage.getItem(OAUTH_RETURN_STORAGE_KEY);
    storage.removeItem(OAUTH_RETURN_STORAGE_KEY);
  } catch {
    return null;
  }
  if (stored === null) return null;
  return { target: safeReturnPath(stored, origin) };
}
