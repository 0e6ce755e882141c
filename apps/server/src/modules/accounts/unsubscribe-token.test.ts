import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { signUnsubscribeToken, verifyUnsubscribeToken } from './unsubscribe-token.ts';

const SECRET = 's'.repeat(32);

describe('unsubscribe tokens', () => {
  it('round-trips any claim (property)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 2n ** 63n - 1n }),
        fc.constantFrom('email' as const, 'phone' as const),
        fc.string({ maxLength: 80 }),
        fc.constantFrom('marketing', 'news'),
        (playerId, type, value, purpose) => {
          const token = signUnsubscribeToken(SECRET, { playerId, type, value, purpose });
          expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
          expect(verifyUnsubscribeToken(SECRET, token)).toEqual({ playerId, type, value, purpose });
        },
      ),
    );
  });

  it('refuses any changed character and other secrets (property)', () => {
    const token = signUnsubscribeToken(SECRET, {
      playerId: 42n,
      type: 'email',
      value: 'a@b.com',
      purpose: 'marketing',
    });
    fc.assert(
      fc.property(fc.nat({ max: token.length - 1 }), fc.constantFrom(...'ABCabc019-_'), (index, char) => {
        fc.pre(token[index] !== char && token[index] !== '.');
        const changed = `${token.slice(0, index)}${char}${token.slice(index + 1)}`;
        expect(verifyUnsubscribeToken(SECRET, changed)).toBeNull();
      }),
    );
    expect(verifyUnsubscribeToken('x'.repeat(32), token)).toBeNull();
    expect(verifyUnsubscribeToken(SECRET, 'nodot')).toBeNull();
    expect(verifyUnsubscribeToken(SECRET, `${token}.extra`)).toBeNull();
  });
});
