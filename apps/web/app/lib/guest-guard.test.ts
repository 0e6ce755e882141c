import { describe, expect, test } from 'vitest';
import { guestRedirectLocation, isPlayerOnlyPath } from './guest-guard.ts';

describe('isPlayerOnlyPath', () => {
  test.each([
    '/cashier',
    '/cashier/paysuccess/12',
    '/fr/cashier',
    '/profile/settings',
    '/profile/responsible-game',
    '/responsible-game',
    '/bets/live/1',
    '/fr/bets',
    '/Cashier',
  ])('%s is for players', (path) => {
    expect(isPlayerOnlyPath(path)).toBe(true);
  });

  test.each(['/', '/fr', '/about', '/cashier-faq', '/responsible-gaming', '/betting', '/profiles'])(
    '%s is public',
    (path) => {
      expect(isPlayerOnlyPath(path)).toBe(false);
    },
  );
});

describe('guestRedirectLocation', () => {
  test('the locale home with the encoded original address', () => {
    expect(guestRedirectLocation('/profile/settings', '')).toBe('/?redirectUrl=%2Fprofile%2Fsettings');
    expect(guestRedirectLocation('/fr/cashier', '')).toBe('/fr?redirectUrl=%2Ffr%2Fcashier');
    expect(guestRedirectLocation('/cashier/history', '?tab=deposit&x=1')).toBe(
      '/?redirectUrl=%2Fcashier%2Fhistory%3Ftab%3Ddeposit%26x%3D1',
    );
  });
});
