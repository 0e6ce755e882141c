import { describe, expect, test } from 'vitest';
import { limitAmountMessage, presetInput, requisiteMessage, sumForApi, sumMessage } from './amount-rules.ts';

const CURRENCIES = [
  { code: 'EUR', symbol: '€', exponent: 2 },
  { code: 'USD', symbol: '$', exponent: 2 },
  { code: 'JPY', symbol: '¥', exponent: 0 },
];
const EUR = { min: { amount: '10.00', currency: 'EUR' }, max: { amount: '5000.00', currency: 'EUR' } };
const en = { locale: 'en' as const, currencies: CURRENCIES };
const fr = { locale: 'fr' as const, currencies: CURRENCIES };

describe('sum rule (spec §5) with both bounds in the currency', () => {
  test('a whole amount within the bounds is valid, separators allowed', () => {
    expect(sumMessage('10', EUR, en)).toBeNull();
    expect(sumMessage('5000', EUR, en)).toBeNull();
    expect(sumMessage('1,500', EUR, en)).toBeNull();
    expect(sumMessage('1 500', EUR, en)).toBeNull();
  });

  test('blank is the required message', () => {
    expect(sumMessage('', EUR, en)).toBe('Field is required');
    expect(sumMessage('  ', EUR, fr)).toBe('Ce champ est obligatoire');
  });

  test('out of bounds, leading zero, letters, decimals, negatives: both bounds formatted', () => {
    const expected = 'Enter an amount from €10.00 to €5,000.00';
    for (const value of ['9', '5001', '010', '12a', '12.50', '-20', '0', '1,50']) {
      expect(sumMessage(value, EUR, en), value).toBe(expected);
    }
  });

  test('in French', () => {
    expect(sumMessage('1', EUR, fr)).toBe('Saisissez un montant compris entre €10.00 et €5,000.00');
  });

  test('the currency exponent applies (yen have no decimals)', () => {
    const yen = { min: { amount: '1500', currency: 'JPY' }, max: { amount: '750000', currency: 'JPY' } };
    expect(sumMessage('100', yen, en)).toBe('Enter an amount from ¥1,500 to ¥750,000');
  });

  test('an unknown currency shows its code; a missing one falls back to USD', () => {
    const xyz = { min: { amount: '1', currency: 'XYZ' }, max: { amount: '2', currency: 'XYZ' } };
    expect(sumMessage('3', xyz, en)).toBe('Enter an amount from 1.00\u00a0XYZ to 2.00\u00a0XYZ');
    const none = { min: { amount: '1', currency: '' }, max: { amount: '2', currency: '' } };
    expect(sumMessage('3', none, en)).toBe('Enter an amount from $1.00 to $2.00');
  });

  test("the operator's message override is used", () => {
    expect(
      sumMessage('3', EUR, { ...en, overrides: { sumRange: 'Between $$min$$ and $$max$$ please' } }),
    ).toBe('Between €10.00 and €5,000.00 please');
  });
});

describe('presets and the wire', () => {
  test('presets become typeable whole amounts', () => {
    expect(presetInput('25.00')).toBe('25');
    expect(presetInput('1000')).toBe('1000');
    expect(presetInput('12.50')).toBeNull();
    expect(presetInput('0.00')).toBeNull();
  });

  test('separators are removed before sending', () => {
    expect(sumForApi('1,500')).toBe('1500');
    expect(sumForApi('25')).toBe('25');
  });
});

describe('requisites and limits', () => {
  const iban = { name: 'iban' as const, rule: 'iban' as const, required: true };
  test('IBAN with the shared rule', () => {
    expect(requisiteMessage(iban, 'FR76 3000 6000 0112 3456 7890 189', en)).toBeNull();
    expect(requisiteMessage(iban, 'FR76 3000 6000 0112 3456 7890 188', en)).toBe('Wrong iban');
    expect(requisiteMessage(iban, '', fr)).toBe('Ce champ est obligatoire');
    expect(requisiteMessage({ ...iban, required: false }, '', en)).toBeNull();
  });

  test('card holder', () => {
    const holder = { name: 'holder' as const, rule: 'cardHolder' as const, required: true };
    expect(requisiteMessage(holder, 'Jane Player', en)).toBeNull();
    expect(requisiteMessage(holder, 'Jane 2', en)).toBe('Wrong card holder name');
  });

  test('a deposit limit is a whole positive amount', () => {
    expect(limitAmountMessage('50', en, 'EUR')).toBeNull();
    expect(limitAmountMessage('', en, 'EUR')).toBe('Field is required');
    expect(limitAmountMessage('0', en, 'EUR')).toBe('Min value is €1.00');
  });
});
