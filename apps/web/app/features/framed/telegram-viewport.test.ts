import { describe, expect, test } from 'vitest';
import { isTelegramLaunch } from '../auth/telegram-mini-app.ts';
import { miniAppStyle, viewportHeightOf } from './telegram-viewport.ts';

describe('Telegram detection (launch parameters)', () => {
  test('the hash or query launch data means the mini-app; a plain visit does not', () => {
    expect(isTelegramLaunch({ search: '', hash: '#tgWebAppData=query_id%3D1&tgWebAppVersion=7.0' })).toBe(
      true,
    );
    expect(isTelegramLaunch({ search: '?tgWebAppVersion=7.0', hash: '' })).toBe(true);
    expect(isTelegramLaunch({ search: '?track_id=x', hash: '#top' })).toBe(false);
  });
});

describe('the mini-app viewport', () => {
  test('takes the stable height, then the current one, within sane bounds', () => {
    expect(viewportHeightOf({ viewportStableHeight: 612.4, viewportHeight: 700 })).toBe('612px');
    expect(viewportHeightOf({ viewportHeight: 700 })).toBe('700px');
    expect(viewportHeightOf({})).toBeNull();
    expect(viewportHeightOf({ viewportStableHeight: 0 })).toBeNull();
    expect(viewportHeightOf({ viewportStableHeight: Number.NaN })).toBeNull();
    expect(viewportHeightOf({ viewportStableHeight: 1e9 })).toBeNull();
  });

  test('follows the theme colour scheme, dark by default (the site is dark)', () => {
    expect(miniAppStyle({ colorScheme: 'light', viewportStableHeight: 500 })).toEqual({
      height: '500px',
      colorScheme: 'light',
    });
    expect(miniAppStyle({}).colorScheme).toBe('dark');
  });
});
