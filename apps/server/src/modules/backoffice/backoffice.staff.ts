/**
 * Creating staff outside the HTTP API: the operator's `npm run staff:create` command (first admin,
 * or any staff member) and the demo profile's demo admin. Registration over HTTP never grants a role
 * by itself (docs/backoffice-auth.md); these are the explicit operator steps that do.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '@croupier/db/client';
import type { Config } from '../../config.ts';
import { hashPassword } from '../auth/passwords.ts';
import {
  type BackofficeRole,
  type BackofficeUserRow,
  createBackofficeRepository,
  NO_PASSWORD,
} from './backoffice.repository.ts';

/** How long a printed setup link works unless `--ttl-hours` says otherwise. */
export const SETUP_CODE_TTL_SECONDS = 24 * 3600;
export const SETUP_CODE_MAX_TTL_SECONDS = 7 * 24 * 3600;
export const SETUP_PATH = '/nfx/auth/setup';

export const DEMO_ADMIN = { username: 'demo-admin', email: 'demo-admin@croupier.local' } as const;

/** 32 random bytes as base64url (43 characters) and the SHA-256 that is all the database keeps. */
export function newCode(): { code: string; codeHash: Buffer } {
  const code = randomBytes(32).toString('base64url');
  return { code, codeHash: hashCode(code) };
}

export function hashCode(code: string): Buffer {
  return createHash('sha256').update(code).digest();
}

export class StaffCreateError extends Error {
  readonly code: 'taken' | 'invalid_username';
  constructor(code: 'taken' | 'invalid_username', message: string) {
    super(message);
    this.name = 'StaffCreateError';
    this.code = code;
  }
}

/** A username from an email's local part (`a.b+x@…` → `a.b-x`), 3 to 32 of `[A-Za-z0-9._-]`. */
export function usernameFromEmail(email: string): string {
  const local = (email.split('@')[0] ?? '').replace(/[^A-Za-z0-9._-]/g, '-').slice(0, 32);
  return local.length >= 3 ? local : `${local}-staff`.slice(0, 32);
}

/**
 * A staff member with `role` and no password yet, and a one-time setup link (stored hashed, expires,
 * single use) where they choose one. The link is for the operator to hand over; nothing is mailed.
 */
export async function createStaffAccount(
  db: Db,
  input: {
    email: string;
    username?: string | undefined;
    role: BackofficeRole;
    origin: string;
    now: Date;
    ttlSeconds?: number;
  },
): Promise<{ user: BackofficeUserRow; link: string; expiresAt: Date }> {
  const repository = createBackofficeRepository(db);
  const username = input.username ?? usernameFromEmail(input.email);
  if (!/^[A-Za-z0-9._-]{3,32}$/.test(username)) {
    throw new StaffCreateError(
      'invalid_username',
      `invalid username "${username}": 3 to 32 of A-Z a-z 0-9 . _ -`,
    );
  }
  const created = await repository.insertUser({
    username,
    email: input.email.trim().toLowerCase(),
    passwordHash: NO_PASSWORD,
    role: input.role,
    now: input.now,
  });
  if (created.outcome !== 'created') {
    throw new StaffCreateError('taken', 'a back-office user with this email or username already exists');
  }
  const ttlSeconds = Math.min(input.ttlSeconds ?? SETUP_CODE_TTL_SECONDS, SETUP_CODE_MAX_TTL_SECONDS);
  const expiresAt = new Date(input.now.getTime() + ttlSeconds * 1000);
  const { code, codeHash } = newCode();
  await repository.insertToken({
    userId: created.user.id,
    purpose: 'staff_setup',
    codeHash,
    expiresAt,
    now: input.now,
  });
  // In the fragment, as reset links: browsers never send it, so it stays out of access logs.
  return { user: created.user, link: `${input.origin}${SETUP_PATH}#code=${code}`, expiresAt };
}

/** The demo profile: the sandbox providers mounted and demo data on. Never a real deployment. */
export function isDemoProfile(config: Pick<Config, 'SANDBOX' | 'SEED_DEMO'>): boolean {
  return config.SANDBOX && config.SEED_DEMO;
}

/**
 * The demo admin of the demo profile, with a fresh random password at every start (so it can be
 * printed: only its hash is kept). Returns null outside the demo profile, creating nothing.
 */
export async function provisionDemoAdmin(
  db: Db,
  config: Pick<Config, 'SANDBOX' | 'SEED_DEMO'>,
  now: Date,
): Promise<{ username: string; email: string; password: string } | null> {
  if (!isDemoProfile(config)) return null;
  const repository = createBackofficeRepository(db);
  const password = randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(password);
  const existing = await repository.findByEmail(DEMO_ADMIN.email);
  if (existing) {
    await repository.updatePassword(existing.id, passwordHash, now);
  } else {
    const created = await repository.insertUser({
      ...DEMO_ADMIN,
      passwordHash,
      role: 'admin',
      confirmed: true,
      now,
    });
    // The username was taken by someone else: no demo admin rather than touching their account.
    if (created.outcome !== 'created') return null;
  }
  return { ...DEMO_ADMIN, password };
}
