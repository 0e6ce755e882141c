import { describe, expect, it } from 'vitest';
import { signTelegramInitData, telegramDataCheckString, verifyTelegramInitData } from './telegram.ts';

const BOT_TOKEN = '123456:ABCDEFGHIJKLMNOPQRSTUVWXYZabcdef';
const NOW = 1_700_000_000;

function initData(overrides: Record<string, string> = {}, token = BOT_TOKEN) {
  return signTelegramInitData(
    {
      query_id: 'AAH',
      user: JSON.stringify({ id: 42, first_name: 'Ann', username: 'ann', language_code: 'fr' }),
      auth_date: String(NOW - 10),
      ...overrides,
    },
    token,
  );
}

const options = { botToken: BOT_TOKEN, nowSeconds: NOW, maxAgeSeconds: 3600 };

describe('Telegram Mini App init data', () => {
  it('builds the data-check-string from sorted pairs without the hash', () => {
    const params = new URLSearchParams('b=2&hash=x&a=1');
    expect(telegramDataCheckString(params)).toBe('a=1\nb=2');
  });

  it('accepts correctly signed, fresh data and reads the user', () => {
    const result = verifyTelegramInitData(initData(), options);
    expect(result).toMatchObject({
      ok: true,
      authDate: NOW - 10,
      user: { id: 42, username: 'ann', languageCode: 'fr', firstName: 'Ann' },
    });
  });

  it('refuses data signed with another token, or changed after signing', () => {
    expect(verifyTelegramInitData(initData({}, '999:ZZZZZZZZZZZZZZZZZZZZZZZZZZ'), options)).toEqual({
      ok: false,
      reason: 'forged',
    });
    const changed = new URLSearchParams(initData());
    changed.set('user', JSON.stringify({ id: 43 }));
    expect(verifyTelegramInitData(changed.toString(), options)).toEqual({ ok: false, reason: 'forged' });
  });

  it('refuses stale data and data from the future', () => {
    expect(verifyTelegramInitData(initData({ auth_date: String(NOW - 3601) }), options)).toEqual({
      ok: false,
      reason: 'stale',
    });
    expect(verifyTelegramInitData(initData({ auth_date: String(NOW + 3600) }), options)).toEqual({
      ok: false,
      reason: 'stale',
    });
  });

  it('refuses malformed data', () => {
    expect(verifyTelegramInitData('user=1', options)).toEqual({ ok: false, reason: 'malformed' });
    expect(verifyTelegramInitData(initData({ user: 'not json' }), options)).toEqual({
      ok: false,
      reason: 'malformed',
    });
    expect(verifyTelegramInitData(initData({ user: '{"id":"42"}' }), options)).toEqual({
      ok: false,
      reason: 'malformed',
    });
  });
});
