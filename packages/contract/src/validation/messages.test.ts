import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../locales.ts';
import {
  formatCharList,
  formatValidationMessage,
  isValidationCode,
  messagePlaceholders,
  VALIDATION_CODES,
  VALIDATION_MESSAGES,
  VALIDATION_MESSAGES_WITHOUT_VALUES,
} from './messages.ts';

describe('validation messages', () => {
  it('has the default messages of spec §5', () => {
    const en = VALIDATION_MESSAGES.en;
    expect(en.required).toBe('Field is required');
    expect(en.email).toBe('Wrong email address');
    expect(en.minLength).toBe('Min length is $$min$$');
    expect(en.maxLength).toBe('Max length is $$max$$');
    expect(en.phone).toBe('Wrong phone number');
    expect(en.fakeName).toBe('Wrong fake name');
    expect(en.password).toBe('Wrong password');
    expect(en.name).toBe('Wrong symbols in name');
    expect(en.address).toBe('Wrong address');
    expect(en.iban).toBe('Wrong iban');
    expect(en.date).toBe('Wrong date');
    expect(en.insertPhone).toBe('Enter your phone number');
    expect(en.passwordsNotEqual).toBe('Passwords are not equal');
    expect(en.numericCode).toBe('The code must contain 6 digits');
    expect(en.timeExpired).toBe('Time expired');
    expect(en.codeInvalid).toBe('Code is invalid');
    expect(en.sumRange).toBe('Enter an amount from $$min$$ to $$max$$');
  });

  it('has a non-empty message for every code in every locale, with the same placeholders', () => {
    for (const locale of LOCALES) {
      const messages = VALIDATION_MESSAGES[locale];
      expect(Object.keys(messages).sort()).toEqual([...VALIDATION_CODES].sort());
      for (const code of VALIDATION_CODES) {
        expect(messages[code].trim()).not.toBe('');
        expect(messagePlaceholders(messages[code]).sort()).toEqual(
          messagePlaceholders(VALIDATION_MESSAGES.en[code]).sort(),
        );
      }
    }
  });

  it('uses letter-only codes the dispatcher reports verbatim', () => {
    for (const code of VALIDATION_CODES) expect(code).toMatch(/^[A-Za-z]{1,40}$/);
    expect(new Set(VALIDATION_CODES).size).toBe(VALIDATION_CODES.length);
    expect(isValidationCode('passwordChars')).toBe(true);
    expect(isValidationCode('too_big')).toBe(false);
    expect(isValidationCode(3)).toBe(false);
  });

  it('substitutes placeholders', () => {
    expect(formatValidationMessage('minLength', { min: '6' }, 'en')).toBe('Min length is 6');
    expect(formatValidationMessage('minLength', { min: '6' }, 'fr')).toBe(
      'Longueur minimale\u00a0: 6 caractères',
    );
    expect(formatValidationMessage('sumRange', { min: '$10.00', max: '$5,000.00' }, 'en')).toBe(
      'Enter an amount from $10.00 to $5,000.00',
    );
    expect(formatValidationMessage('required', undefined, 'fr')).toBe('Ce champ est obligatoire');
    // A missing param never shows as a raw placeholder: the rule is said without its value.
    expect(formatValidationMessage('maxLength', {}, 'en')).toBe('Too long');
    expect(formatValidationMessage('minLength', undefined, 'fr')).toBe('Trop court');
    expect(formatValidationMessage('minimumAge', undefined, 'en')).toBe(
      'You are under the minimum age to play',
    );
    expect(formatValidationMessage('minimumAge', { age: '21' }, 'en')).toBe(
      'You must be at least 21 years old to play',
    );
    expect(formatValidationMessage('minimumAge', { age: '18' }, 'fr')).toBe(
      'Vous devez avoir au moins 18 ans pour jouer',
    );
  });

  it('names a space in the offending characters, per locale', () => {
    expect(formatValidationMessage('passwordChars', { chars: ' é' }, 'en')).toBe(
      'Characters not allowed: space, é',
    );
    expect(formatValidationMessage('passwordChars', { chars: ' é' }, 'fr')).toBe(
      'Caractères non autorisés\u00a0: espace, é',
    );
    expect(formatCharList('\t€', 'en')).toBe('U+0009, €');
  });

  it('lets the operator override a message, ignoring blank overrides', () => {
    const overrides = { required: 'Please fill in $$label$$', email: '  ' };
    expect(formatValidationMessage('required', { label: 'this' }, 'en', overrides)).toBe(
      'Please fill in this',
    );
    expect(formatValidationMessage('email', undefined, 'en', overrides)).toBe('Wrong email address');
    expect(formatValidationMessage('name', undefined, 'fr', overrides)).toBe(VALIDATION_MESSAGES.fr.name);
  });

  it('has a text without values for every message with placeholders, in every locale', () => {
    for (const locale of LOCALES) {
      for (const code of VALIDATION_CODES) {
        const message = formatValidationMessage(code, undefined, locale);
        expect(message, `${locale} ${code}`).not.toMatch(/\$\$/);
        if (messagePlaceholders(VALIDATION_MESSAGES.en[code]).length > 0) {
          expect(VALIDATION_MESSAGES_WITHOUT_VALUES[locale][code], `${locale} ${code}`).toBeTruthy();
        }
      }
    }
    // An operator's text naming a param the rule does not give falls back to the default.
    expect(formatValidationMessage('required', undefined, 'en', { required: 'Fill in $$label$$' })).toBe(
      'Field is required',
    );
  });

  it('fills every placeholder with exactly the value it is given, `$` sequences included', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...VALIDATION_CODES),
        fc.constantFrom(...LOCALES),
        // Non-empty: an empty value counts as missing (the text without values, tested above). A
        // value may itself read like a placeholder ('$$a$$'): it is shown as given, not taken for one.
        fc.string({ unit: fc.constantFrom('a', '1', ' ', '$', ','), minLength: 1 }),
        (code, locale, value) => {
          const template = VALIDATION_MESSAGES[locale][code];
          const params = Object.fromEntries(messagePlaceholders(template).map((name) => [name, value]));
          // The template cut at its placeholders (odd parts are their names), each put back as its value.
          const expected = template
            .split(/\$\$([A-Za-z]+)\$\$/)
            .map((part, index) =>
              index % 2 === 0 ? part : part === 'chars' ? formatCharList(value, locale) : value,
            )
            .join('');
          expect(formatValidationMessage(code, params, locale)).toBe(expected);
        },
      ),
    );
  });
});
