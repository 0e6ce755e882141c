import { describe, expect, it } from 'vitest';
import { signWebhookBody, verifyWebhookSignature } from './signature.ts';

const secret = 'whsec_test_secret_value';
const body = Buffer.from('{"id":"evt_1"}');
const now = 1_900_000_000;

describe('verifyWebhookSignature', () => {
  it('accepts the provider signature over the raw bytes', () => {
    const header = `t=${now},v1=${signWebhookBody(secret, now, body)}`;
    expect(verifyWebhookSignature(secret, header, body, now + 10)).toEqual({
      ok: true,
      timestampSeconds: now,
    });
    // A rotated secret: one of several v1 entries matching is enough.
    const rotated = `t=${now},v1=${'0'.repeat(64)},v1=${signWebhookBody(secret, now, body)}`;
    expect(verifyWebhookSignature(secret, rotated, body, now).ok).toBe(true);
  });

  it('refuses missing, malformed, stale and forged signatures', () => {
    const good = signWebhookBody(secret, now, body);
    expect(verifyWebhookSignature(secret, undefined, body, now)).toMatchObject({ reason: 'missing' });
    expect(verifyWebhookSignature(secret, 'nonsense', body, now)).toMatchObject({ reason: 'malformed' });
    expect(verifyWebhookSignature(secret, `t=${now}`, body, now)).toMatchObject({ reason: 'malformed' });
    expect(verifyWebhookSignature(secret, `t=${now},v1=${good}`, body, now + 301)).toMatchObject({
      reason: 'stale',
    });
    expect(verifyWebhookSignature(secret, `t=${now},v1=${good}`, body, now - 301)).toMatchObject({
      reason: 'stale',
    });
    expect(verifyWebhookSignature('other-secret', `t=${now},v1=${good}`, body, now)).toMatchObject({
      reason: 'mismatch',
    });
    expect(
      verifyWebhookSignature(secret, `t=${now},v1=${good}`, Buffer.from('{"id":"evt_2"}'), now),
    ).toMatchObject({ reason: 'mismatch' });
    expect(verifyWebhookSignature(secret, `t=${now + 1},v1=${good}`, body, now)).toMatchObject({
      reason: 'mismatch',
    });
    expect(verifyWebhookSignature(secret, `t=${now},v1=zz`, body, now)).toMatchObject({ reason: 'mismatch' });
  });
});
