/**
 * The content service's own auth backend for back-office users (spec §7), in the manner of a headless
 * CMS's users-permissions plugin: local sign-in with JWTs, registration, password reset by email,
 * password change, email confirmation, and single sign-on through the configured OpenID Connect
 * provider. Staff only: players never get a back-office token.
 *
 * Registration never grants a role by itself: the first admin comes from the operator's
 * `npm run staff:create` (a one-time setup link, backoffice.staff.ts); an admin creates role-less
 * accounts and then gives each its role (backoffice.roles.ts); anonymous self-registration is off
 * unless STAFF_SELF_REGISTRATION is on, and then yields a role-less account too. A role-less account
 * reaches no operator endpoint.
 *
 * Two-factor (ADR 046): roles that move or free money need a token from a sign-in that passed a
 * TOTP code; any staff member may enrol.
 */
import { createHash } from 'node:crypto';
import type { Locale } from '@croupier/contract/locales';
import { appSecret, cmsJwtSecret } from '../../config.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../auth/passwords.ts';
import { createSecretBox } from '../auth/secret-box.ts';
import { base32Encode, generateTotpSecret, otpauthUri, verifyTotp } from '../auth/totp.ts';
import type { AuditOrigin, AuditRecord, AuditSearch } from './backoffice.audit.ts';
import { signBackofficeJwt, verifyBackofficeJwt } from './backoffice.jwt.ts';
import { backofficeText } from './backoffice.messages.ts';
import { type BackofficeUserRow, createBackofficeRepository, NO_PASSWORD } from './backoffice.repository.ts';
import { type BackofficeRole, can, needsMfa, type Permission, permissionsOf } from './backoffice.roles.ts';
import {
  createStaffAccount,
  hashCode,
  newCode,
  SETUP_CODE_TTL_SECONDS,
  StaffCreateError,
} from './backoffice.staff.ts';

export type { BackofficeRole, Permission } from './backoffice.roles.ts';

/** The user as every endpoint answers it (no hash, no token version). */
export interface BackofficeUserDto {
  id: number;
  username: string;
  email: string;
  provider: 'local';
  confirmed: boolean;
  blocked: boolean;
  /** null: no role yet (self-registered); such a user reaches no operator endpoint. */
  role: BackofficeRole | null;
  /** What the role may do (backoffice.roles.ts), for the back office's navigation. */
  permissions: Permission[];
  /** `required`: the role needs a second factor; `enabled`: an authenticator is enrolled. */
  mfa: { required: boolean; enabled: boolean };
  createdAt: string;
  updatedAt: string;
}

/** The authenticated caller of an operator endpoint. */
export interface BackofficeActor {
  id: bigint;
  username: string;
  email: string;
  role: BackofficeRole;
}

/** The slice of the notifications service this module needs. */
export interface BackofficeMailer {
  enqueueEmail(input: {
    to: string;
    subject: string;
    text: string;
    html?: string;
    locale?: Locale;
    meta?: { link?: string; code?: string };
  }): Promise<void>;
}

export const RESET_CODE_TTL_SECONDS = 3600;
export const CONFIRMATION_CODE_TTL_SECONDS = 24 * 3600;
/** The single-sign-on hand-off code only has to survive one redirect and one call. */
export const SSO_CODE_TTL_SECONDS = 120;

/** [limit, window seconds] per key. Login counts per IP and per identifier (ARCHITECTURE.md §8). */
const LIMITS = {
  loginIp: [20, 900],
  loginIdentifier: [10, 900],
  registerIp: [10, 3600],
  forgotIp: [5, 3600],
  forgotEmail: [3, 3600],
  resetIp: [10, 900],
  changeUser: [10, 900],
  confirmIp: [5, 3600],
  confirmEmail: [3, 3600],
  confirmLinkIp: [10, 900],
  setupIp: [10, 900],
  ssoIp: [20, 900],
  roleUser: [30, 900],
  mfaUser: [10, 900],
} as const satisfies Record<string, readonly [number, number]>;

/** What an authenticator app shows as the account's issuer. */
const TOTP_ISSUER = 'Croupier back office';

