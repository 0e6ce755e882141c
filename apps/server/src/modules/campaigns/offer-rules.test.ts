import { describe, expect, it } from 'vitest';
import { editVersion } from '../../lib/edit-version.ts';
import { CampaignRuleError, type StaffOfferInput, validateOffer, validatePopup } from './offer-rules.ts';

const offer: StaffOfferInput = {
  key: 'spring-deposit',
  trigger: 'deposit',
  title: { en: 'Spring', fr: 'Printemps' },
  description: { en: 'Deposit', fr: 'Dépôt' },
  firstDepositOnly: true,
  minDeposit: { EUR: '10.5' },
  currencies: ['EUR'],
  excludeMethods: ['skrill'],
  templateIds: [1n],
  startsAt: new Date('2026-01-01T00:00:00Z'),
  endsAt: null,
  enabled: true,
};

function problem(run: () => unknown): [string, string] | null {
  try {
    run();
    return null;
  } catch (error) {
    if (error instanceof CampaignRuleError) return [error.field, error.problem];
    throw error;
  }
}

describe('offer rules', () => {
  it('turns a good offer into its row, minimum deposits in minor units', () => {
    expect(validateOffer(offer).conditions).toEqual({
      firstDepositOnly: true,
      minDepositMinor: { EUR: '1050' },
      currencies: ['EUR'],
    });
  });

  it('names the field of the first bad value', () => {
    expect(problem(() => validateOffer({ ...offer, key: 'Spring!' }))).toEqual(['key', 'format']);
    expect(problem(() => validateOffer({ ...offer, minDeposit: { EUR: '0.001' } }))).toEqual([
      'min_deposit.EUR',
      'positive_amount',
    ]);
    expect(problem(() => validateOffer({ ...offer, trigger: 'action' }))).toEqual([
      'min_deposit',
      'deposit_offers_only',
    ]);
    expect(problem(() => validateOffer({ ...offer, templateIds: [1n, 1n] }))).toEqual([
      'template_ids',
      'duplicate',
    ]);
    expect(problem(() => validateOffer({ ...offer, title: { en: 'a\u202Eb', fr: 'ok' } }))).toEqual([
      'title.en',
      'control_characters',
    ]);
  });

  it('keeps popups plain text: markup refused, a lone "<" allowed', () => {
    const popup = {
      key: 'spring',
      title: { en: 'Spring', fr: 'Printemps' },
      content: { en: '5 < 20, really', fr: 'ok' },
      offerId: null,
      startsAt: new Date('2026-01-01T00:00:00Z'),
      endsAt: null,
      enabled: true,
    };
    expect(problem(() => validatePopup(popup))).toBeNull();
    for (const content of ['<b>x</b>', '</p>', '<!-- x -->', '< img src=x>']) {
      expect(problem(() => validatePopup({ ...popup, content: { en: content, fr: 'ok' } }))).toEqual([
        'content.en',
        'markup',
      ]);
    }
  });

  it('versions ignore key order and see every change', () => {
    expect(editVersion({ a: 1n, b: { c: 'x', d: null } })).toBe(
      editVersion({ b: { d: null, c: 'x' }, a: 1n }),
    );
    expect(editVersion({ a: 1n })).not.toBe(editVersion({ a: 2n }));
    expect(editVersion({ a: 1n })).toMatch(/^[0-9a-f]{24}$/);
  });
});
