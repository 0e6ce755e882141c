/**
 * One page reload at a time (spec §9: reload guard lifetime 10000 ms). A stale chunk after a
 * deploy, or a service-worker update, reloads the page; if the reloaded page fails the same way
 * (the new build is broken, a proxy serves old files), it must not reload again and again. The
 * time of the last guarded reload is kept in sessionStorage (per tab, survives the reload).
 */
export const RELOAD_GUARD_MS = 10_000;
export const RELOAD_GUARD_KEY = 'croupier:reload-guard';

export interface ReloadGuardDeps {
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  now: () => number;
  reload: () => void;
}

function browserDeps(): ReloadGuardDeps {
  let storage: Storage | null = null;
  try {
    storage = window.sessionStorage;
  } catch {
    // Storage blocked (privacy settings): reload without a guard would loop, so do not reload.
  }
  return { storage, now: Date.now, reload: () => window.location.reload() };
}

/**
 * Reloads unless a guarded reload happened less than RELOAD_GUARD_MS ago; returns whether it
 * reloaded. Without sessionStorage it never reloads (no way to stop a loop).
 */
export function guardedReload(deps: ReloadGuardDeps = browserDeps()): boolean {
  const { storage, now, reload } = deps;
  if (!storage) return false;
  const last = Number(storage.getItem(RELOAD_GUARD_KEY));
  const time = now();
  if (Number.isFinite(last) && last > 0 && time - last >= 0 && time - last < RELOAD_GUARD_MS) return false;
  try {
    storage.setItem(RELOAD_GUARD_KEY, String(time));
  } catch {
    return false;
  }
  reload();
  return true;
}
