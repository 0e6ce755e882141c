import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.ts';
import { accountMessages, fieldError, localizeAccountError } from './accounts.messages.ts';

describe('accounts messages', () => {
  it('has every key in both locales, none empty', () => {
    expect(Object.keys(accountMessages.fr).sort()).toEqual(Object.keys(accountMessages.en).sort());
    for (const locale of ['en', 'fr'] as const) {
      for (const [key, text] of Object.entries(accountMessages[locale]))
        expect(text.trim(), key).not.toBe('');
    }
  });

  it('resolves an accounts key in the request locale and keeps the rest of the error', () => {
    const error = new AppError('AuthorizationException', {
      code: 'two_factor_required',
      message: 'auth.two_factor_required',
      data: { resend_time: 12 },
    });
    const fr = localizeAccountError(error, 'fr') as AppError;
    expect(fr.type).toBe('AuthorizationException');
    expect(fr.code).toBe('two_factor_required');
    expect(fr.data).toEqual({ resend_time: 12 });
    expect(fr.messageKey).toContain('deux facteurs');
  });

  it('gives field errors the shared validation text of their code', () => {
    expect((localizeAccountError(fieldError('code', 'smsCode'), 'en') as AppError).messageKey).toBe(
      'Wrong confirmation code',
    );
    expect((localizeAccountError(fieldError('code', 'timeExpired'), 'fr') as AppError).messageKey).toBe(
      'Délai expiré',
    );
    const other = new Error('boom');
    expect(localizeAccountError(other, 'en')).toBe(other);
    const unknown = new AppError('AccessDeniedException');
    expect(localizeAccountError(unknown, 'en')).toBe(unknown);
  });
});
