/**
 * Loyalty notices as toasts (spec §3 Loyalty notification, §4, §9): `loyalty.getnotifications`
 * is fetched after the first interaction, again on every route path change and right after a
 * loyalty action; each notice shows 300 ms after the fetch answered, as a success toast for a
 * credit and an error toast otherwise, for the loyalty config's duration (default 5 s), with an
 * optional short sound at volume 0.5. The server delivers each notice once.
 */
import type { LoyaltyNotification } from '@croupier/contract/loyalty/loyalty';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { createBrowserApi } from '../../lib/browser-api.ts';
import { usePageLocale } from '../../lib/use-root-data.ts';
import { useToasts } from '../../ui/toasts.tsx';
import { useFirstInteraction } from '../support/first-interaction.ts';

/** Spec §9. */
export const LOYALTY_NOTICE_DELAY_MS = 300;
export const LOYALTY_NOTICE_VOLUME = 0.5;
export const LOYALTY_NOTICE_DEFAULT_SECONDS = 5;

export interface LoyaltyNoticeSettings {
  /** Seconds a notice stays. */
  duration: number;
  sound: boolean;
}

/** A short two-tone chime at the given volume (no audio file to load); silent where audio is unavailable. */
export function playChime(volume: number): void {
  try {
    const AudioContextClass = window.AudioContext;
    if (!AudioContextClass) return;
    const context = new AudioContextClass();
    const gain = context.createGain();
    gain.gain.value = volume;
    gain.connect(context.destination);
    [880, 1320].forEach((frequency, index) => {
      const oscillator = context.createOscillator();
      oscillator.frequency.value = frequency;
      oscillator.connect(gain);
      oscillator.start(context.currentTime + index * 0.12);
      oscillator.stop(context.currentTime + index * 0.12 + 0.1);
    });
  } catch {
    // Autoplay refused or no audio: the toast is enough.
  }
}

const NoticesContext = createContext<{ fetchNow: () => void }>({ fetchNow: () => {} });

export function useLoyaltyNotices() {
  return useContext(NoticesContext);
}

/** Shows the notices; `fetchNow` lets an action ask for them at once. */
export function LoyaltyNotices({
  enabled,
  settings,
  children,
}: {
  /** A player, with the loyalty section on: otherwise nothing is fetched. */
  enabled: boolean;
  settings: LoyaltyNoticeSettings;
  children?: ReactNode;
}) {
  const locale = usePageLocale();
  const { pathname } = useLocation();
  const toasts = useToasts();
  const api = useMemo(() => createBrowserApi(locale), [locale]);
  const interacted = useFirstInteraction(enabled);
  const [asked, setAsked] = useState(0);

  const show = useCallback(
    (items: readonly LoyaltyNotification[]) => {
      if (items.length === 0) return;
      window.setTimeout(() => {
        for (const notice of items) {
          toasts.show({
            kind: notice.type === 'credit' ? 'success' : 'error',
            title: notice.title,
            text: notice.message,
            durationMs: (settings.duration > 0 ? settings.duration : LOYALTY_NOTICE_DEFAULT_SECONDS) * 1000,
          });
        }
        if (settings.sound) playChime(LOYALTY_NOTICE_VOLUME);
      }, LOYALTY_NOTICE_DELAY_MS);
    },
    [toasts, settings.duration, settings.sound],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: `pathname` and `asked` re-run it: notices load after each path change and each loyalty action.
  useEffect(() => {
    if (!enabled || (!interacted && asked === 0)) return;
    // Each notice is delivered once by the server: shown even if the page moved on meanwhile.
    api
      .call('loyalty.getnotifications', {})
      .then((value) => show(value.items))
      .catch((error: unknown) => console.error('loyalty notices failed to load', error));
  }, [enabled, interacted, pathname, asked, api, show]);

  const value = useMemo(() => ({ fetchNow: () => setAsked((n) => n + 1) }), []);
  return <NoticesContext.Provider value={value}>{children}</NoticesContext.Provider>;
}
