import { describe, expect, it } from 'vitest';
import { authLogin } from './login.ts';
import { authRegister } from './register.ts';
import { authRestore } from './restore.ts';

function fields(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string; code: string }[] };
}) {
  return Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [
      String(issue.path[0] ?? '_'),
      issue.code === 'custom' ? issue.message : issue.code,
    ]),
  );
}

describe('auth.register input', () => {
  it('takes the form path with checkboxes as forms send them', () => {
    const parsed = authRegister.input.parse({
      login: ' ann@example.com ',
      password: 'Secret-123',
      terms: 'on',
      notify: '0',
      currency: 'eur',
      character: '3',
    });
    expect(parsed).toMatchObject({
      login: 'ann@example.com',
      terms: true,
      notify: false,
      markBetting: false,
      currency: 'EUR',
      character: 3,
    });
  });

  it('reports each bad form field with its rule code', () => {
    const result = authRegister.input.safeParse({ login: 'a@b', password: 'é 1', terms: 'maybe' });
    expect(fields(result)).toMatchObject({ login: 'email', password: 'passwordChars', terms: 'custom' });
    expect(fields(authRegister.input.safeParse({}))).toMatchObject({
      login: 'required',
      password: 'required',
    });
  });

  it('takes the messenger path when is_tg is set', () => {
    const hash = 'a'.repeat(64);
    const parsed = authRegister.input.parse({ is_tg: '1', id: '42', hash, payload: 'x=1' });
    expect(parsed).toMatchObject({ is_tg: '1', id: 42, hash });
    expect(
      fields(authRegister.input.safeParse({ is_tg: '1', id: 'x', hash: 'zz', payload: '' })),
    ).toMatchObject({
      hash: 'invalid_format',
    });
    // Messenger fields are unknown on the form path and the other way round.
    expect(
      authRegister.input.safeParse({ login: 'a@b.com', password: 'Secret-1', payload: 'x' }).success,
    ).toBe(false);
  });
});

describe('auth.login input', () => {
  it('normalizes a phone login and checks the code format', () => {
    expect(authLogin.input.parse({ login: '+33 6 12 34 56 78', password: 'whatever1' })).toMatchObject({
      login: '+33612345678',
    });
    expect(
      fields(authLogin.input.safeParse({ login: 'a@b.com', password: 'Secret-1', code: '12a' })),
    ).toEqual({
      code: 'numericCode',
    });
  });
});

describe('auth.restore input', () => {
  it('is a request with an email or a completion with token and passwords', () => {
    expect(authRestore.input.parse({ email: 'a@b.com' })).toEqual({ kind: 'request', email: 'a@b.com' });
    const token = 'T'.repeat(43);
    expect(authRestore.input.parse({ token, password: 'Secret-1', repeat_password: 'Secret-1' })).toEqual({
      kind: 'complete',
      token,
      password: 'Secret-1',
    });
    expect(fields(authRestore.input.safeParse({}))).toEqual({ email: 'required' });
    expect(fields(authRestore.input.safeParse({ token }))).toEqual({ password: 'required' });
    expect(
      fields(authRestore.input.safeParse({ token, password: 'Secret-1', repeat_password: 'Secret-2' })),
    ).toEqual({
      repeat_password: 'passwordsNotEqual',
    });
  });
});
