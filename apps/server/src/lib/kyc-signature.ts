/**
 * The Sumsub-shaped signatures between the platform and its identity-verification provider (ADR 026),
 * a pure helper shared by the platform's KYC client and the sandbox provider:
 * - requests: `X-App-Access-Sig` = hex HMAC-SHA256(secret key, ts + METHOD + path with query + body),
 *   beside `X-App-Token` and `X-App-Access-Ts` (unix seconds, at most 300 s from the receiver's clock);
 * - webhooks: `x-payload-digest` = hex HMAC-SHA256(webhook secret, raw body), with
 *   `x-payload-digest-alg: HMAC_SHA256_HEX`.
 * Comparisons are constant-time.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const KYC_TIMESTAMP_TOLERANCE_SECONDS = 300;
export const DIGEST_HEADER = 'x-payload-digest';
export const DIGEST_ALG_HEADER = 'x-payload-digest-alg';
export const DIGEST_ALG = 'HMAC_SHA256_HEX';

export function signKycRequest(
  secretKey: string,
  timestampSeconds: number,
  method: string,
  pathWithQuery: string,
  body: Buffer | string,
): string {
  const mac = createHmac('sha256', secretKey);
  mac.update(`${timestampSeconds}${method.toUpperCase()}${pathWithQuery}`);
  mac.update(body);
  return mac.digest('hex');
}

export function payloadDigest(secret: string, rawBody: Buffer | string): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex');
}

/** Constant-time comparison of a received hex signature with the expected one. */
export function hexSignatureMatches(expectedHex: string, received: string | undefined): boolean {
  if (!received || !/^[0-9a-f]{64}$/i.test(received)) return false;
  return timingSafeEqual(Buffer.from(expectedHex, 'hex'), Buffer.from(received, 'hex'));
}

export function verifyPayloadDigest(
  secret: string,
  rawBody: Buffer,
  digest: string | undefined,
  algorithm: string | undefined,
): boolean {
  if (algorithm !== DIGEST_ALG) return false;
  return hexSignatureMatches(payloadDigest(secret, rawBody), digest);
}
