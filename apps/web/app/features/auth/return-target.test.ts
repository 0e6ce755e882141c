import { describe, expect, test } from 'vitest';
import { afterAuthTarget, safeReturnPath, withRegisterSuccess } from './return-target.ts';

describe('safeReturnPath', () => {
  test.each([
    ['/profile/settings', '/profile/settings'],
    ['/fr/promotions?x=1#top', '/fr/promotions?x=1#top'],
    ['https://casino.example/cashier?tab=1', '/cashier?tab=1'],
    // A Location header carries ASCII only: characters above U+00FF are percent-encoded.
    ['/promotions/日本?q=€', '/promotions/%E6%97%A5%E6%9C%AC?q=%E2%82%AC'],
    ['/..//evil.example', '/evil.example'],
  ])('%s is followed as %s', (raw, expected) => {
    expect(safeReturnPath(raw, 'https://casino.example')).toBe(expected);
  });

  test.each([
    null,
    '',
    '//evil.example/x',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,x',
    'https://evil.example/profile',
    'mailto:a@b.c',
    '?x=1',
    '#top',
    '/forms/sign_in',
    '/fr/forms/sign_up?backUrl=%2F',
    `/${'a'.repeat(3000)}`,
  ])('%s is refused', (raw) => {
    expect(safeReturnPath(raw, 'https://casino.example')).toBeUndefined();
  });

  test('an absolute URL without a known origin is refused', () => {
    expect(safeReturnPath('https://casino.example/cashier')).toBeUndefined();
  });
});

describe('afterAuthTarget', () => {
  test('backUrl wins over redirectUrl', () => {
    expect(afterAuthTarget('?backUrl=%2Fpromotions&redirectUrl=%2Fprofile', 'en')).toBe('/promotions');
  });

  test('the guest guard redirectUrl is followed', () => {
    expect(afterAuthTarget('?redirectUrl=%2Ffr%2Fprofile%2Fsettings', 'fr')).toBe('/fr/profile/settings');
  });

  test('an unsafe backUrl falls back to redirectUrl, then home', () => {
    expect(afterAuthTarget('?backUrl=%2F%2Fevil.example&redirectUrl=%2Fcashier', 'en')).toBe('/cashier');
    expect(afterAuthTarget('?backUrl=javascript%3Aalert(1)', 'en')).toBe('/');
  });

  test('without any, the locale home (spec §2: after login the locale-specific home)', () => {
    expect(afterAuthTarget('', 'en')).toBe('/');
    expect(afterAuthTarget('?show_popup_auth=1', 'fr')).toBe('/fr');
  });
});

describe('withRegisterSuccess', () => {
  test.each([
    ['/', '/?register=success'],
    ['/fr', '/fr?register=success'],
    ['/promotions?x=1#top', '/promotions?x=1&register=success#top'],
    ['/?register=success', '/?register=success'],
  ])('%s → %s', (path, expected) => {
    expect(withRegisterSuccess(path)).toBe(expected);
  });
});
