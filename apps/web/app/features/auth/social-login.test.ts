import { describe, expect, test } from 'vitest';
import {
  OAUTH_RETURN_STORAGE_KEY,
  oauthInitUrl,
  parseOAuthMessage,
  popupFeatures,
  startSocialLogin,
  takePendingReturn,
} from './social-login.ts';

function sessionStore() {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => {
      data.set(key, value);
    },
    removeItem: (key: string) => {
      data.delete(key);
    },
  };
}

describe('social login popup', () => {
  test('the init URL carries service, redirect_url and type_auth', () => {
    expect(oauthInitUrl('oidc', '/fr/promotions?x=1', 'register')).toBe(
      '/oauth/init?service=oidc&redirect_url=%2Ffr%2Fpromotions%3Fx%3D1&type_auth=register',
    );
  });

  test('a 640×480 popup centred on the window', () => {
    expect(popupFeatures({ screenX: 100, screenY: 50, outerWidth: 1440, outerHeight: 900 })).toBe(
      'popup=yes,width=640,height=480,left=500,top=260',
    );
  });

  test('the return URL is saved before the popup opens', () => {
    const storage = sessionStore();
    const opened: string[] = [];
    const ok = startSocialLogin({
      service: 'oidc',
      typeAuth: 'login',
      returnTo: '/profile/settings',
      redirectPath: '/',
      storage,
      open: (url) => {
        opened.push(url);
        expect(storage.data.get(OAUTH_RETURN_STORAGE_KEY)).toBe('/profile/settings');
        return {};
      },
      frame: { screenX: 0, screenY: 0, outerWidth: 800, outerHeight: 600 },
    });
    expect(ok).toBe(true);
    expect(opened).toEqual(['/oauth/init?service=oidc&redirect_url=%2F&type_auth=login']);
  });

  test('a blocked popup is reported', () => {
    expect(
      startSocialLogin({
        service: 'oidc',
        typeAuth: 'login',
        returnTo: '/',
        redirectPath: '/',
        storage: sessionStore(),
        open: () => null,
        frame: { screenX: 0, screenY: 0, outerWidth: 800, outerHeight: 600 },
      }),
    ).toBe(false);
  });

  test('only the tab with a pending return acts; unsafe returns are dropped', () => {
    const storage = sessionStore();
    expect(takePendingReturn(storage, 'https://casino.example')).toBeNull();
    storage.setItem(OAUTH_RETURN_STORAGE_KEY, '/cashier');
    expect(takePendingReturn(storage, 'https://casino.example')).toEqual({ target: '/cashier' });
    expect(storage.data.size).toBe(0);
    storage.setItem(OAUTH_RETURN_STORAGE_KEY, '//evil.example');
    expect(takePendingReturn(storage, 'https://casino.example')).toEqual({ target: undefined });
  });
});

describe('parseOAuthMessage', () => {
  test('reads the popup message', () => {
    expect(
      parseOAuthMessage({
        type: 'oauth',
        status: 'success',
        isNew: true,
        redirectUrl: '/',
        typeAuth: 'register',
      }),
    ).toEqual({ type: 'oauth', status: 'success', isNew: true, redirectUrl: '/', typeAuth: 'register' });
  });

  test('ignores other messages', () => {
    expect(parseOAuthMessage('hello')).toBeNull();
    expect(parseOAuthMessage({ type: 'checkIframe' })).toBeNull();
    expect(parseOAuthMessage({ type: 'oauth', status: 'maybe' })).toBeNull();
    expect(parseOAuthMessage(null)).toBeNull();
  });
});
