/**
 * The clock for countdowns: null while the server renders and the page hydrates (both render the
 * same text), then the browser's time, ticking every `everyMs`. A timer is an outside system to
 * keep in step with, so it lives in an effect; nothing is fetched.
 */
import { useEffect, useState } from 'react';

export function useNow(everyMs = 30_000): number | null {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
