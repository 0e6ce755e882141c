import { describe, expect, it } from 'vitest';
import promotionsEn from '../../i18n/locales/en/promotions.json' with { type: 'json' };
import { createBundlesTestI18n } from '../../ui/test-i18n.ts';
import {
  ctaHref,
  depositWithOfferPath,
  parseOfferId,
  parsePromotionKey,
  promoCodeFormPath,
  promotionPath,
  signUpHref,
} from './promotion-paths.ts';
import { validityText } from './validity.ts';

describe('promotion paths', () => {
  it('localizes page paths', () => {
    expect(promotionPath(3, 'en')).toBe('/promotions/3');
    expect(promotionPath(3, 'fr')).toBe('/fr/promotions/3');
    expect(depositWithOfferPath(7, 'fr')).toBe('/fr/cashier/deposit?offer=7');
    expect(depositWithOfferPath(null, 'en')).toBe('/cashier/deposit');
    expect(promoCodeFormPath('fr')).toBe('/fr/offers#promo-code');
  });

  it('asks for the registration popup with the promo code', () => {
    expect(signUpHref('/fr/promotions/4', 'WELCOME 10')).toBe(
      '/fr/promotions/4?show_popup_reg=1&promo_code=WELCOME+10',
    );
    expect(signUpHref('/offers', null)).toBe('/offers?show_popup_reg=1');
  });

  it('reads a promotion key as an id or a slug, and nothing else', () => {
    expect(parsePromotionKey('12')).toEqual({ id: 12 });
    expect(parsePromotionKey('weekly-cashback')).toEqual({ slug: 'weekly-cashback' });
    for (const bad of [undefined, '', '0', '-1', 'Weekly', '1.5', 'a b', '9999999999999999']) {
      expect(parsePromotionKey(bad)).toBeNull();
    }
    expect(parseOfferId('7')).toBe(7);
    expect(parseOfferId('007')).toBeNull();
    expect(parseOfferId('x')).toBeNull();
  });

  it('keeps CTA links on the site', () => {
    expect(ctaHref('/gamehall', 'fr')).toBe('/fr/gamehall');
    expect(ctaHref('//evil.example', 'en')).toBeNull();
    expect(ctaHref('/\\evil.example', 'en')).toBeNull();
    expect(ctaHref('https://evil.example', 'en')).toBeNull();
  });
});

describe('validityText', () => {
  const i18n = createBundlesTestI18n('en', { en: { promotions: promotionsEn } });
  const now = new Date('2026-11-25T12:00:00Z');

  it('names the window of a promotion', () => {
    expect(validityText(i18n.t, null, null, now)).toBe('Ongoing');
    expect(validityText(i18n.t, '2026-01-01T00:00:00Z', '2026-12-31T00:00:00Z', now)).toBe(
      'Until 31.12.2026',
    );
    expect(validityText(i18n.t, '2026-12-01T00:00:00Z', null, now)).toBe('From 01.12.2026');
    expect(validityText(i18n.t, '2026-12-01T00:00:00Z', '2026-12-31T00:00:00Z', now)).toBe(
      '01.12.2026 – 31.12.2026',
    );
  });
});
