/**
 * Back-office JWTs (spec §7 auth backend): HS256 with CMS_JWT_SECRET, an expiry of
 * CMS_JWT_TTL_SECONDS, and the user's token version (`tv`), so a password change or reset ends every
 * token issued before it without a deny list. Issuer and audience are fixed: a token signed with the
 * same secret for another purpose does not pass.
 */
import { errors, jwtVerify, SignJWT } from 'jose';

const ISSUER = 'croupier';
const AUDIENCE = 'croupier-backoffice';
/** Real tokens are ~250 characters; anything this long is not one of ours. */
const MAX_TOKEN_CHARS = 2048;

export interface BackofficeClaims {
  userId: bigint;
  tokenVersion: number;
  /** The sign-in that issued the token passed a second factor (the `amr` claim holds `otp`). */
  mfa: boolean;
}

function keyOf(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

export async function signBackofficeJwt(
  secret: string,
  claims: BackofficeClaims,
  options: { now: Date; ttlSeconds: number },
): Promise<string> {
  const issuedAt = Math.floor(options.now.getTime() / 1000);
  return new SignJWT({ tv: claims.tokenVersion, amr: claims.mfa ? ['pwd', 'otp'] : ['pwd'] })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.userId.toString())
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + options.ttlSeconds)
    .sign(keyOf(secret));
}

/** The claims of a valid, unexpired token; null for anything else (never throws on bad input). */
export async function verifyBackofficeJwt(
  secret: string,
  token: string,
  now: Date,
): Promise<BackofficeClaims | null> {
  if (token.length === 0 || token.length > MAX_TOKEN_CHARS) return null;
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      currentDate: now,
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    if (typeof payload.sub !== 'string' || !/^[1-9]\d{0,18}$/.test(payload.sub)) return null;
    if (typeof payload.tv !== 'number' || !Number.isInteger(payload.tv) || payload.tv < 0) return null;
    const mfa = Array.isArray(payload.amr) && payload.amr.includes('otp');
    return { userId: BigInt(payload.sub), tokenVersion: payload.tv, mfa };
  } catch (error) {
    if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
    throw error;
  }
}
