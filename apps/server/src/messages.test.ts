/**
 * The one message registry and every catalogue in it (src/messages.ts): complete in both locales,
 * no key defined twice, placeholders consistent, and the texts players see unchanged.
 */
import { ERROR_TYPES } from '@croupier/contract/errors';
import { LOCALES } from '@croupier/contract/locales';
import { describe, expect, it } from 'vitest';
import { AppError } from './lib/app-error.ts';
import { interpolate, requiredPlaceholders } from './lib/interpolate.ts';
import { messages } from './messages.ts';
import { fieldError } from './modules/accounts/accounts.messages.ts';

const PLACEHOLDER = /\{(\w+)\}/g;

function placeholders(template: string): string[] {
  return [...new Set([...template.matchAll(PLACEHOLDER)].map((match) => match[1] ?? ''))].sort();
}

describe('message catalogues', () => {
  it('have every key in every locale, none empty', () => {
    for (const catalogue of messages.catalogues) {
      const keys = Object.keys(catalogue.texts.en).sort();
      for (const locale of LOCALES) {
        expect(Object.keys(catalogue.texts[locale]).sort(), `${catalogue.name} ${locale}`).toEqual(keys);
        for (const [key, text] of Object.entries(catalogue.texts[locale])) {
          expect(text.trim(), `${catalogue.name} ${locale} ${key}`).not.toBe('');
        }
      }
    }
  });

  it('define no key twice across catalogues', () => {
    const owners = new Map<string, string>();
    for (const catalogue of messages.catalogues) {
      for (const key of Object.keys(catalogue.texts.en)) {
        const full = catalogue.scope === undefined ? key : `${catalogue.scope}.${key}`;
        expect(owners.get(full), `${full} (${catalogue.name})`).toBeUndefined();
        owners.set(full, catalogue.name);
      }
    }
  });

  it('have a message for every error type', () => {
    for (const type of ERROR_TYPES) {
      for (const locale of LOCALES) expect(messages.has(type), `${type} ${locale}`).toBe(true);
    }
  });

  it('name the same placeholders in every locale', () => {
    for (const catalogue of messages.catalogues) {
      for (const [key, template] of Object.entries(catalogue.texts.en)) {
        for (const locale of LOCALES) {
          const other = (catalogue.texts[locale] as Record<string, string>)[key] ?? '';
          expect(placeholders(other), `${catalogue.name} ${locale} ${key}`).toEqual(placeholders(template));
          expect(requiredPlaceholders(other), `${catalogue.name} ${locale} ${key}`).toEqual(
            requiredPlaceholders(template),
          );
        }
      }
    }
  });

  it('put every placeholder of an error message in an optional part (emails excepted)', () => {
    for (const catalogue of messages.catalogues) {
      for (const locale of LOCALES) {
        for (const [key, template] of Object.entries(catalogue.texts[locale])) {
          if (key.startsWith('mail.')) continue;
          expect(requiredPlaceholders(template), `${catalogue.name} ${locale} ${key}`).toEqual([]);
          const bare = interpolate(template);
          expect(bare, `${catalogue.name} ${locale} ${key}`).not.toMatch(/[{}[\]]|\s[.,)]|\(\s*\)| {2}/);
        }
      }
    }
  });
});

describe('translation', () => {
  it('fills placeholders and drops the part of a message whose value is missing', () => {
    expect(messages.translate('fr', 'TooManyRequestsException', { seconds: 12 })).toBe(
      'Trop de requêtes. Réessayez dans 12 s.',
    );
    expect(messages.translate('en', 'MethodNotFoundException')).toBe('Method does not exist.');
    expect(messages.translate('en', 'MethodNotFoundException', { method: 'games.nope' })).toBe(
      'Method games.nope does not exist.',
    );
    expect(messages.translate('fr', 'TooManyRequestsException')).toBe('Trop de requêtes.');
  });

  it('reads well with and without values, in English and French', () => {
    expect(messages.translate('en', 'InvalidParameterException', { fields: 'sysname' })).toBe(
      'Some parameters are invalid: sysname.',
    );
    expect(messages.translate('fr', 'InvalidParameterException', { fields: 'sysname' })).toBe(
      'Certains paramètres sont invalides : sysname.',
    );
    expect(messages.translate('en', 'InvalidParameterException')).toBe('Some parameters are invalid.');
    expect(messages.translate('fr', 'InvalidParameterException')).toBe('Certains paramètres sont invalides.');
  });

  it('returns a message that is not a key as it is', () => {
    expect(messages.translate('en', 'Characters not allowed: [, {x}]')).toBe(
      'Characters not allowed: [, {x}]',
    );
  });

  it("turns a module's key into the request's language, with the error's values", () => {
    const error = new AppError('AuthorizationException', {
      code: 'two_factor_required',
      message: 'auth.two_factor_required',
      data: { resend_time: 12 },
    });
    expect(messages.errorText('fr', error)).toContain('deux facteurs');
    expect(
      messages.errorText(
        'en',
        new AppError('InvalidParameterException', {
          message: 'cashier.amount_invalid',
          values: { digits: 2 },
        }),
      ),
    ).toBe('Enter a positive amount with at most 2 decimal places.');
    expect(messages.errorText('en', new AppError('AccessDeniedException'))).toBe('Access denied.');
  });

  it("gives field errors without a key of their own the shared rule's text of their code", () => {
    expect(messages.errorText('en', fieldError('code', 'smsCode'))).toBe('Wrong confirmation code');
    expect(messages.errorText('fr', fieldError('code', 'timeExpired'))).toBe('Délai expiré');
    expect(messages.errorText('en', fieldError('birth_date', 'minimumAge', undefined, { age: 18 }))).toBe(
      'You must be at least 18 years old to play',
    );
    // A code that is no rule's: the type's text with the field named.
    expect(messages.errorText('en', fieldError('login', 'loginWeird'))).toBe(
      'Some parameters are invalid: login.',
    );
  });

  it('keeps scoped module codes apart: the same code, each module its own words', () => {
    expect(messages.translate('en', 'social.rate_limited', { seconds: 3 })).toBe(
      'Too many attempts. Try again in 3 s.',
    );
    expect(messages.translate('en', 'backoffice.rate_limited', { seconds: 3 })).toBe(
      'Too many requests. Try again in 3 s.',
    );
  });
});
