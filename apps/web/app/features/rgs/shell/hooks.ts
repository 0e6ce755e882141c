/** Small browser hooks of the game shell: reduced motion, the space key, a first interaction. */
import { useEffect, useRef, useSyncExternalStore } from 'react';

const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

function subscribeReducedMotion(onChange: () => void): () => void {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(REDUCED_MOTION_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function reducedMotionNow(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(REDUCED_MOTION_QUERY).matches
    : false;
}

/** True when the player asked the system for less motion: animations then jump to their end. */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribeReducedMotion, reducedMotionNow, () => false);
}

/** Elements where Space already means something (typing, pressing, sliding). */
export function spaceBelongsToTarget(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target.closest('[role="dialog"],[aria-modal="true"]')) return true;
  return Boolean(
    target.closest(
      'input,textarea,select,button,a[href],summary,[contenteditable]:not([contenteditable="false"]),[role="slider"],[role="button"],[role="switch"],[role="radio"],[role="tab"],[role="option"]',
    ),
  );
}

/**
 * Space triggers the game's main action (spin, roll, drop) when focus is on the page itself, not
 * on a control that uses Space already. Held keys do not repeat the action.
 */
export function useSpaceKey(handler: () => void, enabled: boolean): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    if (!enabled) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.code !== 'Space' && event.key !== ' ') return;
      if (event.repeat || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (spaceBelongsToTarget(event.target)) return;
      if (document.querySelector('[role="dialog"]')) return;
      event.preventDefault();
      latest.current();
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}

/** Calls `handler` once, on the player's first pointer or key press anywhere in the page. */
export function useFirstInteraction(handler: () => void): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    let done = false;
    function onInteraction() {
      if (done) return;
      done = true;
      latest.current();
      remove();
    }
    function remove() {
      window.removeEventListener('pointerdown', onInteraction, true);
      window.removeEventListener('keydown', onInteraction, true);
    }
    window.addEventListener('pointerdown', onInteraction, true);
    window.addEventListener('keydown', onInteraction, true);
    return remove;
  }, []);
}

/** setTimeout as a promise, resolving at once when `ms` ≤ 0. */
export function wait(ms: number): Promise<void> {
  return ms <= 0 ? Promise.resolve() : new Promise((resolve) => setTimeout(resolve, ms));
}
