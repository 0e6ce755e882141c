import { describe, expect, it } from 'vitest';
import { validateFeedback } from './feedback-validation.ts';

const good = { category: 'payments', subject: 'Deposit', message: 'My deposit is missing.', email: '' };

describe('feedback validation', () => {
  it('accepts a player draft without email and a guest draft with one', () => {
    expect(validateFeedback(good, false)).toEqual({});
    expect(validateFeedback({ ...good, email: 'a@example.com' }, true)).toEqual({});
  });

  it('asks a guest for an email and checks any email given', () => {
    expect(validateFeedback(good, true)).toEqual({ email: 'required' });
    expect(validateFeedback({ ...good, email: 'nope' }, false)).toEqual({ email: 'invalid_email' });
  });

  it('refuses empty, short and oversized fields and unknown categories', () => {
    expect(
      validateFeedback({ category: 'lottery', subject: ' ', message: 'short', email: '' }, false),
    ).toEqual({
      category: 'required',
      subject: 'required',
      message: 'too_short',
    });
    expect(validateFeedback({ ...good, subject: 's'.repeat(201), message: 'm'.repeat(5001) }, false)).toEqual(
      { subject: 'too_long', message: 'too_long' },
    );
  });
});
