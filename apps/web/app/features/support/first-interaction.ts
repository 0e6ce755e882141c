/**
 * The player's first interaction with a page (click, dblclick, touchstart, touchmove, touchend):
 * the notices and the loyalty notices wait for one before they load. Its own module so the loyalty
 * notices, on every page, do not bring the notices menu with them (issue #17).
 */
import { useLayoutEffect, useState } from 'react';

export const FIRST_INTERACTION_EVENTS = ['click', 'dblclick', 'touchstart', 'touchmove', 'touchend'] as const;

/**
 * Whether the player has interacted since this component mounted (never while `enabled` is false).
 * The listeners go on in the commit that shows the component, not in a passive effect run later:
 * a tap on a button that has just appeared (the header's user menu, opened as the first tap) is
 * the first interaction, not a tap lost before the listeners were there.
 */
export function useFirstInteraction(enabled: boolean): boolean {
  const [interacted, setInteracted] = useState(false);
  useLayoutEffect(() => {
    if (interacted || !enabled) return;
    const onFirst = () => setInteracted(true);
    for (const name of FIRST_INTERACTION_EVENTS)
      window.addEventListener(name, onFirst, { once: true, passive: true });
    return () => {
      for (const name of FIRST_INTERACTION_EVENTS) window.removeEventListener(name, onFirst);
    };
  }, [interacted, enabled]);
  return interacted;
}
