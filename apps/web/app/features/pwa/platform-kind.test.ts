import { describe, expect, test } from 'vitest';
import { detectPlatformKind } from './platform-kind.ts';

const CHROME =
  'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36';
const ANDROID_WEBVIEW =
  'Mozilla/5.0 (Linux; Android 14; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/130.0 Mobile Safari/537.36';

describe('platform kind (spec §3)', () => {
  test('a browser tab is default', () => {
    expect(detectPlatformKind({ userAgent: CHROME, standalone: false, nativeBridge: false })).toBe('default');
  });

  test('launched standalone it is the PWA', () => {
    expect(detectPlatformKind({ userAgent: CHROME, standalone: true, nativeBridge: false })).toBe('pwa');
  });

  test('our app shell token or its native bridge make it webViewApp, standalone or not', () => {
    const shell = `${ANDROID_WEBVIEW} CroupierApp/2.4.1`;
    expect(detectPlatformKind({ userAgent: shell, standalone: false, nativeBridge: false })).toBe(
      'webViewApp',
    );
    expect(detectPlatformKind({ userAgent: shell, standalone: true, nativeBridge: false })).toBe(
      'webViewApp',
    );
    expect(detectPlatformKind({ userAgent: CHROME, standalone: false, nativeBridge: true })).toBe(
      'webViewApp',
    );
  });

  test('an unknown WebView (another app’s in-app browser) stays default', () => {
    expect(detectPlatformKind({ userAgent: ANDROID_WEBVIEW, standalone: false, nativeBridge: false })).toBe(
      'default',
    );
    expect(
      detectPlatformKind({ userAgent: `${CHROME} CroupierApp/`, standalone: false, nativeBridge: false }),
    ).toBe('default');
  });
});
