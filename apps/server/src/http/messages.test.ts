import { ERROR_TYPES } from '@croupier/contract/errors';
import { describe, expect, it } from 'vitest';
import { serverMessages, translate } from './messages.ts';

describe('server messages', () => {
  it('has every key in both locales, and a message for every error type', () => {
    expect(Object.keys(serverMessages.fr).sort()).toEqual(Object.keys(serverMessages.en).sort());
    for (const type of ERROR_TYPES) {
      expect(serverMessages.en[type], type).toBeTruthy();
      expect(serverMessages.fr[type], type).toBeTruthy();
    }
  });

  it('fills placeholders and drops the part of a message whose value is missing', () => {
    expect(translate('fr', 'TooManyRequestsException', { seconds: 12 })).toBe(
      'Trop de requêtes. Réessayez dans 12 s.',
    );
    expect(translate('en', 'MethodNotFoundException')).toBe('Method does not exist.');
    expect(translate('en', 'MethodNotFoundException', { method: 'games.nope' })).toBe(
      'Method games.nope does not exist.',
    );
  });
});
