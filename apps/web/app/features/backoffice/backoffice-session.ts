/**
 * The staff member's token (ADR 045): in sessionStorage only — never localStorage (it would outlive
 * the tab) and never a cookie a script can read. It is sent as `Authorization: Bearer`, dropped on
 * a 401, and gone when the tab closes. The user behind it (`GET /nfx/users/me`) is fetched once per
 * token and shared by the layout's and the pages' loaders.
 */
import {
  BackofficeApiError,
  type BackofficeUser,
  backofficeRequest,
  type RequestOptions,
} from './backoffice-api.ts';

const TOKEN_KEY = 'croupier.backoffice.jwt';

function storage(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    // Storage disabled by the browser: the staff member signs in again at every page load.
    return undefined;
  }
}

export function readToken(): string | null {
  return storage()?.getItem(TOKEN_KEY) ?? null;
}

export function saveToken(jwt: string): void {
  storage()?.setItem(TOKEN_KEY, jwt);
  current = null;
}

export function dropToken(): void {
  storage()?.removeItem(TOKEN_KEY);
  current = null;
}

let current: { token: string; user: Promise<BackofficeUser> } | null = null;

/** The signed-in staff member, or null without a token; a 401 drops the token (and rejects). */
export function currentStaff(): Promise<BackofficeUser> | null {
  const token = readToken();
  if (!token) return null;
  if (current?.token !== token) {
    const user = staffRequest<BackofficeUser>('/nfx/users/me');
    current = { token, user };
    // A failed look-up is not kept: the next page asks again.
    user.catch(() => {
      if (current?.user === user) current = null;
    });
  }
  return current.user;
}

/** A call with the stored token; a 401 (expired, revoked, unknown token) drops it. */
export async function staffRequest<T>(path: string, options: Omit<RequestOptions, 'token'> = {}): Promise<T> {
  const token = readToken();
  if (!token) throw new BackofficeApiError(401, 'invalid_token');
  try {
    return await backofficeRequest<T>(path, { ...options, token });
  } catch (error) {
    if (error instanceof BackofficeApiError && error.status === 401 && readToken() === token) dropToken();
    throw error;
  }
}
