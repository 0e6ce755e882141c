import { describe, expect, test, vi } from 'vitest';
import {
  GAME_BALANCE_MESSAGE,
  gameBalanceMessage,
  postToParent,
  readGameBalanceMessage,
} from './parent-messages.ts';

const ORIGIN = 'https://casino.example';
const frame = { name: 'the game frame' };
const message = { type: GAME_BALANCE_MESSAGE, mode: 'real', balance: '48.60', currency: 'EUR' } as const;

describe('the game balance message', () => {
  test('is built from the session: demo for anything but real', () => {
    expect(gameBalanceMessage({ mode: 'real', currency: 'EUR', balance: '48.60' })).toEqual(message);
    expect(gameBalanceMessage({ mode: 'guest', currency: 'FUN', balance: '1000.00' }).mode).toBe('demo');
  });

  test('is read from our own origin and our own game frame only', () => {
    const expected = { origin: ORIGIN, source: frame };
    expect(readGameBalanceMessage({ origin: ORIGIN, source: frame, data: message }, expected)).toEqual(
      message,
    );
    expect(
      readGameBalanceMessage({ origin: 'https://evil.example', source: frame, data: message }, expected),
    ).toBeNull();
    expect(
      readGameBalanceMessage({ origin: ORIGIN, source: { other: true }, data: message }, expected),
    ).toBeNull();
    // No game frame on the page: nothing is accepted.
    expect(
      readGameBalanceMessage(
        { origin: ORIGIN, source: null, data: message },
        { origin: ORIGIN, source: null },
      ),
    ).toBeNull();
  });

  test('rejects anything but the exact shape', () => {
    const read = (data: unknown) =>
      readGameBalanceMessage({ origin: ORIGIN, source: frame, data }, { origin: ORIGIN, source: frame });
    expect(read(null)).toBeNull();
    expect(read('croupier:game-balance')).toBeNull();
    expect(read({ ...message, type: 'checkIframe' })).toBeNull();
    expect(read({ ...message, mode: 'bonus' })).toBeNull();
    expect(read({ ...message, balance: 48.6 })).toBeNull();
    expect(read({ ...message, balance: '1e3' })).toBeNull();
    expect(read({ ...message, balance: '<b>9</b>' })).toBeNull();
    expect(read({ ...message, currency: 'eur' })).toBeNull();
    expect(read({ ...message, extra: 'ignored' })).toEqual(message);
    expect(read({ ...message, balance: '-0.50' })?.balance).toBe('-0.50');
  });

  test('is posted to a parent page of our own origin, and only when framed', () => {
    const postMessage = vi.fn();
    const self = { location: { origin: ORIGIN } } as unknown as Window;
    const framed = { parent: { postMessage }, location: { origin: ORIGIN } } as unknown as Window;
    expect(postToParent(message, framed)).toBe(true);
    expect(postMessage).toHaveBeenCalledWith(message, ORIGIN);
    (self as unknown as { parent: unknown }).parent = self;
    expect(postToParent(message, self)).toBe(false);
  });
});
