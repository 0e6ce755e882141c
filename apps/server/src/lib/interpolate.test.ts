import { describe, expect, it } from 'vitest';
import { serverMessages, translate } from '../http/messages.ts';
import { accountMessages } from '../modules/accounts/accounts.messages.ts';
import { backofficeMessages } from '../modules/backoffice/backoffice.messages.ts';
import { cashierMessages } from '../modules/cashier/cashier.messages.ts';
import { socialMessages } from '../modules/social/social.messages.ts';
import { interpolate, requiredPlaceholders } from './interpolate.ts';

describe('interpolate', () => {
  it('fills placeholders and keeps an optional part only with all its values', () => {
    const template = 'Some parameters are invalid[: {fields}].';
    expect(interpolate(template, { fields: 'sysname' })).toBe('Some parameters are invalid: sysname.');
    expect(interpolate(template)).toBe('Some parameters are invalid.');
    expect(interpolate(template, { fields: '  ' })).toBe('Some parameters are invalid.');
    expect(interpolate('Up to {max}[ until {until}][ ({code})].', { max: 5, until: 'Monday' })).toBe(
      'Up to 5 until Monday.',
    );
    expect(interpolate('[{a} and {b}]!', { a: '1' })).toBe('!');
  });

  it('never shows a raw placeholder, even one that must be given', () => {
    expect(interpolate('Open {link} now')).toBe('Open  now');
    expect(requiredPlaceholders('Open {link}[ in {minutes} min]')).toEqual(['link']);
  });

  it('keeps brackets without a placeholder as text', () => {
    expect(interpolate('Characters not allowed: [, ][ ({code})]')).toBe('Characters not allowed: [, ]');
    expect(translate('en', 'Characters not allowed: [, {x}]')).toBe('Characters not allowed: [, {x}]');
  });

  it('does not treat a value as a template', () => {
    expect(interpolate('Hello {name}[ ({code})]', { name: '{code}', code: '[x]' })).toBe(
      'Hello {code} ([x])',
    );
  });
});

const CATALOGUES: Record<string, Record<'en' | 'fr', Record<string, string>>> = {
  server: serverMessages,
  accounts: accountMessages,
  cashier: cashierMessages,
  social: socialMessages,
  backoffice: backofficeMessages,
};

describe('error message catalogues', () => {
  it('put every placeholder of an error message in an optional part (emails excepted)', () => {
    for (const [name, catalogue] of Object.entries(CATALOGUES)) {
      for (const locale of ['en', 'fr'] as const) {
        for (const [key, template] of Object.entries(catalogue[locale])) {
          if (key.startsWith('mail.')) continue;
          expect(requiredPlaceholders(template), `${name} ${locale} ${key}`).toEqual([]);
          const bare = interpolate(template);
          expect(bare, `${name} ${locale} ${key}`).not.toMatch(/[{}[\]]|\s[.,)]|\(\s*\)| {2}/);
        }
      }
    }
  });

  it('reads well with and without values, in English and French', () => {
    expect(translate('en', 'InvalidParameterException', { fields: 'sysname' })).toBe(
      'Some parameters are invalid: sysname.',
    );
    expect(translate('fr', 'InvalidParameterException', { fields: 'sysname' })).toBe(
      'Certains paramètres sont invalides : sysname.',
    );
    expect(translate('en', 'InvalidParameterException')).toBe('Some parameters are invalid.');
    expect(translate('fr', 'InvalidParameterException')).toBe('Certains paramètres sont invalides.');
    expect(translate('en', 'MethodNotFoundException')).toBe('Method does not exist.');
    expect(translate('fr', 'TooManyRequestsException')).toBe('Trop de requêtes.');
  });
});
