import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { signBackofficeJwt, verifyBackofficeJwt } from './backoffice.jwt.ts';

const SECRET = 'unit-test-cms-secret-unit-test-cms-secret';
const now = new Date('2030-01-01T00:00:00Z');
const at = (seconds: number) => new Date(now.getTime() + seconds * 1000);

describe('back-office JWT', () => {
  it('round-trips the user id, token version and second factor until it expires', async () => {
    const token = await signBackofficeJwt(
      SECRET,
      { userId: 42n, tokenVersion: 3, mfa: false },
      { now, ttlSeconds: 3600 },
    );
    expect(await verifyBackofficeJwt(SECRET, token, at(3599))).toEqual({
      userId: 42n,
      tokenVersion: 3,
      mfa: false,
    });
    expect(await verifyBackofficeJwt(SECRET, token, at(3600))).toBeNull();
    const strong = await signBackofficeJwt(
      SECRET,
      { userId: 42n, tokenVersion: 3, mfa: true },
      { now, ttlSeconds: 60 },
    );
    expect(await verifyBackofficeJwt(SECRET, strong, now)).toMatchObject({ mfa: true });
  });

  it('refuses another secret, a changed payload and garbage', async () => {
    const token = await signBackofficeJwt(
      SECRET,
      { userId: 42n, tokenVersion: 0, mfa: false },
      { now, ttlSeconds: 60 },
    );
    expect(await verifyBackofficeJwt(`${SECRET}!`, token, now)).toBeNull();
    const [header, , signature] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({ sub: '1', tv: 0, iss: 'croupier', aud: 'croupier-backoffice' }),
    ).toString('base64url');
    expect(await verifyBackofficeJwt(SECRET, `${header}.${forged}.${signature}`, now)).toBeNull();
    for (const value of ['', 'abc', 'a.b.c', 'x'.repeat(5000)]) {
      expect(await verifyBackofficeJwt(SECRET, value, now)).toBeNull();
    }
  });

  it('refuses tokens with alg none or for another audience', async () => {
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(
      JSON.stringify({ sub: '1', tv: 0, iss: 'croupier', aud: 'croupier-backoffice', exp: 2e9, iat: 1 }),
    ).toString('base64url')}.`;
    expect(await verifyBackofficeJwt(SECRET, none, now)).toBeNull();
    const otherAudience = await new SignJWT({ tv: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setIssuer('croupier')
      .setAudience('croupier-players')
      .setIssuedAt(Math.floor(now.getTime() / 1000))
      .setExpirationTime(Math.floor(now.getTime() / 1000) + 60)
      .sign(new TextEncoder().encode(SECRET));
    expect(await verifyBackofficeJwt(SECRET, otherAudience, now)).toBeNull();
  });
});
