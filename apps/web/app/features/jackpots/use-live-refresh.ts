/**
 * Live amounts without fetching in an effect: every `everyMs` while the tab is visible, the page's
 * loaders run again (a React Router revalidation), one at a time.
 */
import { useEffect, useRef } from 'react';
import { useRevalidator } from 'react-router';

export function useLiveRefresh(everyMs: number): void {
  const revalidator = useRevalidator();
  const latest = useRef(revalidator);
  latest.current = revalidator;
  useEffect(() => {
    const handle = window.setInterval(() => {
      if (document.visibilityState === 'hidden') return;
      if (latest.current.state === 'idle') void latest.current.revalidate();
    }, everyMs);
    return () => window.clearInterval(handle);
  }, [everyMs]);
}
