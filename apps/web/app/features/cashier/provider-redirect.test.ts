import { describe, expect, test, vi } from 'vitest';
import { goToProvider, providerHref } from './provider-redirect.ts';

const ORIGIN = 'https://casino.example';

describe('redirect to the hosted payment page', () => {
  test('our own paths and origin stay relative', () => {
    expect(providerHref('/sandbox/psp/pay/pay_1', ORIGIN)).toBe('/sandbox/psp/pay/pay_1');
    expect(providerHref('https://casino.example/sandbox/psp/pay/pay_1', ORIGIN)).toBe(
      '/sandbox/psp/pay/pay_1',
    );
  });

  test("the provider's absolute URL is an explicit external navigation", () => {
    expect(providerHref('https://pay.provider.example/pay/pay_1', ORIGIN)).toBe(
      'https://pay.provider.example/pay/pay_1',
    );
  });

  test('dangerous or protocol-relative URLs are refused', () => {
    expect(() => providerHref('javascript:alert(1)', ORIGIN)).toThrow();
    expect(() => providerHref('//evil.example/pay', ORIGIN)).toThrow();
    expect(() => providerHref('mailto:a@b.c', ORIGIN)).toThrow();
  });

  test('always a full-page load', () => {
    const assign = vi.fn();
    goToProvider('/sandbox/psp/pay/pay_1', { assign, origin: ORIGIN });
    goToProvider('https://pay.provider.example/pay/pay_2', { assign, origin: ORIGIN });
    expect(assign.mock.calls).toEqual([
      ['/sandbox/psp/pay/pay_1'],
      ['https://pay.provider.example/pay/pay_2'],
    ]);
  });
});
