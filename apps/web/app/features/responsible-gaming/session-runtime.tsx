/**
 * Session time for a signed-in player, on every page (ADR 028; mounted once by the root):
 * - once per session, right after login, a toast with the previous session's length and end;
 * - the session limit: a warning a few minutes before the end, then a logout with its reason;
 * - reality checks every chosen interval: a popup with time played and net position, and the
 *   same words in the game frame when a game is open.
 * The times come from `responsibleGaming.getSession` and are scheduled against the server's clock
 * (its `now`), so a wrong device clock does not move them. The server refuses bets past the limit
 * whatever this page does.
 */
import type { RgSessionOutput } from '@croupier/contract/responsible-gaming/session';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { useSiteSections } from '../../lib/site-sections.ts';
import { useDialogs } from '../../ui/dialogs.tsx';
import { formatTime } from '../../ui/format.ts';
import { useToasts } from '../../ui/toasts.tsx';
import { useAuthRoot } from '../auth/auth-root-data.ts';
import { useLogout } from '../auth/use-auth-actions.ts';
import { useCashierApi } from '../cashier/use-cashier-api.ts';
import { useCashierFormat, useTimeZone } from '../cashier/use-cashier-format.ts';
import { gameFrameWindow } from '../games/game-stage.ts';
import { postToGameFrame } from '../rgs/reality-check-message.ts';
import { RealityCheck, realityCheckText } from './reality-check.tsx';
import { RG_SESSION_CHANGED_EVENT } from './session-events.ts';
import { formatDuration } from './session-format.ts';

/** localStorage: the start of the session whose previous-session toast was shown. */
export const PREVIOUS_SHOWN_KEY = 'croupier:rg-previous-session-shown';

interface Loaded {
  data: RgSessionOutput;
  /** Server clock minus this device's, in ms. */
  offsetMs: number;
}

export function RgSessionRuntime() {
  const root = useAuthRoot();
  const active = root?.isAuthenticated === true;
  // The previous-session notice belongs to the responsible-gaming area (ADR 014 sections); the
  // limit and the reality checks a player set apply whatever the sections.
  const rgSection = useSiteSections().responsibleGaming;
  const { t } = useTranslation('rg-session');
  const { api } = useCashierApi();
  const { money, dateTime, locale } = useCashierFormat();
  const timeZone = useTimeZone();
  const toasts = useToasts();
  const dialogs = useDialogs();
  const logout = useLogout();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const realityDialog = useRef<string | null>(null);
  /** The session end whose warning already showed (a reload of the figures must not repeat it). */
  const warned = useRef<string | null>(null);
  const latest = useRef({ t, money, dateTime, locale, timeZone, toasts, dialogs, logout });
  latest.current = { t, money, dateTime, locale, timeZone, toasts, dialogs, logout };

  const load = useCallback(async (): Promise<Loaded | null> => {
    try {
      const data = await api.call('responsibleGaming.getSession');
      const next = { data, offsetMs: Date.parse(data.now) - Date.now() };
      setLoaded(next);
      return next;
    } catch {
      // Session time is a help on top of the server's refusal: a failed read only waits for the next.
      return null;
    }
  }, [api]);

  useEffect(() => {
    if (!active) {
      setLoaded(null);
      return;
    }
    void load();
    const onChanged = () => void load();
    window.addEventListener(RG_SESSION_CHANGED_EVENT, onChanged);
    return () => window.removeEventListener(RG_SESSION_CHANGED_EVENT, onChanged);
  }, [active, load]);

  // The previous session, once per session (the first page after login).
  useEffect(() => {
    const data = loaded?.data;
    if (!rgSection || !data?.session || !data.previous_session) return;
    let shown: string | null = null;
    try {
      shown = window.localStorage.getItem(PREVIOUS_SHOWN_KEY);
    } catch {
      // Storage blocked: the toast may show again, nothing worse.
    }
    if (shown === data.session.started_at) return;
    try {
      window.localStorage.setItem(PREVIOUS_SHOWN_KEY, data.session.started_at);
    } catch {
      // See above.
    }
    const { t: tr, toasts: notices, dateTime: when, locale: lang } = latest.current;
    notices.show({
      kind: 'info',
      title: tr('previous.title'),
      text: tr('previous.text', {
        duration: formatDuration(data.previous_session.duration_seconds, lang),
        date: when(data.previous_session.ended_at),
      }),
      durationMs: 10_000,
    });
  }, [loaded, rgSection]);

  // The session limit's warning and logout, and the next reality check.
  useEffect(() => {
    const session = loaded?.data.session;
    if (!active || !loaded || !session) return;
    const serverNow = () => Date.now() + loaded.offsetMs;
    const delay = (iso: string) => Math.max(0, Date.parse(iso) - serverNow());
    const timers: ReturnType<typeof setTimeout>[] = [];

    if (session.warn_at && session.ends_at && !session.limit_reached && warned.current !== session.ends_at) {
      const endsAt = session.ends_at;
      timers.push(
        setTimeout(() => {
          warned.current = endsAt;
          const { t: tr, toasts: notices, timeZone: zone } = latest.current;
          notices.show({
            kind: 'info',
            title: tr('limit.warningTitle'),
            text: tr('limit.warningText', { time: formatTime(endsAt, { timeZone: zone }) }),
            durationMs: Number.POSITIVE_INFINITY,
          });
        }, delay(session.warn_at)),
      );
    }
    if (session.ends_at) {
      timers.push(
        setTimeout(async () => {
          const { t: tr, toasts: notices, logout: leave } = latest.current;
          if (await leave('player')) {
            notices.show({
              kind: 'info',
              title: tr('limit.reachedTitle'),
              text: tr('limit.reachedText'),
              durationMs: Number.POSITIVE_INFINITY,
            });
          }
        }, delay(session.ends_at)),
      );
    }
    if (session.next_reality_check_at && !session.limit_reached) {
      timers.push(
        setTimeout(async () => {
          const fresh = (await load())?.data.session;
          if (!fresh) return;
          const {
            t: tr,
            money: cash,
            locale: lang,
            timeZone: zone,
            dialogs: stack,
            logout: leave,
          } = latest.current;
          const format = {
            locale: lang,
            money: cash,
            time: (iso: string) => formatTime(iso, { timeZone: zone }),
          };
          const text = realityCheckText(tr, fresh, format);
          postToGameFrame(
            { title: text.title, lines: [text.played, text.net], continueLabel: text.continueLabel },
            gameFrameWindow(),
            window.location.origin,
          );
          if (realityDialog.current) stack.close(realityDialog.current, { force: true });
          realityDialog.current = stack.open({
            title: text.title,
            size: 'sm',
            content: (dialog) => (
              <RealityCheck
                session={fresh}
                format={format}
                onContinue={() => dialog.close()}
                onLogout={() => void leave('player')}
              />
            ),
            onClosed: () => {
              realityDialog.current = null;
            },
          });
        }, delay(session.next_reality_check_at)),
      );
    }
    return () => {
      for (const timer of timers) clearTimeout(timer);
    };
  }, [active, loaded, load]);

  return null;
}
