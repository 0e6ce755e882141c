/**
 * Tracking on every site page (spec §2, §7, §9; ADR 039), mounted once by the root. These are
 * beacons the page sends because it was opened (a landing, a loaded script), not reads of page
 * data: nothing renders from them, so they run in effects.
 */
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { FRAUD_CHECK_DELAY_MS, hitUrl, loadFraudAgent, sendFraudCheck, sendHit } from './tracking-beacons.ts';

export function TrackingRuntime({
  seonEnabled,
  isAuthenticated,
}: {
  seonEnabled: boolean;
  isAuthenticated: boolean;
}) {
  const { search } = useLocation();
  const sentFor = useRef<string | null>(null);

  // A landing's advertising parameters: one hit per distinct query.
  useEffect(() => {
    if (sentFor.current === search) return;
    sentFor.current = search;
    if (!hitUrl(search, '', null)) return;
    // Sent even if the visitor moved on meanwhile: the landing happened.
    const send = (session: string | null) => {
      const url = hitUrl(search, document.referrer, session);
      if (url) sendHit(url);
    };
    if (seonEnabled) void loadFraudAgent().then(send);
    else send(null);
  }, [search, seonEnabled]);

  // The fraud-check hit, 3 s after the script loaded; again after sign-in so the score is the player's.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `isAuthenticated` re-runs it: a check after sign-in scores the player.
  useEffect(() => {
    if (!seonEnabled) return;
    let timer: number | undefined;
    let cancelled = false;
    void loadFraudAgent().then((session) => {
      if (!session || cancelled) return;
      timer = window.setTimeout(() => void sendFraudCheck(session), FRAUD_CHECK_DELAY_MS);
    });
    return () => {
      cancelled = true;
      if (timer !== undefined) window.clearTimeout(timer);
    };
  }, [seonEnabled, isAuthenticated]);
  return null;
}