export function toUserDto(row: BackofficeUserRow): BackofficeUserDto {
  return {
    id: Number(row.id),
    username: row.username,
    email: row.email,
    provider: 'local',
    confirmed: row.confirmed,
    blocked: row.blocked,
    role: row.role,
    permissions: permissionsOf(row.role),
    mfa: { required: needsMfa(row.role), enabled: row.totpEnabledAt !== null },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Rate-limit keys carry a digest, not the address itself (Redis is not where emails should live). */
function digest(value: string): string {
  return createHash('sha256').update(value.toLowerCase()).digest('base64url').slice(0, 22);
}

/** What a staff action returns, and what the audit row keeps of it. */
export interface AuditedResult<T> {
  result: T;
  before?: unknown;
  after?: unknown;
  /** The reason staff gave, if any. */
  detail?: string | null;
}

/** An error's code for the audit row (`AppError`'s, else the error's name). */
function codeOf(error: unknown): string {
  if (error instanceof AppError) return error.code;
  return error instanceof Error ? error.name : 'error';
}

function unauthorized(): AppError {
  return new AppError('AuthorizationException', { code: 'invalid_token', message: 'invalid_token' });
}

function forbidden(code: 'forbidden' | 'mfa_required' = 'forbidden'): AppError {
  return new AppError('AccessDeniedException', { code, message: code });
}

/** Why `user` (signed in with or without a second factor) may not use `permission`; null: may. */
function refusal(
  user: BackofficeUserRow,
  mfa: boolean,
  permission: Permission,
): 'forbidden' | 'mfa_required' | null {
  if (!can(user.role, permission)) return 'forbidden';
  if (needsMfa(user.role) && !mfa) return 'mfa_required';
  return null;
}

/** Where mailed links point; null when no trustworthy origin is known (see routes). */
export interface LinkContext {
  origin: string | null;
  locale: Locale;
}

export function createBackofficeService(deps: Deps, collaborators: { mailer: BackofficeMailer }) {
  const repository = createBackofficeRepository(deps.db);
  const secret = cmsJwtSecret(deps.config);
  const ttlSeconds = deps.config.CMS_JWT_TTL_SECONDS;
  const totpBox = createSecretBox(appSecret(deps.config), 'backoffice-totp');

  async function limit(name: keyof typeof LIMITS, key: string): Promise<void> {
    const [max, windowSeconds] = LIMITS[name];
    const result = await deps.rateLimiter.consume(`bo:${name}:${key}`, max, windowSeconds);
    if (!result.allowed) {
      throw new AppError('TooManyRequestsException', {
        code: 'rate_limited',
        message: 'rate_limited',
        retryAfterSeconds: result.retryAfterSeconds,
        values: { seconds: result.retryAfterSeconds },
      });
    }
  }

  function issueJwt(user: BackofficeUserRow, mfa: boolean): Promise<string> {
    return signBackofficeJwt(
      secret,
      { userId: user.id, tokenVersion: user.tokenVersion, mfa },
      { now: deps.now(), ttlSeconds },
    );
  }

  /** A token for `user`; `mfa`: the sign-in passed a second factor. */
  async function session(
    user: BackofficeUserRow,
    mfa = false,
  ): Promise<{ jwt: string; user: BackofficeUserDto }> {
    return { jwt: await issueJwt(user, mfa), user: toUserDto(user) };
  }

  /** The user behind a bearer token and whether its sign-in passed a second factor. */
  async function verifyToken(
    authorization: string | undefined,
  ): Promise<{ user: BackofficeUserRow; mfa: boolean }> {
    const match = /^Bearer ([A-Za-z0-9._~+/=-]+)$/i.exec(authorization?.trim() ?? '');
    if (!match?.[1]) throw unauthorized();
    const claims = await verifyBackofficeJwt(secret, match[1], deps.now());
    if (!claims) throw unauthorized();
    const user = await repository.findById(claims.userId);
    // A password change or reset bumped the version: every older token ends here.
    if (!user || user.tokenVersion !== claims.tokenVersion || user.blocked) throw unauthorized();
    return { user, mfa: claims.mfa };
  }

  /** The user behind a bearer token, or AuthorizationException (the client then drops its token). */
  async function authenticate(authorization: string | undefined): Promise<BackofficeUserRow> {
    return (await verifyToken(authorization)).user;
  }

  /** `code` against the user's enrolled seed; spends its step (a code works once). */
  async function checkTotp(
    user: BackofficeUserRow,
    code: string,
    options: { enable?: boolean } = {},
  ): Promise<BackofficeUserRow> {
    const invalid = () =>
      new AppError('InvalidParameterException', {
        code: 'invalid_mfa_code',
        message: 'invalid_mfa_code',
        fields: { code: 'invalid' },
      });
    if (!user.totpSecret) throw invalid();
    const check = verifyTotp(totpBox.open(user.totpSecret), code, deps.now().getTime());
    if (!check.ok) throw invalid();
    const updated = await repository.acceptTotpStep(user.id, check.step, deps.now(), options);
    if (!updated) throw invalid();
    return updated;
  }

  async function sendMail(
    user: BackofficeUserRow,
    kind: 'reset' | 'confirm',
    path: string,
    code: string,
    context: LinkContext,
  ): Promise<void> {
    if (!context.origin) {
      deps.log.warn({ kind }, 'back-office email not sent: set PUBLIC_URL so links have a trusted origin');
      return;
    }
    const link = `${context.origin}${path}${encodeURIComponent(code)}`;
    const values = {
      link,
      minutes: RESET_CODE_TTL_SECONDS / 60,
      hours: CONFIRMATION_CODE_TTL_SECONDS / 3600,
    };
    await collaborators.mailer.enqueueEmail({
      to: user.email,
      subject: backofficeText(
        context.locale,
        kind === 'reset' ? 'mail.reset.subject' : 'mail.confirm.subject',
      ),
      text: backofficeText(
        context.locale,
        kind === 'reset' ? 'mail.reset.text' : 'mail.confirm.text',
        values,
      ),
      locale: context.locale,
      meta: { link },
    });
  }

  async function sendConfirmation(user: BackofficeUserRow, context: LinkContext): Promise<void> {
    const { code, codeHash } = newCode();
    const now = deps.now();
    await repository.insertToken({
      userId: user.id,
      purpose: 'email_confirmation',
      codeHash,
      expiresAt: new Date(now.getTime() + CONFIRMATION_CODE_TTL_SECONDS * 1000),
      now,
    });
    await sendMail(user, 'confirm', '/nfx/auth/email-confirmation?confirmation=', code, context);
  }

  /**
   * A staff action with its audit row (issue #18): every operator endpoint, reads included, goes
   * through here (require-backoffice-role.ts). The token, the role's permission and, for money
   * roles, the second factor are checked here, in the service; then `run` does the work and says
   * what was there before and after. Written: `done`, `failed` (with the error's code), and `refused`
   * for a missing permission or second factor — and for no valid token on `money` actions (elsewhere
   * an anonymous request writes nothing, so it cannot fill the table).
   */
  async function act<T>(
    authorization: string | undefined,
    spec: {
      permission: Permission;
      action: string;
      target?: { type: string; id: string };
      money?: boolean;
      origin: AuditOrigin;
    },
    run: (actor: BackofficeActor) => Promise<AuditedResult<T>>,
  ): Promise<T> {
    const entry = { action: spec.action, target: spec.target, origin: spec.origin };
    let verified: { user: BackofficeUserRow; mfa: boolean };
    try {
      verified = await verifyToken(authorization);
    } catch (error) {
      if (spec.money)
        await repository.recordAudit({ ...entry, staff: null, outcome: 'refused', detail: codeOf(error) });
      throw error;
    }
    const { user } = verified;
    const staff = { id: user.id, username: user.username, role: user.role };
    const refused = refusal(user, verified.mfa, spec.permission);
    if (refused !== null || user.role === null) {
      await repository.recordAudit({ ...entry, staff, outcome: 'refused', detail: refused ?? 'forbidden' });
      throw forbidden(refused ?? 'forbidden');
    }
    const actor: BackofficeActor = {
      id: user.id,
      username: user.username,
      email: user.email,
      role: user.role,
    };
    let done: AuditedResult<T>;
    try {
      done = await run(actor);
    } catch (error) {
      await repository.recordAudit({ ...entry, staff, outcome: 'failed', detail: codeOf(error) });
      throw error;
    }
    await repository.recordAudit({
      ...entry,
      staff,
      outcome: 'done',
      detail: done.detail,
      before: done.before,
      after: done.after,
    });
    return done.result;
  }

  /** The caller if they may use `permission` (401 without a valid token, 403 otherwise); no audit row. */
  async function requirePermission(
    authorization: string | undefined,
    permission: Permission,
  ): Promise<BackofficeActor> {
    const { user, mfa } = await verifyToken(authorization);
    const refused = refusal(user, mfa, permission);
    if (refused !== null || user.role === null) throw forbidden(refused ?? 'forbidden');
    return { id: user.id, username: user.username, email: user.email, role: user.role };
  }

  return {
    authenticate,

    requirePermission,

    act,

    /** `GET /nfx/audit-log`: admins; newest first. The search itself is a staff action too. */
    searchAudit(
      authorization: string | undefined,
      filters: AuditSearch,
      origin: AuditOrigin,
    ): Promise<AuditRecord[]> {
      return act(authorization, { permission: 'audit.read', action: 'audit.search', origin }, async () => ({
        result: await repository.searchAudit(filters),
      }));
    },

    /** `GET /users/me`, with whether this token's sign-in passed a second factor. */
    async me(authorization: string | undefined): Promise<BackofficeUserDto & { mfaVerified: boolean }> {
      const { user, mfa } = await verifyToken(authorization);
      return { ...toUserDto(user), mfaVerified: mfa };
    },

    /**
     * `POST /auth/mfa/setup`: a new authenticator seed for the caller (sealed at rest), not live until
     * `enableMfa` proves it with a code. Refused once two-factor is on (an admin resets it).
     */
    async setupMfa(authorization: string | undefined): Promise<{ secret: string; otpauthUri: string }> {
      const user = await authenticate(authorization);
      await limit('mfaUser', user.id.toString());
      if (user.totpEnabledAt !== null) {
        throw new AppError('InvalidParameterException', { code: 'mfa_enabled', message: 'mfa_enabled' });
      }
      const seed = generateTotpSecret();
      await repository.setTotpSecret(user.id, totpBox.seal(seed), deps.now());
      const secretBase32 = base32Encode(seed);
      return {
        secret: secretBase32,
        otpauthUri: otpauthUri({ issuer: TOTP_ISSUER, account: user.username, secretBase32 }),
      };
    },

    /** `POST /auth/mfa/enable`: the first code turns two-factor on; answers a token that passed it. */
    async enableMfa(
      authorization: string | undefined,
      input: { code: string },
    ): Promise<{ jwt: string; user: BackofficeUserDto }> {
      const user = await authenticate(authorization);
      await limit('mfaUser', user.id.toString());
      if (user.totpEnabledAt !== null) {
        throw new AppError('InvalidParameterException', { code: 'mfa_enabled', message: 'mfa_enabled' });
      }
      return session(await checkTotp(user, input.code, { enable: true }), true);
    },

    /**
     * `DELETE /users/:id/mfa`: an admin turns a staff member's two-factor off (a lost phone); their
     * tokens end and a money role must enrol again before it reaches anything.
     */
    resetMfa(
      authorization: string | undefined,
      userId: bigint,
      origin: AuditOrigin,
    ): Promise<BackofficeUserDto> {
      const target = { type: 'staff', id: userId.toString() };
      return act(
        authorization,
        { permission: 'staff.manage', action: 'staff.reset_mfa', target, origin },
        async () => {
          const before = await repository.findById(userId);
          if (!before)
            throw new AppError('MethodNotFoundException', { code: 'not_found', message: 'not_found' });
          const updated = await repository.clearTotp(userId, deps.now());
          if (!updated)
            throw new AppError('MethodNotFoundException', { code: 'not_found', message: 'not_found' });
          return {
            result: toUserDto(updated),
            before: { mfa: before.totpEnabledAt !== null },
            after: { mfa: false },
          };
        },
      );
    },

    /**
     * `POST /auth/local`: one generic failure for unknown identifier and wrong password alike. With
     * two-factor on, `code` is required (`mfa_code_required` tells the right password's owner to
     * send it) and the token says the sign-in passed it.
     */
    async login(
      input: { identifier: string; password: string; code?: string | undefined },
      meta: { ip: string },
    ): Promise<{ jwt: string; user: BackofficeUserDto }> {
      const identifierKey = digest(input.identifier);
      await limit('loginIp', meta.ip);
      await limit('loginIdentifier', identifierKey);
      const user = await repository.findByIdentifier(input.identifier);
      // The same argon2 work whether or not the user exists (or has a password yet): no enumeration
      // by timing.
      const valid =
        user && user.passwordHash !== NO_PASSWORD
          ? await verifyPassword(user.passwordHash, input.password)
          : await verifyAgainstDummy(input.password);
      if (!user || !valid) {
        throw new AppError('InvalidParameterException', {
          code: 'invalid_credentials',
          message: 'invalid_credentials',
        });
      }
      // Said only to someone who knows the password.
      if (user.blocked) throw new AppError('AccessDeniedException', { code: 'blocked', message: 'blocked' });
      if (user.totpEnabledAt !== null) {
        if (input.code === undefined) {
          throw new AppError('InvalidParameterException', {
            code: 'mfa_code_required',
            message: 'mfa_code_required',
            fields: { code: 'required' },
          });
        }
        const checked = await checkTotp(user, input.code);
        await deps.rateLimiter.reset(`bo:loginIdentifier:${identifierKey}`);
        return session(checked, true);
      }
      await deps.rateLimiter.reset(`bo:loginIdentifier:${identifierKey}`);
      return session(user);
    },

    /**
     * `POST /auth/local/register`. With the token of an admin (`staff.manage`, second factor passed):
     * creates a role-less account that the admin then gives its role (the admin gets the user, not a
     * token for it). Anonymous: refused unless STAFF_SELF_REGISTRATION is on, and then a role-less
     * account (with a token that reaches no operator endpoint) that an admin must promote. Never a
     * role by itself, whatever the number of existing users.
     */
    async register(
      input: { username: string; email: string; password: string },
      meta: { ip: string; authorization: string | undefined; link: LinkContext; origin: AuditOrigin },
    ): Promise<{ jwt?: string; user: BackofficeUserDto }> {
      await limit('registerIp', meta.ip);
      const create = async () => {
        const passwordHash = await hashPassword(input.password);
        const result = await repository.insertUser({
          username: input.username,
          email: input.email,
          passwordHash,
          role: null,
          now: deps.now(),
        });
        if (result.outcome !== 'created') {
          throw new AppError('InvalidParameterException', { code: 'taken', message: 'taken' });
        }
        await sendConfirmation(result.user, meta.link);
        return result.user;
      };
      // A token that is present must be valid: a stale one does not silently become "anonymous".
      if (meta.authorization) {
        const spec = { permission: 'staff.manage' as const, action: 'staff.create', origin: meta.origin };
        return act(meta.authorization, spec, async () => {
          const user = toUserDto(await create());
          return { result: { user }, after: { id: user.id, username: user.username, email: user.email } };
        });
      }
      if (!deps.config.STAFF_SELF_REGISTRATION) {
        throw new AppError('AccessDeniedException', {
          code: 'registration_closed',
          message: 'registration_closed',
        });
      }
      return session(await create());
    },

    /** `GET /users`: every back-office user, a page at a time; admins only. */
    listUsers(
      authorization: string | undefined,
      page: { start: number; limit: number },
      origin: AuditOrigin,
    ): Promise<BackofficeUserDto[]> {
      return act(authorization, { permission: 'staff.manage', action: 'staff.list', origin }, async () => ({
        result: (await repository.listUsers(page.start, page.limit)).map(toUserDto),
      }));
    },

    /**
     * `PUT /users/:id/role`: an admin promotes a role-less account, changes a role or removes it
     * (null). Not their own (an admin cannot lock the back office out by demoting themselves).
     * The user's older tokens end.
     */
    async setRole(
      authorization: string | undefined,
      userId: bigint,
      role: BackofficeRole | null,
      origin: AuditOrigin,
    ): Promise<BackofficeUserDto> {
      const target = { type: 'staff', id: userId.toString() };
      return act(
        authorization,
        { permission: 'staff.manage', action: 'staff.set_role', target, origin },
        async (actor) => {
          await limit('roleUser', actor.id.toString());
          if (actor.id === userId) {
            throw new AppError('AccessDeniedException', { code: 'own_role', message: 'own_role' });
          }
          const before = await repository.findById(userId);
          const updated = before ? await repository.updateRole(userId, role, deps.now()) : undefined;
          if (!before || !updated)
            throw new AppError('MethodNotFoundException', { code: 'not_found', message: 'not_found' });
          return { result: toUserDto(updated), before: { role: before.role }, after: { role: updated.role } };
        },
      );
    },

    /**
     * `POST /users`: an admin adds a staff member with a role. Nobody chooses a password for them:
     * they get a one-time setup link (stored hashed, 24 hours, single use), mailed when the server
     * knows its public origin and answered to the admin to hand over, as `npm run staff:create`
     * prints it. The audit row names the account and role, never the link.
     */
    async inviteStaff(
      authorization: string | undefined,
      input: { email: string; username?: string | undefined; role: BackofficeRole },
      meta: { linkOrigin: string; link: LinkContext; origin: AuditOrigin },
    ): Promise<{ user: BackofficeUserDto; setup_link: string; expires_at: string; emailed: boolean }> {
      return act(
        authorization,
        { permission: 'staff.manage', action: 'staff.invite', origin: meta.origin },
        async (actor) => {
          await limit('roleUser', actor.id.toString());
          let created: Awaited<ReturnType<typeof createStaffAccount>>;
          try {
            created = await createStaffAccount(deps.db, {
              email: input.email,
              username: input.username,
              role: input.role,
              origin: meta.linkOrigin,
              now: deps.now(),
            });
          } catch (error) {
            if (!(error instanceof StaffCreateError)) throw error;
            throw error.code === 'taken'
              ? new AppError('InvalidParameterException', { code: 'taken', message: 'taken' })
              : new AppError('InvalidParameterException', {
                  code: 'validation',
                  message: 'validation',
                  fields: { username: 'invalid_format' },
                });
          }
          const emailed = meta.link.origin !== null;
          if (emailed) {
            await collaborators.mailer.enqueueEmail({
              to: created.user.email,
              subject: backofficeText(meta.link.locale, 'mail.invite.subject'),
              text: backofficeText(meta.link.locale, 'mail.invite.text', {
                link: created.link,
                role: input.role,
                hours: SETUP_CODE_TTL_SECONDS / 3600,
              }),
              locale: meta.link.locale,
              meta: { link: created.link },
            });
          }
          const user = toUserDto(created.user);
          return {
            result: { user, setup_link: created.link, expires_at: created.expiresAt.toISOString(), emailed },
            after: { id: user.id, username: user.username, email: user.email, role: input.role },
          };
        },
      );
    },

    /**
     * `POST /auth/setup`: the one-time link `npm run staff:create` printed; sets the first password
     * and signs in. Works once, before it expires.
     */
    async completeSetup(
      input: { code: string; password: string },
      meta: { ip: string },
    ): Promise<{ jwt: string; user: BackofficeUserDto }> {
      await limit('setupIp', meta.ip);
      const passwordHash = await hashPassword(input.password);
      const user = await repository.resetPasswordWithCode(
        hashCode(input.code),
        passwordHash,
        deps.now(),
        'staff_setup',
      );
      if (!user)
        throw new AppError('InvalidParameterException', { code: 'invalid_code', message: 'invalid_code' });
      if (user.blocked) throw new AppError('AccessDeniedException', { code: 'blocked', message: 'blocked' });
      return session(user);
    },

    /** `POST /auth/forgot-password`: always the same answer; a link goes out only to a real, active user. */
    async forgotPassword(
      input: { email: string },
      meta: { ip: string; link: LinkContext },
    ): Promise<{ ok: true }> {
      await limit('forgotIp', meta.ip);
      await limit('forgotEmail', digest(input.email));
      const user = await repository.findByEmail(input.email);
      if (user && !user.blocked) {
        const { code, codeHash } = newCode();
        const now = deps.now();
        await repository.insertToken({
          userId: user.id,
          purpose: 'reset_password',
          codeHash,
          expiresAt: new Date(now.getTime() + RESET_CODE_TTL_SECONDS * 1000),
          now,
        });
        // In the fragment: browsers never send it, so the code stays out of access logs.
        await sendMail(user, 'reset', '/nfx/auth/reset-password#code=', code, meta.link);
      }
      return { ok: true };
    },

    /** `POST /auth/reset-password`: a live code, once; ends every earlier JWT of the user. */
    async resetPassword(
      input: { code: string; password: string },
      meta: { ip: string },
    ): Promise<{ jwt: string; user: BackofficeUserDto }> {
      await limit('resetIp', meta.ip);
      const passwordHash = await hashPassword(input.password);
      const now = deps.now();
      let user = await repository.resetPasswordWithCode(hashCode(input.code), passwordHash, now);
      if (!user)
        throw new AppError('InvalidParameterException', { code: 'invalid_code', message: 'invalid_code' });
      if (user.blocked) throw new AppError('AccessDeniedException', { code: 'blocked', message: 'blocked' });
      // The code came by email, so the address works.
      if (!user.confirmed) user = (await repository.markConfirmed(user.id, now)) ?? user;
      return session(user);
    },

    /** `POST /auth/change-password`: needs the current password; answers a fresh JWT (older ones end). */
    async changePassword(
      authorization: string | undefined,
      input: { currentPassword: string; password: string },
    ): Promise<{ jwt: string; user: BackofficeUserDto }> {
      const { user, mfa } = await verifyToken(authorization);
      await limit('changeUser', user.id.toString());
      if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
        throw new AppError('InvalidParameterException', {
          code: 'invalid_current_password',
          message: 'invalid_current_password',
          fields: { currentPassword: 'invalid' },
        });
      }
      if (input.currentPassword === input.password) {
        throw new AppError('InvalidParameterException', {
          code: 'same_password',
          message: 'same_password',
          fields: { password: 'same_as_current' },
        });
      }
      const updated = await repository.updatePassword(
        user.id,
        await hashPassword(input.password),
        deps.now(),
      );
      if (!updated) throw unauthorized();
      // The new token keeps what this one proved: the same sign-in, a new password.
      return session(updated, mfa);
    },

    /** `POST /auth/send-email-confirmation`: the same answer whether or not the address is known. */
    async sendEmailConfirmation(
      input: { email: string },
      meta: { ip: string; link: LinkContext },
    ): Promise<{ email: string; sent: true }> {
      await limit('confirmIp', meta.ip);
      await limit('confirmEmail', digest(input.email));
      const user = await repository.findByEmail(input.email);
      if (user && !user.confirmed && !user.blocked) await sendConfirmation(user, meta.link);
      return { email: input.email, sent: true };
    },

    /** `GET /auth/email-confirmation?confirmation=…`: the confirmed user, or null for a bad or spent code. */
    async confirmEmail(code: string, meta: { ip: string }): Promise<BackofficeUserDto | null> {
      await limit('confirmLinkIp', meta.ip);
      const now = deps.now();
      const userId = await repository.consumeToken(hashCode(code), 'email_confirmation', now);
      if (userId === undefined) return null;
      const user = await repository.markConfirmed(userId, now);
      return user ? toUserDto(user) : null;
    },

    /**
     * After the provider vouched for someone: a one-time hand-off code for the back-office user with
     * that verified email, or null. SSO never creates users: an account at the provider is not a
     * reason to become staff.
     */
    async issueSsoCode(identity: { email: string | null; emailVerified: boolean }): Promise<string | null> {
      if (!identity.email || !identity.emailVerified) return null;
      const user = await repository.findByEmail(identity.email);
      if (!user || user.blocked) return null;
      const { code, codeHash } = newCode();
      const now = deps.now();
      await repository.insertToken({
        userId: user.id,
        purpose: 'sso',
        codeHash,
        expiresAt: new Date(now.getTime() + SSO_CODE_TTL_SECONDS * 1000),
        now,
      });
      return code;
    },

    /** `GET /auth/:provider/callback?access_token=…`: trades the hand-off code for a JWT, once. */
    async redeemSsoCode(
      code: string,
      meta: { ip: string },
    ): Promise<{ jwt: string; user: BackofficeUserDto }> {
      await limit('ssoIp', meta.ip);
      const userId = await repository.consumeToken(hashCode(code), 'sso', deps.now());
      const user = userId === undefined ? undefined : await repository.findById(userId);
      if (!user || user.blocked) throw unauthorized();
      return session(user);
    },
  };
}

export type BackofficeService = ReturnType<typeof createBackofficeService>;
