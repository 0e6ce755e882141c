import { describe, expect, test } from 'vitest';
import { isFullscreenButtonVisible } from './fullscreen.ts';

describe('isFullscreenButtonVisible (spec §4: all, telegram, product, none)', () => {
  const base = { setting: 'all' as const, gameAllows: true, inTelegram: false, supported: true };

  test('all: everywhere; none: nowhere', () => {
    expect(isFullscreenButtonVisible(base)).toBe(true);
    expect(isFullscreenButtonVisible({ ...base, inTelegram: true })).toBe(true);
    expect(isFullscreenButtonVisible({ ...base, setting: 'none' })).toBe(false);
  });

  test('telegram: only inside the mini-app; product: only outside it', () => {
    expect(isFullscreenButtonVisible({ ...base, setting: 'telegram' })).toBe(false);
    expect(isFullscreenButtonVisible({ ...base, setting: 'telegram', inTelegram: true })).toBe(true);
    expect(isFullscreenButtonVisible({ ...base, setting: 'product' })).toBe(true);
    expect(isFullscreenButtonVisible({ ...base, setting: 'product', inTelegram: true })).toBe(false);
  });

  test('the game may hide it, and no Fullscreen API means no button', () => {
    expect(isFullscreenButtonVisible({ ...base, gameAllows: false })).toBe(false);
    expect(isFullscreenButtonVisible({ ...base, supported: false })).toBe(false);
  });
});
