import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  base32Decode,
  base32Encode,
  hotp,
  otpauthUri,
  secondsToNextStep,
  totpAt,
  verifyTotp,
} from './totp.ts';

// RFC 6238 Appendix B, SHA-1 rows (8-digit values; the last 6 digits are the 6-digit code).
const RFC_SECRET = Buffer.from('12345678901234567890');
const RFC_VECTORS: [number, string][] = [
  [59, '94287082'],
  [1_111_111_109, '07081804'],
  [1_111_111_111, '14050471'],
  [1_234_567_890, '89005924'],
  [2_000_000_000, '69279037'],
  [20_000_000_000, '65353130'],
];

describe('TOTP (RFC 6238)', () => {
  it('matches the RFC test vectors', () => {
    for (const [seconds, code] of RFC_VECTORS) {
      expect(hotp(RFC_SECRET, Math.floor(seconds / 30), 8)).toBe(code);
      expect(totpAt(RFC_SECRET, seconds * 1000)).toBe(code.slice(2));
    }
  });

  it('matches RFC 4226 HOTP vectors', () => {
    const expected = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583'];
    expected.forEach((code, counter) => {
      expect(hotp(RFC_SECRET, counter)).toBe(code);
    });
  });

  it('accepts the current step and one either side, not two', () => {
    const now = 1_700_000_015_000;
    const at = (deltaSteps: number) => totpAt(RFC_SECRET, now + deltaSteps * 30_000);
    expect(verifyTotp(RFC_SECRET, at(0), now)).toEqual({ ok: true, step: Math.floor(now / 30_000) });
    expect(verifyTotp(RFC_SECRET, at(-1), now).ok).toBe(true);
    expect(verifyTotp(RFC_SECRET, at(1), now).ok).toBe(true);
    expect(verifyTotp(RFC_SECRET, at(2), now)).toEqual({ ok: false, reason: 'invalid' });
    expect(verifyTotp(RFC_SECRET, at(-3), now)).toEqual({ ok: false, reason: 'expired' });
    expect(verifyTotp(RFC_SECRET, '12345', now)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('counts the seconds until the next code', () => {
    expect(secondsToNextStep(0)).toBe(30);
    expect(secondsToNextStep(29_999)).toBe(1);
    expect(secondsToNextStep(31_000)).toBe(29);
  });

  it('round-trips base32 for any bytes (property)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        const text = base32Encode(bytes);
        expect(text).toMatch(/^[A-Z2-7]*$/);
        expect([...base32Decode(text)]).toEqual([...bytes]);
      }),
    );
  });

  it('encodes the RFC 4648 examples and tolerates spaces and lower case', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('mzxw 6ytb oi====').toString()).toBe('foobar');
    expect(() => base32Decode('A1')).toThrow();
  });

  it('builds an otpauth URI authenticator apps read', () => {
    const uri = otpauthUri({ issuer: 'Croupier', account: 'a@b.com', secretBase32: 'ABC' });
    expect(uri).toBe(
      'otpauth://totp/Croupier:a%40b.com?secret=ABC&issuer=Croupier&algorithm=SHA1&digits=6&period=30',
    );
  });
});
