/**
 * The installable app in the page (spec §3, §4, §7, §8; ADR 038): the platform kind, the service
 * worker's life (offline-ready on first install, update → reload, registration error flag), the
 * install prompt, the latest-build polling and the stale-chunk reload. Components read it through
 * `usePwa()` / `usePlatformKind()`.
 *
 * The worker is registered in production builds only (`import.meta.env.PROD`): the development
 * server has no `/sw.js`, and a worker there would cache modules Vite rewrites on every edit.
 */
import type { Locale } from '@croupier/contract/locales';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useLocation } from 'react-router';
import type { Workbox } from 'workbox-window';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { useToasts } from '../../ui/toasts.tsx';
import { manifestPath } from './build/pwa-files.ts';
import { CURRENT_BUILD_ID } from './build-id.ts';
import { fetchBuildInfo, startBuildPolling } from './build-poll.ts';
import { browserPlatformSignals, detectPlatformKind, type PlatformKind } from './platform-kind.ts';
import { guardedReload } from './reload-guard.ts';
import { isStaleChunkError } from './stale-chunk.ts';

/** Chromium's install prompt event (not in the DOM typings). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export type InstallOutcome = 'accepted' | 'dismissed' | 'unavailable';

export interface PwaState {
  platformKind: PlatformKind;
  /** The worker is installed and the offline page is ready. */
  offlineReady: boolean;
  /** Registering the worker failed (logged); the site works as a plain website. */
  registrationError: boolean;
  /** The browser offered to install the app, and it is not installed yet. */
  canInstall: boolean;
  /** Shows the browser's install prompt; resolves with the player's answer. */
  install(): Promise<InstallOutcome>;
}

const PwaContext = createContext<PwaState>({
  platformKind: 'default',
  offlineReady: false,
  registrationError: false,
  canInstall: false,
  install: async () => 'unavailable',
});

export function usePwa(): PwaState {
  return useContext(PwaContext);
}

export function usePlatformKind(): PlatformKind {
  return useContext(PwaContext).platformKind;
}

const SERVICE_WORKER_URL = '/sw.js';

/**
 * The flag (spec §4), also on `<html data-offline-ready>` like `data-sw-error`. No toast says so: the
 * player installed nothing, and offline the site shows its offline page, not the casino.
 */
function markOfflineReady(set: (ready: boolean) => void): void {
  set(true);
  document.documentElement.dataset.offlineReady = '';
}

function useServiceWorker(enabled: boolean, onUpdate: () => void) {
  const [offlineReady, setOfflineReady] = useState(false);
  const [registrationError, setRegistrationError] = useState(false);
  const workbox = useRef<Workbox | null>(null);
  const callbacks = useRef({ onUpdate });
  callbacks.current = { onUpdate };

  useEffect(() => {
    if (!enabled || !('serviceWorker' in navigator)) return;
    let cancelled = false;
    void import('workbox-window').then(({ Workbox }) => {
      if (cancelled) return;
      const wb = new Workbox(SERVICE_WORKER_URL, { scope: '/' });
      workbox.current = wb;
      wb.addEventListener('installed', (event) => {
        if (!event.isUpdate) markOfflineReady(setOfflineReady);
      });
      // A new version is installed: let it take over now (spec §4), then reload into it.
      wb.addEventListener('waiting', () => wb.messageSkipWaiting());
      wb.addEventListener('controlling', (event) => {
        if (!event.isUpdate) return;
        callbacks.current.onUpdate();
        guardedReload();
      });
      wb.register()
        .then((registration) => {
          if (registration?.active && navigator.serviceWorker.controller) markOfflineReady(setOfflineReady);
        })
        .catch((error: unknown) => {
          // Spec §8: a registration error sets a flag; the site keeps working without the worker.
          setRegistrationError(true);
          document.documentElement.dataset.swError = '';
          console.error('service worker registration failed', error);
        });
    });
    return () => {
      cancelled = true;
    };
  }, [enabled]);

  return { offlineReady, registrationError, workbox };
}

