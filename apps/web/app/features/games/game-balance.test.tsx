// @vitest-environment happy-dom
/**
 * The game bar's balance follows what the game frame reports after each round (spec §2 skips
 * balance polling on game paths): only from our own origin and our own game frame, only real money
 * in the player's currency, and only until the root loader brings a newer account.
 */
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { GAME_BALANCE_MESSAGE } from '../rgs/parent-messages.ts';
import { useReportedGameBalance } from './game-page.tsx';

/** The game frame's window, as the hook finds it. */
const frameWindow = { name: 'game frame window' };
const gameWindow = () => frameWindow;

afterEach(() => {
  cleanup();
});

function post(data: unknown, options: { origin?: string; source?: unknown } = {}) {
  const event = new MessageEvent('message', {
    data,
    origin: options.origin ?? window.location.origin,
    source: (options.source === undefined ? frameWindow : options.source) as Window | null,
  });
  act(() => {
    window.dispatchEvent(event);
  });
}

const real = { type: GAME_BALANCE_MESSAGE, mode: 'real', balance: '48.60', currency: 'EUR' };

describe('the game bar balance', () => {
  test('takes the balance the game frame reports', () => {
    const account = { balance_main: { amount: '50.00', currency: 'EUR' } };
    const { result } = renderHook(() => useReportedGameBalance(account, gameWindow));
    expect(result.current).toBeNull();
    post(real);
    expect(result.current).toBe('48.60');
    post({ ...real, balance: '51.20' });
    expect(result.current).toBe('51.20');
  });

  test('ignores other origins, other windows, demo money, other currencies and other shapes', () => {
    const account = { balance_main: { amount: '50.00', currency: 'EUR' } };
    const { result } = renderHook(() => useReportedGameBalance(account, gameWindow));
    post(real, { origin: 'https://evil.example' });
    post(real, { source: window });
    post({ ...real, mode: 'demo', balance: '1000.00' });
    post({ ...real, currency: 'USD' });
    post({ type: 'checkIframe', url: '/cashier' });
    post({ ...real, balance: 'NaN' });
    expect(result.current).toBeNull();
  });

  test('gives way to a newer account from the root loader', () => {
    const first = { balance_main: { amount: '50.00', currency: 'EUR' } };
    const { result, rerender } = renderHook(({ account }) => useReportedGameBalance(account, gameWindow), {
      initialProps: { account: first },
    });
    post(real);
    expect(result.current).toBe('48.60');
    rerender({ account: { balance_main: { amount: '48.60', currency: 'EUR' } } });
    expect(result.current).toBeNull();
  });
});
