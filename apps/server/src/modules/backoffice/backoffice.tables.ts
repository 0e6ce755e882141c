import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  index,
  integer,
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
    /** admin | editor | NULL (no role: a self-registered account an admin has not promoted yet). */
    role: text('role'),
    confirmed: boolean('confirmed').notNull().default(false),
    blocked: boolean('blocked').notNull().default(false),
    tokenVersion: integer('token_version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('backoffice_users_email_key').on(table.email),
    uniqueIndex('backoffice_users_username_key').on(sql`lower(${table.username})`),
    check('backoffice_users_role_check', sql`${table.role} IN ('admin', 'editor')`),
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
