/**
 * Staff for integration tests, made as an operator makes them: `staff:create`'s one-time setup link,
 * then (for roles that touch money) two-factor enrolment with codes computed from the seed the
 * server handed out, at the app's clock.
 */
import type { TestApp } from '../../test/test-app.ts';
import { base32Decode, totpAt } from '../auth/totp.ts';
import type { BackofficeRole } from './backoffice.roles.ts';
import { createStaffAccount } from './backoffice.staff.ts';

export interface TestStaff {
  id: number;
  username: string;
  password: string;
  role: BackofficeRole;
  /** The authenticator seed (base32), when two-factor is on. */
  secret: string | null;
  jwt: string;
}

let ipCounter = 0;
/** A fresh source address per sign-in: the tests' sign-ins stay below the login rate limits. */
function nextIp(): string {
  ipCounter += 1;
  return `10.251.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

async function post(h: Pick<TestApp, 'app'>, url: string, payload: unknown, jwt?: string) {
  const response = await h.app.inject({
    method: 'POST',
    url,
    remoteAddress: nextIp(),
    payload: payload as Record<string, unknown>,
    ...(jwt ? { headers: { authorization: `Bearer ${jwt}` } } : {}),
  });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
}

/** The authenticator's current code, at the app's clock. */
export function currentCode(h: Pick<TestApp, 'now'>, secret: string, offsetSteps = 0): string {
  return totpAt(base32Decode(secret), h.now().getTime() + offsetSteps * 30_000);
}

/**
 * A staff member with `role`, signed in. `mfa` (default: whatever the role needs… and always for
 * admins) enrols an authenticator and answers a token that passed it.
 */
export async function createStaff(
  h: Pick<TestApp, 'app' | 'database' | 'now'>,
  role: BackofficeRole,
  options: { username?: string; email?: string; password?: string; mfa?: boolean } = {},
): Promise<TestStaff> {
  const username = options.username ?? `${role}-${Math.random().toString(36).slice(2, 8)}`;
  const password = options.password ?? `${role}-password-1`;
  const { user, link } = await createStaffAccount(h.database.db, {
    email: options.email ?? `${username}@croupier.test`,
    username,
    role,
    origin: 'http://casino.test',
    now: h.now(),
  });
  const code = new URLSearchParams(new URL(link).hash.slice(1)).get('code');
  const setup = await post(h, '/nfx/auth/setup', { code, password, passwordConfirmation: password });
  let jwt = setup.body.jwt as string | undefined;
  if (!jwt) throw new Error(`staff setup failed: ${JSON.stringify(setup.body)}`);
  const enrol =
    options.mfa ?? (role === 'payments' || role === 'risk' || role === 'trader' || role === 'admin');
  let secret: string | null = null;
  if (enrol) {
    const started = await post(h, '/nfx/auth/mfa/setup', {}, jwt);
    secret = started.body.secret as string;
    const enabled = await post(h, '/nfx/auth/mfa/enable', { code: currentCode(h, secret) }, jwt);
    jwt = enabled.body.jwt as string | undefined;
    if (!jwt) throw new Error(`two-factor enrolment failed: ${JSON.stringify(enabled.body)}`);
  }
  return { id: Number(user.id), username, password, role, secret, jwt };
}

/**
 * Signs `staff` in again (with a code when two-factor is on). A code works once per 30-second step:
 * a second sign-in in the same step uses the next step's code (accepted within the drift window).
 */
export async function signInStaff(h: Pick<TestApp, 'app' | 'now'>, staff: TestStaff): Promise<string> {
  for (const offset of [0, 1]) {
    const code = staff.secret ? currentCode(h, staff.secret, offset) : undefined;
    const answer = await post(h, '/nfx/auth/local', {
      identifier: staff.username,
      password: staff.password,
      ...(code ? { code } : {}),
    });
    const jwt = answer.body.jwt as string | undefined;
    if (jwt) {
      staff.jwt = jwt;
      return jwt;
    }
    if (!staff.secret) throw new Error(`staff sign-in failed: ${JSON.stringify(answer.body)}`);
  }
  throw new Error('staff sign-in failed: no accepted code');
}