function useInstallPrompt() {
  const [promptEvent, setPromptEvent] = useState<BeforeInstallPromptEvent | null>(null);
  useEffect(() => {
    const offered = (event: Event) => {
      // Keep the browser's own mini-infobar away: the site offers the prompt in its footer.
      event.preventDefault();
      setPromptEvent(event as BeforeInstallPromptEvent);
    };
    const installed = () => setPromptEvent(null);
    window.addEventListener('beforeinstallprompt', offered);
    window.addEventListener('appinstalled', installed);
    return () => {
      window.removeEventListener('beforeinstallprompt', offered);
      window.removeEventListener('appinstalled', installed);
    };
  }, []);
  const install = useCallback(async (): Promise<InstallOutcome> => {
    if (!promptEvent) return 'unavailable';
    // A prompt event can be used once.
    setPromptEvent(null);
    await promptEvent.prompt();
    const choice = await promptEvent.userChoice;
    return choice.outcome;
  }, [promptEvent]);
  return { canInstall: promptEvent !== null, install };
}

function usePlatformDetection(): PlatformKind {
  const [kind, setKind] = useState<PlatformKind>('default');
  useEffect(() => {
    const update = () => setKind(detectPlatformKind(browserPlatformSignals()));
    update();
    const standalone = window.matchMedia?.('(display-mode: standalone)');
    standalone?.addEventListener('change', update);
    return () => standalone?.removeEventListener('change', update);
  }, []);
  return kind;
}

/** Stale chunks (a lazy import or a preload of a build that is gone) reload the page once. */
function useStaleChunkReload() {
  useEffect(() => {
    const preloadFailed = (event: Event) => {
      event.preventDefault();
      guardedReload();
    };
    const rejected = (event: PromiseRejectionEvent) => {
      if (isStaleChunkError(event.reason)) guardedReload();
    };
    window.addEventListener('vite:preloadError', preloadFailed);
    window.addEventListener('unhandledrejection', rejected);
    return () => {
      window.removeEventListener('vite:preloadError', preloadFailed);
      window.removeEventListener('unhandledrejection', rejected);
    };
  }, []);
}

/**
 * New deploys: when `/build.json` names another build, the worker (if any) checks for its new
 * version (which then takes over and reloads the page); without a worker, the next navigation
 * loads the new build as a full page load.
 */
function useBuildPolling(enabled: boolean, workbox: { current: Workbox | null }) {
  const stale = useRef(false);
  const location = useLocation();
  useEffect(() => {
    if (!enabled) return;
    const visibility = (listener: () => void) => {
      const handler = () => {
        if (document.visibilityState === 'visible') listener();
      };
      document.addEventListener('visibilitychange', handler);
      return () => document.removeEventListener('visibilitychange', handler);
    };
    return startBuildPolling({
      currentId: CURRENT_BUILD_ID,
      fetchBuild: fetchBuildInfo,
      isVisible: () => document.visibilityState === 'visible',
      onVisible: visibility,
      onNewBuild: () => {
        stale.current = true;
        void workbox.current
          ?.update()
          .catch((error: unknown) => console.warn('service worker update check failed', error));
      },
    });
  }, [enabled, workbox]);
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every client navigation.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (stale.current) guardedReload();
  }, [location.pathname]);
}

export interface PwaProviderProps {
  locale: Locale;
  children: ReactNode;
}

export function PwaProvider({ locale, children }: PwaProviderProps) {
  const { t } = useTranslation('pwa');
  const toasts = useToasts();
  const production = import.meta.env.PROD;
  const platformKind = usePlatformDetection();
  const { offlineReady, registrationError, workbox } = useServiceWorker(production, () =>
    toasts.show({ kind: 'info', title: t('updating') }),
  );
  const { canInstall, install } = useInstallPrompt();
  useStaleChunkReload();
  useBuildPolling(production, workbox);

  const value = useMemo<PwaState>(
    () => ({ platformKind, offlineReady, registrationError, canInstall, install }),
    [platformKind, offlineReady, registrationError, canInstall, install],
  );
  return (
    <PwaContext.Provider value={value}>
      {/* React hoists these into <head>. The theme colour is DESIGN.md's background. */}
      <link rel="manifest" href={manifestPath(locale)} />
      <meta name="theme-color" content="#0b1020" />
      <link rel="apple-touch-icon" href="/pwa/icon-192.png" />
      {children}
    </PwaContext.Provider>
  );
}
