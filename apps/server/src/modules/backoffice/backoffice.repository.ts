/** The only place that touches the back-office tables. Rows leave as `BackofficeUserRow`. */
import type { Db } from '@croupier/db/client';
import { and, desc, eq, gt, gte, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { AuditEntry, AuditOutcome, AuditRecord, AuditSearch } from './backoffice.audit.ts';
import { type BackofficeRole, isBackofficeRole } from './backoffice.roles.ts';
import { backofficeTokens, backofficeUsers, staffAuditLog, staffPlayerNotes } from './backoffice.tables.ts';

export type { BackofficeRole } from './backoffice.roles.ts';
export type BackofficeTokenPurpose = 'reset_password' | 'email_confirmation' | 'sso' | 'staff_setup';

/** Stored instead of a hash until the staff member sets a password: no password matches it. */
export const NO_PASSWORD = '!';

export interface BackofficeUserRow {
  id: bigint;
  username: string;
  email: string;
  passwordHash: string;
  /** null: no role (self-registered, waiting for an admin); such a user reaches no operator endpoint. */
  role: BackofficeRole | null;
  confirmed: boolean;
  blocked: boolean;
  tokenVersion: number;
  /** The sealed authenticator seed (enrolment started), and when it was enabled (null: not yet). */
  totpSecret: Buffer | null;
  totpEnabledAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface PlayerNoteRow {
  id: bigint;
  playerId: bigint;
  staffId: bigint;
  staffUsername: string;
  body: string;
  createdAt: Date;
}

const columns = {
  id: backofficeUsers.id,
  username: backofficeUsers.username,
  email: backofficeUsers.email,
  passwordHash: backofficeUsers.passwordHash,
  role: backofficeUsers.role,
  confirmed: backofficeUsers.confirmed,
  blocked: backofficeUsers.blocked,
  tokenVersion: backofficeUsers.tokenVersion,
  totpSecret: backofficeUsers.totpSecret,
  totpEnabledAt: backofficeUsers.totpEnabledAt,
  createdAt: backofficeUsers.createdAt,
  updatedAt: backofficeUsers.updatedAt,
};

type SelectedRow = Omit<BackofficeUserRow, 'role'> & { role: string | null };

function toRow(row: SelectedRow | undefined): BackofficeUserRow | undefined {
  if (!row) return undefined;
  return { ...row, role: isBackofficeRole(row.role) ? row.role : null };
}

/** JSON for jsonb: bigints as decimal strings, dates as ISO strings, undefined as null. */
function jsonValue(value: unknown): unknown {
  if (value === undefined) return null;
  return JSON.parse(
    JSON.stringify(value, (_key, inner: unknown) => (typeof inner === 'bigint' ? inner.toString() : inner)),
  );
}
function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth += 1) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export function createBackofficeRepository(db: Db) {
  return {
    async recordAudit(entry: AuditEntry): Promise<void> {
      await db.insert(staffAuditLog).values({
        staffId: entry.staff?.id ?? null,
        staffUsername: entry.staff?.username ?? null,
        staffRole: entry.staff?.role ?? null,
        action: entry.action,
        targetType: entry.target?.type ?? null,
        targetId: entry.target?.id ?? null,
        outcome: entry.outcome,
        detail: entry.detail ?? null,
        before: jsonValue(entry.before),
        after: jsonValue(entry.after),
        ip: entry.origin.ip,
        userAgent: entry.origin.userAgent?.slice(0, 512) ?? null,
        requestId: entry.origin.requestId,
      });
    },

    async searchAudit(filters: AuditSearch): Promise<AuditRecord[]> {
      const conditions: SQL[] = [];
      if (filters.staffId !== undefined) conditions.push(eq(staffAuditLog.staffId, filters.staffId));
      if (filters.action !== undefined) conditions.push(eq(staffAuditLog.action, filters.action));
      if (filters.targetType !== undefined) conditions.push(eq(staffAuditLog.targetType, filters.targetType));
      if (filters.targetId !== undefined) conditions.push(eq(staffAuditLog.targetId, filters.targetId));
      if (filters.outcome !== undefined) conditions.push(eq(staffAuditLog.outcome, filters.outcome));
      if (filters.from !== undefined) conditions.push(gte(staffAuditLog.at, filters.from));
      if (filters.to !== undefined) conditions.push(lt(staffAuditLog.at, filters.to));
      const rows = await db
        .select()
        .from(staffAuditLog)
        .where(conditions.length > 0 ? and(...conditions) : undefined)
        .orderBy(desc(staffAuditLog.at), desc(staffAuditLog.id))
        .offset(filters.start)
        .limit(filters.limit);
      return rows.map((row) => ({
        id: row.id.toString(),
        at: row.at.toISOString(),
        staff:
          row.staffId === null
            ? null
            : { id: row.staffId.toString(), username: row.staffUsername, role: row.staffRole },
        action: row.action,
        target: row.targetType === null ? null : { type: row.targetType, id: row.targetId },
        outcome: row.outcome as AuditOutcome,
        detail: row.detail,
        before: row.before,
        after: row.after,
        ip: row.ip,
        userAgent: row.userAgent,
        requestId: row.requestId,
      }));
    },

    /**
     * Inserts a user with exactly the role given (null: none). Nothing here grants a role by
     * itself: the caller (an admin, or the operator's `staff:create` command) chose it.
     */
    async insertUser(values: {
      username: string;
      email: string;
      passwordHash: string;
      role: BackofficeRole | null;
      confirmed?: boolean;
      now: Date;
    }): Promise<{ outcome: 'created'; user: BackofficeUserRow } | { outcome: 'taken' }> {
      try {
        const inserted = await db
          .insert(backofficeUsers)
          .values({
            username: values.username,
            email: values.email,
            passwordHash: values.passwordHash,
            role: values.role,
            confirmed: values.confirmed ?? false,
            createdAt: values.now,
            updatedAt: values.now,
          })
          .returning(columns);
        return { outcome: 'created', user: toRow(inserted[0])! };
      } catch (error) {
        if (isUniqueViolation(error)) return { outcome: 'taken' };
        throw error;
      }
    },

    /** Sets (or, with null, removes) a user's role; bumps the token version so old tokens end. */
    async updateRole(
      id: bigint,
      role: BackofficeRole | null,
      now: Date,
    ): Promise<BackofficeUserRow | undefined> {
      const rows = await db
        .update(backofficeUsers)
        .set({ role, tokenVersion: sql`${backofficeUsers.tokenVersion} + 1`, updatedAt: now })
        .where(eq(backofficeUsers.id, id))
        .returning(columns);
      return toRow(rows[0]);
    },

    /** Starts (or restarts) enrolment: a new sealed seed, not enabled until a code proves it. */
    async setTotpSecret(id: bigint, sealed: Buffer, now: Date): Promise<void> {
      await db
        .update(backofficeUsers)
        .set({ totpSecret: sealed, totpEnabledAt: null, totpLastStep: null, updatedAt: now })
        .where(eq(backofficeUsers.id, id));
    },

    /**
     * Spends a TOTP step: true once per (user, step) and only moving forward, so a code seen on a
     * shoulder or in a log cannot be replayed. With `enable`, also turns two-factor on and bumps the
     * token version (tokens from before enrolment end).
     */
    async acceptTotpStep(
      id: bigint,
      step: number,
      now: Date,
      options: { enable?: boolean } = {},
    ): Promise<BackofficeUserRow | undefined> {
      const rows = await db
        .update(backofficeUsers)
        .set({
          totpLastStep: step,
          updatedAt: now,
          ...(options.enable
            ? { totpEnabledAt: now, tokenVersion: sql`${backofficeUsers.tokenVersion} + 1` }
            : {}),
        })
        .where(
          and(
            eq(backofficeUsers.id, id),
            or(isNull(backofficeUsers.totpLastStep), lt(backofficeUsers.totpLastStep, step)),
          ),
        )
        .returning(columns);
      return toRow(rows[0]);
    },

    /** Turns two-factor off (seed gone) and ends the user's tokens. */
    async clearTotp(id: bigint, now: Date): Promise<BackofficeUserRow | undefined> {
      const rows = await db
        .update(backofficeUsers)
        .set({
          totpSecret: null,
          totpEnabledAt: null,
          totpLastStep: null,
          tokenVersion: sql`${backofficeUsers.tokenVersion} + 1`,
          updatedAt: now,
        })
        .where(eq(backofficeUsers.id, id))
        .returning(columns);
      return toRow(rows[0]);
    },

    async insertNote(values: {
      playerId: bigint;
      staffId: bigint;
      staffUsername: string;
      body: string;
      now: Date;
    }): Promise<PlayerNoteRow> {
      const rows = await db
        .insert(staffPlayerNotes)
        .values({ ...values, createdAt: values.now })
        .returning();
      return rows[0]!;
    },

    async listNotes(playerId: bigint, limit: number): Promise<PlayerNoteRow[]> {
      return db
        .select()
        .from(staffPlayerNotes)
        .where(eq(staffPlayerNotes.playerId, playerId))
        .orderBy(desc(staffPlayerNotes.createdAt), desc(staffPlayerNotes.id))
        .limit(limit);
    },

    /** Users by id, a page at a time (the admin's list). */
    async listUsers(offset: number, count: number): Promise<BackofficeUserRow[]> {
      const rows = await db
        .select(columns)
        .from(backofficeUsers)
        .orderBy(backofficeUsers.id)
        .offset(offset)
        .limit(count);
      return rows.map((row) => toRow(row)!);
    },

    async findById(id: bigint): Promise<BackofficeUserRow | undefined> {
      const rows = await db.select(columns).from(backofficeUsers).where(eq(backofficeUsers.id, id)).limit(1);
      return toRow(rows[0]);
    },

    /** By email or username, both compared lower-cased (usernames cannot contain `@`). */
    async findByIdentifier(identifier: string): Promise<BackofficeUserRow | undefined> {
      const lowered = identifier.toLowerCase();
      const rows = await db
        .select(columns)
        .from(backofficeUsers)
        .where(or(eq(backofficeUsers.email, lowered), sql`lower(${backofficeUsers.username}) = ${lowered}`))
        .limit(1);
      return toRow(rows[0]);
    },

    async findByEmail(email: string): Promise<BackofficeUserRow | undefined> {
      const rows = await db
        .select(columns)
        .from(backofficeUsers)
        .where(eq(backofficeUsers.email, email.toLowerCase()))
        .limit(1);
      return toRow(rows[0]);
    },

    /** Sets a new password hash and bumps the token version (ending every earlier JWT). */
    async updatePassword(
      id: bigint,
      passwordHash: string,
      now: Date,
    ): Promise<BackofficeUserRow | undefined> {
      const rows = await db
        .update(backofficeUsers)
        .set({ passwordHash, tokenVersion: sql`${backofficeUsers.tokenVersion} + 1`, updatedAt: now })
        .where(eq(backofficeUsers.id, id))
        .returning(columns);
      return toRow(rows[0]);
    },

    async markConfirmed(id: bigint, now: Date): Promise<BackofficeUserRow | undefined> {
      const rows = await db
        .update(backofficeUsers)
        .set({ confirmed: true, updatedAt: now })
        .where(eq(backofficeUsers.id, id))
        .returning(columns);
      return toRow(rows[0]);
    },

    /**
     * Stores a new code's hash. Earlier unused codes of the same purpose for the user are spent (only
     * the latest link works) and the user's expired codes are deleted, so the table stays small.
     */
    async insertToken(values: {
      userId: bigint;
      purpose: BackofficeTokenPurpose;
      codeHash: Buffer;
      expiresAt: Date;
      now: Date;
    }): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .delete(backofficeTokens)
          .where(
            and(eq(backofficeTokens.userId, values.userId), lte(backofficeTokens.expiresAt, values.now)),
          );
        await tx
          .update(backofficeTokens)
          .set({ usedAt: values.now })
          .where(
            and(
              eq(backofficeTokens.userId, values.userId),
              eq(backofficeTokens.purpose, values.purpose),
              isNull(backofficeTokens.usedAt),
            ),
          );
        await tx.insert(backofficeTokens).values({
          userId: values.userId,
          purpose: values.purpose,
          codeHash: values.codeHash,
          expiresAt: values.expiresAt,
          createdAt: values.now,
        });
      });
    },

    /** Spends a live code in one statement (so it works once) and returns its user's id. */
    async consumeToken(
      codeHash: Buffer,
      purpose: BackofficeTokenPurpose,
      now: Date,
    ): Promise<bigint | undefined> {
      const rows = await db
        .update(backofficeTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(backofficeTokens.codeHash, codeHash),
            eq(backofficeTokens.purpose, purpose),
            isNull(backofficeTokens.usedAt),
            gt(backofficeTokens.expiresAt, now),
          ),
        )
        .returning({ userId: backofficeTokens.userId });
      return rows[0]?.userId;
    },

    /**
     * Password reset (or first password, with a setup code): spends the code and sets the password
     * in one transaction, so a failure leaves the code usable and a success leaves no other code of
     * that purpose alive.
     */
    async resetPasswordWithCode(
      codeHash: Buffer,
      passwordHash: string,
      now: Date,
      purpose: 'reset_password' | 'staff_setup' = 'reset_password',
    ): Promise<BackofficeUserRow | undefined> {
      return db.transaction(async (tx) => {
        const spent = await tx
          .update(backofficeTokens)
          .set({ usedAt: now })
          .where(
            and(
              eq(backofficeTokens.codeHash, codeHash),
              eq(backofficeTokens.purpose, purpose),
              isNull(backofficeTokens.usedAt),
              gt(backofficeTokens.expiresAt, now),
            ),
          )
          .returning({ userId: backofficeTokens.userId });
        const userId = spent[0]?.userId;
        if (userId === undefined) return undefined;
        await tx
          .update(backofficeTokens)
          .set({ usedAt: now })
          .where(
            and(
              eq(backofficeTokens.userId, userId),
              eq(backofficeTokens.purpose, purpose),
              isNull(backofficeTokens.usedAt),
            ),
          );
        const rows = await tx
          .update(backofficeUsers)
          .set({ passwordHash, tokenVersion: sql`${backofficeUsers.tokenVersion} + 1`, updatedAt: now })
          .where(eq(backofficeUsers.id, userId))
          .returning(columns);
        return toRow(rows[0]);
      });
    },
  };
}

export type BackofficeRepository = ReturnType<typeof createBackofficeRepository>;
