import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * Back-office users of the content service (spec §7 auth backend): staff, not players. `email` is
 * stored lower-cased; `token_version` is part of every JWT, so bumping it (password change or reset,
 * block) ends every token issued before.
 */
export const backofficeUsers = pgTable(
  'backoffice_users',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    /** argon2id; `!` (no password) until the staff member opens their one-time setup link. */
    passwordHash: text('password_hash').notNull(),
    /** One of BACKOFFICE_ROLES, or NULL (no role: a self-registered account an admin has not promoted yet). */
    role: text('role'),
    confirmed: boolean('confirmed').notNull().default(false),
    blocked: boolean('blocked').notNull().default(false),
    tokenVersion: integer('token_version').notNull().default(0),
    /** The authenticator's seed, sealed (auth/secret-box.ts); set at enrolment, live once enabled. */
    totpSecret: bytea('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** The last TOTP step accepted: a code works once. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('backoffice_users_email_key').on(table.email),
    uniqueIndex('backoffice_users_username_key').on(sql`lower(${table.username})`),
    check(
      'backoffice_users_role_check',
      sql`${table.role} IN ('support', 'payments', 'risk', 'marketing', 'content', 'trader', 'admin')`,
    ),
    check('backoffice_users_email_lower_check', sql`${table.email} = lower(${table.email})`),
  ],
);

/**
 * One-time codes mailed or handed to back-office users: password reset, email confirmation, the
 * single-sign-on hand-off and the setup link `npm run staff:create` prints. Only the SHA-256 of a code is stored; a code is spent by setting
 * `used_at` in the same statement that checks it, so it works once.
 */
export const backofficeTokens = pgTable(
  'backoffice_tokens',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    userId: bigint('user_id', { mode: 'bigint' })
      .notNull()
      .references(() => backofficeUsers.id, { onDelete: 'cascade' }),
    /** reset_password | email_confirmation | sso | staff_setup */
    purpose: text('purpose').notNull(),
    codeHash: bytea('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('backoffice_tokens_code_hash_key').on(table.codeHash),
    index('backoffice_tokens_user_idx').on(table.userId, table.purpose),
    check(
      'backoffice_tokens_purpose_check',
      sql`${table.purpose} IN ('reset_password', 'email_confirmation', 'sso', 'staff_setup')`,
    ),
  ],
);

/**
 * What staff did (issue #18): one row per staff action on the back office's endpoints — done,
 * refused (no token, too low a role: always written for money endpoints) or failed — with who
 * (id, username and role as they were), what (action, target), the state before and after, when
 * and from where. Append-only: triggers refuse UPDATE, DELETE and TRUNCATE (migration 0036); admins
 * read and search it (`GET /nfx/audit-log`).
 */
export const staffAuditLog = pgTable(
  'staff_audit_log',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** Null for an attempt without a valid token. No foreign key: a row outlives its author. */
    staffId: bigint('staff_id', { mode: 'bigint' }),
    staffUsername: text('staff_username'),
    staffRole: text('staff_role'),
    /** `<module>.<verb>`, e.g. `cashier.approve_withdrawal`, `staff.set_role`. */
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    /** done | refused | failed */
    outcome: text('outcome').notNull(),
    /** The error code of a refused or failed attempt, or the reason staff gave. */
    detail: text('detail'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    requestId: text('request_id'),
  },
  (table) => [
    index('staff_audit_log_at_idx').on(table.at),
    index('staff_audit_log_staff_idx').on(table.staffId, table.at),
    index('staff_audit_log_action_idx').on(table.action, table.at),
    index('staff_audit_log_target_idx').on(table.targetType, table.targetId, table.at),
    check('staff_audit_log_outcome_check', sql`${table.outcome} IN ('done', 'refused', 'failed')`),
  ],
);

/**
 * Staff notes on a player (support, risk): appended, never edited; who wrote it is kept by name
 * too, so a note outlives its author's account.
 */
export const staffPlayerNotes = pgTable(
  'staff_player_notes',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    playerId: bigint('player_id', { mode: 'bigint' }).notNull(),
    staffId: bigint('staff_id', { mode: 'bigint' }).notNull(),
    staffUsername: text('staff_username').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('staff_player_notes_player_idx').on(table.playerId, table.createdAt),
    check('staff_player_notes_body_check', sql`char_length(${table.body}) BETWEEN 1 AND 2000`),
  ],
);
