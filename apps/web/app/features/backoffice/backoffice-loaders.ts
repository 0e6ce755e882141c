/**
 * What every back-office page's `clientLoader` does first: find the signed-in staff member (sign-in
 * without a token or on a 401, two-factor enrolment when due, the back office's home when the
 * section is not theirs), and run its calls so that a 401 there also leads to sign-in.
 */
import { redirect } from 'react-router';
import { localeOfPath } from '../../lib/locale-paths.ts';
import { BackofficeApiError, type BackofficeUser } from './backoffice-api.ts';
import { backofficeHref, signInHref } from './backoffice-paths.ts';
import { can, needsMfaEnrolment, type Permission } from './backoffice-permissions.ts';
import { currentStaff } from './backoffice-session.ts';

export const TWO_FACTOR_PATH = '/backoffice/two-factor';

function signInRedirect(url: URL): Response {
  return redirect(signInHref(localeOfPath(url.pathname), `${url.pathname}${url.search}`));
}

export async function requireStaff(request: Request, permission?: Permission): Promise<BackofficeUser> {
  const url = new URL(request.url);
  const locale = localeOfPath(url.pathname);
  const pending = currentStaff();
  if (!pending) throw signInRedirect(url);
  const user = await pending.catch((error: unknown) => {
    if (error instanceof BackofficeApiError && error.status === 401) throw signInRedirect(url);
    throw error;
  });
  if (needsMfaEnrolment(user) && !url.pathname.endsWith(TWO_FACTOR_PATH)) {
    throw redirect(backofficeHref(locale, TWO_FACTOR_PATH));
  }
  if (permission && !can(user, permission)) throw redirect(backofficeHref(locale));
  return user;
}

export type Loaded<T> = { ok: true; value: T } | { ok: false; error: BackofficeApiError };

/** Runs a page's call: a 401 leads to sign-in, any other failure is returned for the page to tell. */
export async function loadOrSignIn<T>(request: Request, load: () => Promise<T>): Promise<Loaded<T>> {
  try {
    return { ok: true, value: await load() };
  } catch (error) {
    if (!(error instanceof BackofficeApiError)) throw error;
    if (error.status === 401) throw signInRedirect(new URL(request.url));
    return { ok: false, error };
  }
}
