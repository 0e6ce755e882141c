/**
 * Password hashing with argon2id (@node-rs/argon2's default algorithm, OWASP parameters: 19 MiB,
 * 2 passes). `verifyAgainstDummy` spends the same work as a real check, so a login for an unknown
 * account takes as long as one with a wrong password (no account enumeration by timing).
 */
import { hash, verify } from '@node-rs/argon2';

const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1, outputLen: 32 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash is a failed check, not a crash of the login call.
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Runs a full verification that always fails; the dummy hash is made once per process. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hash('croupier-dummy-password', OPTIONS);
  await verifyPassword(await dummyHash, password);
  return false;
}
