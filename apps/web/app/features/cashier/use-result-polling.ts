/**
 * While a result page's transaction is unsettled, revalidate — every second at first, then every
 * few seconds — a bounded number of times (`payment-result.ts`). The page shows the transaction as
 * the loader now sees it (or the loader moves the player to the outcome's page), and the root
 * loader brings the new balance to the header with the same revalidation.
 */
import { useEffect, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { RESULT_POLL_MAX, resultPollDelayMs } from './payment-result.ts';

export function useResultPolling(active: boolean): { exhausted: boolean } {
  const revalidator = useRevalidator();
  const latest = useRef(revalidator);
  latest.current = revalidator;
  const [polls, setPolls] = useState(0);

  useEffect(() => {
    if (!active || polls >= RESULT_POLL_MAX) return;
    const timer = window.setTimeout(() => {
      setPolls((count) => count + 1);
      if (latest.current.state === 'idle') void latest.current.revalidate();
    }, resultPollDelayMs(polls));
    return () => window.clearTimeout(timer);
  }, [active, polls]);

  return { exhausted: active && polls >= RESULT_POLL_MAX };
}
