import { describe, expect, it } from 'vitest';
import { AppError } from './app-error.ts';
import { createMessageRegistry, defineCatalogue, validationMessageKey } from './messages.ts';

const first = defineCatalogue({
  name: 'first',
  en: { 'first.hello': 'Hello[ {name}]!' },
  fr: { 'first.hello': 'Bonjour[ {name}] !' },
});
const scoped = defineCatalogue({
  name: 'scoped',
  scope: 'mod',
  en: { hello: 'Hi' },
  fr: { hello: 'Salut' },
});

describe('message registry', () => {
  it('translates a key of any catalogue in the locale asked, with its values', () => {
    const registry = createMessageRegistry([first, scoped]);
    expect(registry.translate('fr', 'first.hello', { name: 'Ada' })).toBe('Bonjour Ada !');
    expect(registry.translate('en', 'first.hello')).toBe('Hello!');
    expect(registry.translate('fr', 'mod.hello')).toBe('Salut');
    expect(scoped.text('en', 'hello')).toBe('Hi');
    expect(registry.has('hello')).toBe(false);
  });

  it('refuses a key defined twice', () => {
    const again = defineCatalogue({ name: 'again', en: { 'mod.hello': 'Hey' }, fr: { 'mod.hello': 'Hé' } });
    expect(() => createMessageRegistry([first, scoped, again])).toThrow(/mod\.hello is defined twice/);
    const validation = defineCatalogue({
      name: 'v',
      en: { 'validation.x': 'x' },
      fr: { 'validation.x': 'x' },
    });
    expect(() => createMessageRegistry([validation])).toThrow(/defined twice/);
  });

  it("speaks a field rule's key in the rule's words, with the error's own values", () => {
    const registry = createMessageRegistry([first]);
    const error = new AppError('InvalidParameterException', {
      fields: { password: 'minLength' },
      message: validationMessageKey('minLength'),
      values: { min: 8 },
    });
    expect(registry.errorText('en', error)).toBe('Min length is 8');
    expect(registry.has(validationMessageKey('smsCode'))).toBe(true);
    expect(registry.has('validation.nope')).toBe(false);
  });

  it('gives an error without a key the text of its type, and a literal message as it is', () => {
    const registry = createMessageRegistry([first]);
    expect(registry.errorText('en', new AppError('AccessDeniedException'))).toBe('AccessDeniedException');
    expect(
      registry.errorText('en', new AppError('AccessDeniedException', { message: 'Already said.' })),
    ).toBe('Already said.');
  });
});
