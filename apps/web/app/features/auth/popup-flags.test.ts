import { describe, expect, test } from 'vitest';
import { hasAuthPopupFlags, readAuthPopupRequest, stripAuthPopupFlags } from './popup-flags.ts';

describe('readAuthPopupRequest', () => {
  test('show_popup_reg opens registration, show_popup_auth authorization', () => {
    expect(readAuthPopupRequest('?show_popup_reg=1')).toEqual({
      tab: 'register',
      closable: true,
      fromFlags: true,
    });
    expect(readAuthPopupRequest('?show_popup_auth')).toEqual({
      tab: 'login',
      closable: true,
      fromFlags: true,
    });
  });

  test('prevent_close=1 makes it non-closable', () => {
    expect(readAuthPopupRequest('?show_popup_auth=1&prevent_close=1')?.closable).toBe(false);
    expect(readAuthPopupRequest('?show_popup_auth=1&prevent_close=true')?.closable).toBe(false);
    expect(readAuthPopupRequest('?show_popup_auth=1&prevent_close=0')?.closable).toBe(true);
  });

  test('registration wins when both are set', () => {
    expect(readAuthPopupRequest('?show_popup_auth=1&show_popup_reg=1')?.tab).toBe('register');
  });

  test('a flag turned off opens nothing', () => {
    expect(readAuthPopupRequest('?show_popup_reg=0')).toBeNull();
    expect(readAuthPopupRequest('?show_popup_auth=false')).toBeNull();
    expect(readAuthPopupRequest('?promo_code=X')).toBeNull();
    expect(readAuthPopupRequest('')).toBeNull();
  });

  test('the last value of a repeated flag counts', () => {
    expect(readAuthPopupRequest('?show_popup_reg=1&show_popup_reg=0')).toBeNull();
  });

  test('a guest sent home by the guard gets the authorization tab, closable, nothing to strip', () => {
    expect(readAuthPopupRequest('?redirectUrl=%2Fprofile%2Fsettings')).toEqual({
      tab: 'login',
      closable: true,
      fromFlags: false,
    });
  });
});

describe('stripAuthPopupFlags', () => {
  test('removes the flags and keeps everything else', () => {
    expect(stripAuthPopupFlags('?show_popup_reg=1&promo_code=WELCOME&prevent_close=1')).toBe(
      '?promo_code=WELCOME',
    );
    expect(stripAuthPopupFlags('?show_popup_auth=1&redirectUrl=%2Fcashier')).toBe('?redirectUrl=%2Fcashier');
  });

  test('an address with only flags loses its query entirely', () => {
    expect(stripAuthPopupFlags('?show_popup_reg=1&show_popup_auth=1&prevent_close=1')).toBe('');
    expect(stripAuthPopupFlags('')).toBe('');
  });

  test('hasAuthPopupFlags', () => {
    expect(hasAuthPopupFlags('?prevent_close=1')).toBe(true);
    expect(hasAuthPopupFlags('?redirectUrl=%2F')).toBe(false);
  });
});
