/**
 * The platform kinds of spec §3: `default` (a browser tab), `pwa` (the installed app, launched
 * standalone) and `webViewApp` (the site inside one of our native apps' WebViews).
 *
 * Detection, in this order (ADR 038):
 * - webViewApp: the user agent carries the native shell's token `CroupierApp/<version>`, or the
 *   page has a native bridge a known wrapper injects (`window.ReactNativeWebView`). A plain
 *   Android WebView marker (`; wv)`) alone is not enough: in-app browsers of other apps carry it too.
 * - pwa: `display-mode: standalone` (or fullscreen / minimal-ui) matches, or iOS's
 *   `navigator.standalone` is true.
 * - default otherwise, and always on the server (the first render is the same everywhere; the
 *   client corrects it after hydration).
 */
export type PlatformKind = 'default' | 'pwa' | 'webViewApp';

export interface PlatformSignals {
  userAgent: string;
  /** Whether one of the installed-app display modes matches. */
  standalone: boolean;
  /** Whether a known native bridge object is present on window. */
  nativeBridge: boolean;
}

/** The token our native app shells append to the WebView's user agent. */
export const APP_WEBVIEW_TOKEN = /\bCroupierApp\/\d+(?:\.\d+)*/;

export function detectPlatformKind(signals: PlatformSignals): PlatformKind {
  if (signals.nativeBridge || APP_WEBVIEW_TOKEN.test(signals.userAgent)) return 'webViewApp';
  if (signals.standalone) return 'pwa';
  return 'default';
}

const STANDALONE_QUERIES = [
  '(display-mode: standalone)',
  '(display-mode: fullscreen)',
  '(display-mode: minimal-ui)',
];

/** What the browser says about itself; only call in the browser. */
export function browserPlatformSignals(win: Window = window): PlatformSignals {
  const iosStandalone = (win.navigator as Navigator & { standalone?: boolean }).standalone === true;
  return {
    userAgent: win.navigator.userAgent,
    standalone:
      iosStandalone ||
      (typeof win.matchMedia === 'function' &&
        STANDALONE_QUERIES.some((query) => win.matchMedia(query).matches)),
    nativeBridge: 'ReactNativeWebView' in win,
  };
}
