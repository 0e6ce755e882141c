/**
 * The post-login marker of the popup queue (spec §4), in a module of its own: the sign-in forms,
 * on every page, need only this, not the queue's rules (popup-rules.ts), which load with the queue.
 */

/**
 * sessionStorage: set by the sign-in forms when `auth.login` succeeded, taken by the queue. Spec
 * §4 says "After login" (registration is a separate transition), so a page load of an existing
 * session or a registration does not start the queue; a login on a game page waits for the next
 * page where popups may open.
 */
export const LOGIN_MARKER = 'croupier_after_login';

type SessionLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function markLoggedIn(storage: SessionLike): void {
  try {
    storage.setItem(LOGIN_MARKER, '1');
  } catch {
    // Storage refused (private mode, quota): no post-login popups, nothing else lost.
  }
}

/** True once per login: the marker is removed as it is read. */
export function takeLoggedIn(storage: SessionLike): boolean {
  try {
    if (storage.getItem(LOGIN_MARKER) === null) return false;
    storage.removeItem(LOGIN_MARKER);
    return true;
  } catch {
    return false;
  }
}
