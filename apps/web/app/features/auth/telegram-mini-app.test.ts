import { describe, expect, test } from 'vitest';
import { isTelegramLaunch, telegramRegistration } from './telegram-mini-app.ts';

const HASH = 'a'.repeat(64);
const initData = new URLSearchParams({
  query_id: 'AAE',
  user: JSON.stringify({ id: 42, first_name: 'Ann', username: 'ann', language_code: 'fr' }),
  auth_date: '1700000000',
  hash: HASH,
}).toString();

describe('isTelegramLaunch', () => {
  test.each([
    [{ search: '?tg=1', hash: '' }, true],
    [{ search: '', hash: '#tgWebAppData=x&tgWebAppVersion=7.0' }, true],
    [{ search: '?tgWebAppVersion=7.0', hash: '' }, true],
    [{ search: '?tg=0', hash: '' }, false],
    [{ search: '', hash: '#real' }, false],
  ])('%o → %s', (location, expected) => {
    expect(isTelegramLaunch(location)).toBe(expected);
  });
});

describe('telegramRegistration', () => {
  test('reads id, username, language and hash from the signed data', () => {
    expect(telegramRegistration(initData, 'WELCOME')).toEqual({
      is_tg: 1,
      id: 42,
      hash: HASH,
      payload: initData,
      username: 'ann',
      language_code: 'fr',
      promo_code: 'WELCOME',
    });
  });

  test('no data, no user, a bad user or no hash: nothing to send', () => {
    expect(telegramRegistration('')).toBeNull();
    expect(telegramRegistration(`hash=${HASH}`)).toBeNull();
    expect(telegramRegistration(`user=%7Boops&hash=${HASH}`)).toBeNull();
    expect(telegramRegistration(`user=${encodeURIComponent('{"id":"42"}')}&hash=${HASH}`)).toBeNull();
    expect(telegramRegistration(`user=${encodeURIComponent('{"id":42}')}`)).toBeNull();
  });
});
