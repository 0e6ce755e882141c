/** The only place the accounts module touches Drizzle; rows leave as plain typed records. */
import type { Db } from '@croupier/db/client';
import { and, asc, eq, gt, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import { rowIdOf } from '../../lib/row-id.ts';
import {
  contactConfirmationCodes,
  currencyRates,
  passwordResetTokens,
  playerContacts,
  playerDocuments,
  playerIdentities,
  playerProfiles,
  players,
} from './accounts.tables.ts';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * A player's status as an SQL expression, for the one statement of each game wallet call (which
 * must check it where it claims the call): handed out by accounts.service.ts, so the players table
 * is read only by this module's SQL.
 */
export function playerStatusSql(playerId: SQL): SQL {
  return sql`(SELECT pl.status FROM players pl WHERE pl.id = ${playerId})`;
}

export function playerLocaleSql(playerId: SQL): SQL {
  return sql`(SELECT pl.locale FROM players pl WHERE pl.id = ${playerId})`;
}
type Executor = Db | Tx;

export type PlayerStatus = 'active' | 'banned' | 'deleted';

/** A player as staff search lists them (staff-view.ts). */
export interface StaffPlayerSummary {
  id: number;
  login: string;
  login_type: string;
  status: string;
  currency: string | null;
  country_code: string | null;
  created_at: string;
}

export interface StaffPlayerAccount extends StaffPlayerSummary {
  locale: string;
  status_changed_at: string | null;
  registration_completed: boolean;
  two_factor_enabled: boolean;
  first_name: string | null;
  last_name: string | null;
  birth_date: string | null;
  contacts: { type: string; value: string; confirmed: boolean; is_login: boolean; subscribed: boolean }[];
}

export type LoginType = 'email' | 'phone' | 'external';
export type ContactType = 'email' | 'phone';

export interface PlayerRecord {
  id: bigint;
  login: string;
  loginType: LoginType;
  locale: string;
  status: PlayerStatus;
  createdAt: Date;
  currency: string | null;
  fakename: string | null;
  countryCode: string | null;
  isRegistrationCompleted: boolean;
  twoFactorEnabled: boolean;
}

export interface CredentialsRecord {
  id: bigint;
  status: PlayerStatus;
  locale: string;
  login: string;
  passwordHash: string | null;
  twoFactorSecret: Buffer | null;
  twoFactorPendingSecret: Buffer | null;
  twoFactorLastStep: bigint | null;
}

export interface ContactRecord {
  id: bigint;
  playerId: bigint;
  type: ContactType;
  value: string;
  phoneCountryCode: string | null;
  isLogin: boolean;
  confirmed: boolean;
  subscribed: boolean;
}

export interface NewPlayer {
  login: string;
  loginType: LoginType;
  locale: string;
  passwordHash: string | null;
  currency: string | null;
  isRegistrationCompleted: boolean;
  promoCode: string | null;
  characterId: number | null;
  termsAcceptedAt: Date | null;
  markBetting: boolean;
  createdAt: Date;
}

export interface NewContact {
  playerId: bigint;
  type: ContactType;
  value: string;
  phoneCountryCode: string | null;
  isLogin: boolean;
  confirmedAt: Date | null;
  subscribed: boolean;
}

export interface ProfileRecord {
  firstName: string | null;
  lastName: string | null;
  sex: number;
  birthDate: string | null;
  country: string | null;
  region: string | null;
  homeTown: string | null;
  address: string | null;
  postcode: string | null;
}

export type ProfilePatch = Partial<ProfileRecord>;

/** The unique constraint a statement broke, if that is why it failed. */
function uniqueViolation(error: unknown): string | undefined {
  for (let current: unknown = error, depth = 0; current && depth < 3; depth += 1) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === '23505')
      return typeof candidate.constraint === 'string' ? candidate.constraint : '';
    current = candidate.cause;
  }
  return undefined;
}

const playerColumns = {
  id: players.id,
  login: players.login,
  loginType: players.loginType,
  locale: players.locale,
  status: players.status,
  createdAt: players.createdAt,
  currency: players.currency,
  fakename: players.fakename,
  countryCode: players.countryCode,
  isRegistrationCompleted: players.isRegistrationCompleted,
  twoFactorSecret: players.twoFactorSecret,
};

function toPlayer(row: {
  id: bigint;
  login: string;
  loginType: string;
  locale: string;
  status: string;
  createdAt: Date;
  currency: string | null;
  fakename: string | null;
  countryCode: string | null;
  isRegistrationCompleted: boolean;
  twoFactorSecret: Buffer | null;
}): PlayerRecord {
  return {
    id: row.id,
    login: row.login,
    loginType: row.loginType as LoginType,
    locale: row.locale,
    status: row.status as PlayerStatus,
    createdAt: row.createdAt,
    currency: row.currency,
    fakename: row.fakename,
    countryCode: row.countryCode,
    isRegistrationCompleted: row.isRegistrationCompleted,
    twoFactorEnabled: row.twoFactorSecret !== null,
  };
}

const contactColumns = {
  id: playerContacts.id,
  playerId: playerContacts.playerId,
  type: playerContacts.type,
  value: playerContacts.value,
  phoneCountryCode: playerContacts.phoneCountryCode,
  isLogin: playerContacts.isLogin,
  confirmedAt: playerContacts.confirmedAt,
  subscribed: playerContacts.subscribed,
};

function toContact(row: {
  id: bigint;
  playerId: bigint;
  type: string;
  value: string;
  phoneCountryCode: string | null;
  isLogin: boolean;
  confirmedAt: Date | null;
  subscribed: boolean;
}): ContactRecord {
  return {
    id: row.id,
    playerId: row.playerId,
    type: row.type as ContactType,
    value: row.value,
    phoneCountryCode: row.phoneCountryCode,
    isLogin: row.isLogin,
    confirmed: row.confirmedAt !== null,
    subscribed: row.subscribed,
  };
}

/** Every query of the module, on the pool or inside a transaction. */
function createAccountsQueries(db: Executor) {
  return {
    /** Serializes concurrent work on one key (e.g. one external identity) until the transaction ends. */
    async lockKey(key: string): Promise<void> {
      await db.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 72201))`);
    },

    // --- players -------------------------------------------------------------------------------

    /** Inserts a player; `null` when the login is taken (case-insensitively). */
    async insertPlayer(values: NewPlayer): Promise<bigint | null> {
      try {
        const [row] = await db.insert(players).values(values).returning({ id: players.id });
        return row?.id ?? null;
      } catch (error) {
        if (uniqueViolation(error) === 'players_login_key') return null;
        throw error;
      }
    },

    async loginExists(login: string): Promise<boolean> {
      const rows = await db
        .select({ id: players.id })
        .from(players)
        .where(sql`lower(${players.login}) = lower(${login})`)
        .limit(1);
      return rows.length > 0;
    },

    /** The promo code the player signed up with (ADR 021), or null. */
    async signUpCharacter(id: bigint): Promise<number | null> {
      const [row] = await db
        .select({ characterId: players.characterId })
        .from(players)
        .where(eq(players.id, id))
        .limit(1);
      return row?.characterId ?? null;
    },

    async signUpPromoCode(id: bigint): Promise<string | null> {
      const [row] = await db
        .select({ promoCode: players.promoCode })
        .from(players)
        .where(eq(players.id, id))
        .limit(1);
      return row?.promoCode ?? null;
    },

    async findPlayer(id: bigint): Promise<PlayerRecord | undefined> {
      const [row] = await db.select(playerColumns).from(players).where(eq(players.id, id)).limit(1);
      return row ? toPlayer(row) : undefined;
    },

    /** Fakename and login of each player (the winners list masks them): one query for a page. */
    async publicNames(
      ids: readonly bigint[],
    ): Promise<Map<bigint, { fakename: string | null; login: string }>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: players.id, fakename: players.fakename, login: players.login })
        .from(players)
        .where(inArray(players.id, [...ids]));
      return new Map(rows.map((row) => [row.id, { fakename: row.fakename, login: row.login }]));
    },

    async findCredentialsByLogin(login: string): Promise<CredentialsRecord | undefined> {
      const [row] = await db
        .select({
          id: players.id,
          status: players.status,
          locale: players.locale,
          login: players.login,
          passwordHash: players.passwordHash,
          twoFactorSecret: players.twoFactorSecret,
          twoFactorPendingSecret: players.twoFactorPendingSecret,
          twoFactorLastStep: players.twoFactorLastStep,
        })
        .from(players)
        .where(sql`lower(${players.login}) = lower(${login})`)
        .limit(1);
      return row ? { ...row, status: row.status as PlayerStatus } : undefined;
    },

    async findCredentials(id: bigint): Promise<CredentialsRecord | undefined> {
      const [row] = await db
        .select({
          id: players.id,
          status: players.status,
          locale: players.locale,
          login: players.login,
          passwordHash: players.passwordHash,
          twoFactorSecret: players.twoFactorSecret,
          twoFactorPendingSecret: players.twoFactorPendingSecret,
          twoFactorLastStep: players.twoFactorLastStep,
        })
        .from(players)
        .where(eq(players.id, id))
        .limit(1);
      return row ? { ...row, status: row.status as PlayerStatus } : undefined;
    },

    async updatePlayer(
      id: bigint,
      values: Partial<{
        locale: string;
        currency: string;
        fakename: string;
        countryCode: string;
        isRegistrationCompleted: boolean;
        termsAcceptedAt: Date;
        markBetting: boolean;
        promoCode: string;
      }>,
    ): Promise<void> {
      if (Object.keys(values).length === 0) return;
      await db.update(players).set(values).where(eq(players.id, id));
    },

    /** Sets a completion's fields only while registration is incomplete; false if it already was. */
    async completeRegistration(
      id: bigint,
      values: { currency: string; termsAcceptedAt: Date | null; markBetting: boolean },
    ): Promise<boolean> {
      const rows = await db
        .update(players)
        .set({ ...values, isRegistrationCompleted: true })
        .where(and(eq(players.id, id), eq(players.isRegistrationCompleted, false)))
        .returning({ id: players.id });
      return rows.length > 0;
    },

    async setPassword(id: bigint, passwordHash: string, now: Date): Promise<void> {
      await db.update(players).set({ passwordHash, passwordChangedAt: now }).where(eq(players.id, id));
    },

    /** Staff's forced reset: no password signs in until the player sets a new one. */
    async clearPassword(id: bigint, now: Date): Promise<void> {
      await db.update(players).set({ passwordHash: null, passwordChangedAt: now }).where(eq(players.id, id));
    },

    /** Moves the status only from `from` (a compare-and-set): true if it moved. */
    async setStatusFrom(id: bigint, from: PlayerStatus, to: PlayerStatus, now: Date): Promise<boolean> {
      const rows = await db
        .update(players)
        .set({ status: to, statusChangedAt: now })
        .where(and(eq(players.id, id), eq(players.status, from)))
        .returning({ id: players.id });
      return rows.length > 0;
    },

    /** Staff search (staff-view.ts): id, or a prefix of the login or of an email or phone contact. */
    async staffSearch(query: string, page: { offset: number; count: number }): Promise<StaffPlayerSummary[]> {
      const prefix = `${query.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const id = rowIdOf(query);
      const byId = id !== null ? sql`p.id = ${id} OR` : sql``;
      const phonePrefix = query.replace(/[^0-9]/g, '');
      const byPhone =
        phonePrefix.length >= 3
          ? sql`OR EXISTS (SELECT 1 FROM player_contacts c WHERE c.player_id = p.id AND c.type = 'phone'
                           AND c.value LIKE ${`${phonePrefix}%`})`
          : sql``;
      const result = await db.execute<{
        id: string;
        login: string;
        login_type: string;
        status: string;
        currency: string | null;
        country_code: string | null;
        created_at: Date | string;
      }>(sql`
        SELECT p.id::text, p.login, p.login_type, p.status, p.currency, p.country_code, p.created_at
          FROM players p
         WHERE ${byId} lower(p.login) LIKE ${prefix}
            OR EXISTS (SELECT 1 FROM player_contacts c WHERE c.player_id = p.id AND c.type = 'email'
                        AND c.value LIKE ${prefix})
            ${byPhone}
         ORDER BY p.id DESC
         OFFSET ${page.offset} LIMIT ${page.count}`);
      return result.rows.map((row) => ({
        id: Number(row.id),
        login: row.login,
        login_type: row.login_type,
        status: row.status,
        currency: row.currency,
        country_code: row.country_code,
        created_at: new Date(row.created_at).toISOString(),
      }));
    },

    async staffAccount(id: bigint): Promise<StaffPlayerAccount | null> {
      const rows = await db
        .select({
          id: players.id,
          login: players.login,
          loginType: players.loginType,
          status: players.status,
          statusChangedAt: players.statusChangedAt,
          currency: players.currency,
          countryCode: players.countryCode,
          locale: players.locale,
          createdAt: players.createdAt,
          registrationCompleted: players.isRegistrationCompleted,
          twoFactorEnabledAt: players.twoFactorEnabledAt,
          firstName: playerProfiles.firstName,
          lastName: playerProfiles.lastName,
          birthDate: playerProfiles.birthDate,
        })
        .from(players)
        .leftJoin(playerProfiles, eq(playerProfiles.playerId, players.id))
        .where(eq(players.id, id))
        .limit(1);
      const row = rows[0];
      if (!row) return null;
      const contacts = await db
        .select()
        .from(playerContacts)
        .where(eq(playerContacts.playerId, id))
        .orderBy(asc(playerContacts.id));
      return {
        id: Number(row.id),
        login: row.login,
        login_type: row.loginType,
        status: row.status,
        status_changed_at: row.statusChangedAt?.toISOString() ?? null,
        currency: row.currency,
        country_code: row.countryCode,
        locale: row.locale,
        created_at: row.createdAt.toISOString(),
        registration_completed: row.registrationCompleted,
        two_factor_enabled: row.twoFactorEnabledAt !== null,
        first_name: row.firstName,
        last_name: row.lastName,
        birth_date: row.birthDate,
        contacts: contacts.map((contact) => ({
          type: contact.type,
          value: contact.value,
          confirmed: contact.confirmedAt !== null,
          is_login: contact.isLogin,
          subscribed: contact.subscribed,
        })),
      };
    },

    async setStatus(id: bigint, status: PlayerStatus, now: Date): Promise<boolean> {
      const rows = await db
        .update(players)
        .set({ status, statusChangedAt: now })
        .where(eq(players.id, id))
        .returning({ id: players.id });
      return rows.length > 0;
    },

    async setPendingTwoFactor(id: bigint, sealed: Buffer): Promise<void> {
      await db.update(players).set({ twoFactorPendingSecret: sealed }).where(eq(players.id, id));
    },

    /**
     * Moves the pending secret to active (only if it is still the one that was checked) and records
     * the confirming step, so that code cannot be used again to log in.
     */
    async enableTwoFactor(id: bigint, pending: Buffer, step: bigint, now: Date): Promise<boolean> {
      const rows = await db
        .update(players)
        .set({
          twoFactorSecret: pending,
          twoFactorPendingSecret: null,
          twoFactorEnabledAt: now,
          twoFactorLastStep: step,
        })
        .where(and(eq(players.id, id), eq(players.twoFactorPendingSecret, pending)))
        .returning({ id: players.id });
      return rows.length > 0;
    },

    async disableTwoFactor(id: bigint): Promise<void> {
      await db
        .update(players)
        .set({
          twoFactorSecret: null,
          twoFactorPendingSecret: null,
          twoFactorEnabledAt: null,
          twoFactorLastStep: null,
        })
        .where(eq(players.id, id));
    },

    /**
     * Records `step` as used if it is later than the last used one, in one statement: two requests
     * racing with the same code cannot both pass. False means a replay.
     */
    async claimTotpStep(id: bigint, step: bigint): Promise<boolean> {
      const rows = await db
        .update(players)
        .set({ twoFactorLastStep: step })
        .where(
          and(
            eq(players.id, id),
            or(isNull(players.twoFactorLastStep), sql`${players.twoFactorLastStep} < ${step}`),
          ),
        )
        .returning({ id: players.id });
      return rows.length > 0;
    },

    // --- contacts ------------------------------------------------------------------------------

    /** Inserts a contact; `null` when the player already has it. */
    async insertContact(values: NewContact): Promise<bigint | null> {
      try {
        const [row] = await db.insert(playerContacts).values(values).returning({ id: playerContacts.id });
        return row?.id ?? null;
      } catch (error) {
        if (uniqueViolation(error) === 'player_contacts_player_value_key') return null;
        throw error;
      }
    },

    async listContacts(playerId: bigint): Promise<ContactRecord[]> {
      const rows = await db
        .select(contactColumns)
        .from(playerContacts)
        .where(eq(playerContacts.playerId, playerId))
        .orderBy(asc(playerContacts.id));
      return rows.map(toContact);
    },

    async countContacts(playerId: bigint, type: ContactType): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(playerContacts)
        .where(and(eq(playerContacts.playerId, playerId), eq(playerContacts.type, type)));
      return row?.n ?? 0;
    },

    async findContact(
      playerId: bigint,
      type: ContactType,
      value: string,
    ): Promise<ContactRecord | undefined> {
      const [row] = await db
        .select(contactColumns)
        .from(playerContacts)
        .where(
          and(
            eq(playerContacts.playerId, playerId),
            eq(playerContacts.type, type),
            eq(playerContacts.value, value),
          ),
        )
        .limit(1);
      return row ? toContact(row) : undefined;
    },

    async isConfirmedElsewhere(playerId: bigint, type: ContactType, value: string): Promise<boolean> {
      const rows = await db
        .select({ id: playerContacts.id })
        .from(playerContacts)
        .where(
          and(
            eq(playerContacts.type, type),
            eq(playerContacts.value, value),
            isNotNull(playerContacts.confirmedAt),
            sql`${playerContacts.playerId} <> ${playerId}`,
          ),
        )
        .limit(1);
      return rows.length > 0;
    },

    /** Marks a contact confirmed; false when another player confirmed the same value first. */
    async confirmContact(contactId: bigint, now: Date): Promise<boolean> {
      try {
        await db.update(playerContacts).set({ confirmedAt: now }).where(eq(playerContacts.id, contactId));
        return true;
      } catch (error) {
        if (uniqueViolation(error) === 'player_contacts_confirmed_key') return false;
        throw error;
      }
    },

    async setSubscription(contactId: bigint, subscribed: boolean): Promise<void> {
      await db.update(playerContacts).set({ subscribed }).where(eq(playerContacts.id, contactId));
    },

    /**
     * The active player an email reaches for a password reset: whoever confirmed it (the stronger
     * proof), else the player whose login it is.
     */
    async findPlayerByEmail(email: string): Promise<{ id: bigint; locale: string } | undefined> {
      const byContact = await db
        .select({ id: players.id, locale: players.locale })
        .from(playerContacts)
        .innerJoin(players, eq(players.id, playerContacts.playerId))
        .where(
          and(
            eq(playerContacts.type, 'email'),
            eq(playerContacts.value, email),
            isNotNull(playerContacts.confirmedAt),
            eq(players.status, 'active'),
          ),
        )
        .limit(1);
      if (byContact[0]) return byContact[0];
      const byLogin = await db
        .select({ id: players.id, locale: players.locale })
        .from(players)
        .where(
          and(
            sql`lower(${players.login}) = ${email}`,
            eq(players.loginType, 'email'),
            eq(players.status, 'active'),
          ),
        )
        .limit(1);
      return byLogin[0];
    },

    /** The player whose confirmed email contact this is (any status: the caller decides). */
    async findPlayerByConfirmedEmail(email: string): Promise<bigint | undefined> {
      const [row] = await db
        .select({ id: playerContacts.playerId })
        .from(playerContacts)
        .where(
          and(
            eq(playerContacts.type, 'email'),
            eq(playerContacts.value, email),
            isNotNull(playerContacts.confirmedAt),
          ),
        )
        .limit(1);
      return row?.id;
    },

    // --- confirmation codes --------------------------------------------------------------------

    async upsertCode(contactId: bigint, codeHash: Buffer, expiresAt: Date, now: Date): Promise<void> {
      await db
        .insert(contactConfirmationCodes)
        .values({ contactId, codeHash, expiresAt, attempts: 0, sentAt: now })
        .onConflictDoUpdate({
          target: contactConfirmationCodes.contactId,
          set: { codeHash, expiresAt, attempts: 0, sentAt: now },
        });
    },

    async findCode(
      contactId: bigint,
    ): Promise<{ codeHash: Buffer; expiresAt: Date; attempts: number } | undefined> {
      const [row] = await db
        .select({
          codeHash: contactConfirmationCodes.codeHash,
          expiresAt: contactConfirmationCodes.expiresAt,
          attempts: contactConfirmationCodes.attempts,
        })
        .from(contactConfirmationCodes)
        .where(eq(contactConfirmationCodes.contactId, contactId))
        .limit(1);
      return row;
    },

    /**
     * Counts one wrong try if the code still has tries left; false when it has none (then the code is
     * spent and a new one must be sent). Atomic, so parallel guesses cannot exceed the limit.
     */
    async consumeCodeAttempt(contactId: bigint, maxAttempts: number): Promise<boolean> {
      const rows = await db
        .update(contactConfirmationCodes)
        .set({ attempts: sql`${contactConfirmationCodes.attempts} + 1` })
        .where(
          and(
            eq(contactConfirmationCodes.contactId, contactId),
            sql`${contactConfirmationCodes.attempts} < ${maxAttempts}`,
          ),
        )
        .returning({ attempts: contactConfirmationCodes.attempts });
      return rows.length > 0;
    },

    async deleteCode(contactId: bigint): Promise<boolean> {
      const rows = await db
        .delete(contactConfirmationCodes)
        .where(eq(contactConfirmationCodes.contactId, contactId))
        .returning({ contactId: contactConfirmationCodes.contactId });
      return rows.length > 0;
    },

    // --- password reset ------------------------------------------------------------------------

    async insertResetToken(playerId: bigint, tokenHash: Buffer, expiresAt: Date, now: Date): Promise<void> {
      await db.insert(passwordResetTokens).values({ tokenHash, playerId, expiresAt, createdAt: now });
    },

    /** Spends a token: its player, or why not (unknown or already used → invalid). */
    async consumeResetToken(
      tokenHash: Buffer,
      now: Date,
    ): Promise<{ playerId: bigint } | { problem: 'invalid' | 'expired' }> {
      const used = await db
        .update(passwordResetTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(passwordResetTokens.tokenHash, tokenHash),
            isNull(passwordResetTokens.usedAt),
            gt(passwordResetTokens.expiresAt, now),
          ),
        )
        .returning({ playerId: passwordResetTokens.playerId });
      if (used[0]) return { playerId: used[0].playerId };
      const [row] = await db
        .select({ usedAt: passwordResetTokens.usedAt })
        .from(passwordResetTokens)
        .where(eq(passwordResetTokens.tokenHash, tokenHash))
        .limit(1);
      return { problem: row && row.usedAt === null ? 'expired' : 'invalid' };
    },

    /** Every other outstanding link of the player dies with a completed reset or password change. */
    async expireResetTokens(playerId: bigint, now: Date): Promise<void> {
      await db
        .update(passwordResetTokens)
        .set({ usedAt: now })
        .where(and(eq(passwordResetTokens.playerId, playerId), isNull(passwordResetTokens.usedAt)));
    },

    // --- profile -------------------------------------------------------------------------------

    /**
     * Whether the player has a deposit the provider paid (read from the cashier's table, which
     * only the cashier writes): the registration hint stops once there is one.
     */
    async hasSucceededDeposit(playerId: bigint): Promise<boolean> {
      const rows = await db.execute<{ found: boolean }>(sql`
        SELECT EXISTS (
          SELECT 1 FROM cashier_transactions
          WHERE player_id = ${playerId} AND type = 'deposit' AND status = 'succeeded'
        ) AS found`);
      return rows.rows[0]?.found === true;
    },

    async findProfile(playerId: bigint): Promise<ProfileRecord | undefined> {
      const [row] = await db
        .select({
          firstName: playerProfiles.firstName,
          lastName: playerProfiles.lastName,
          sex: playerProfiles.sex,
          birthDate: playerProfiles.birthDate,
          country: playerProfiles.country,
          region: playerProfiles.region,
          homeTown: playerProfiles.homeTown,
          address: playerProfiles.address,
          postcode: playerProfiles.postcode,
        })
        .from(playerProfiles)
        .where(eq(playerProfiles.playerId, playerId))
        .limit(1);
      return row;
    },

    async upsertProfile(playerId: bigint, patch: ProfilePatch, now: Date): Promise<void> {
      if (Object.keys(patch).length === 0) return;
      await db
        .insert(playerProfiles)
        .values({ playerId, ...patch, updatedAt: now })
        .onConflictDoUpdate({ target: playerProfiles.playerId, set: { ...patch, updatedAt: now } });
    },

    async findDocument(playerId: bigint, type: string): Promise<string | undefined> {
      const [row] = await db
        .select({ number: playerDocuments.number })
        .from(playerDocuments)
        .where(and(eq(playerDocuments.playerId, playerId), eq(playerDocuments.type, type)))
        .limit(1);
      return row?.number;
    },

    async upsertDocument(playerId: bigint, type: string, number: string, now: Date): Promise<void> {
      await db
        .insert(playerDocuments)
        .values({ playerId, type, number, updatedAt: now })
        .onConflictDoUpdate({
          target: [playerDocuments.playerId, playerDocuments.type],
          set: { number, updatedAt: now },
        });
    },

    // --- identities ----------------------------------------------------------------------------

    async findIdentity(provider: string, subject: string): Promise<bigint | undefined> {
      const [row] = await db
        .select({ playerId: playerIdentities.playerId })
        .from(playerIdentities)
        .where(and(eq(playerIdentities.provider, provider), eq(playerIdentities.subject, subject)))
        .limit(1);
      return row?.playerId;
    },

    async insertIdentity(values: {
      provider: string;
      subject: string;
      playerId: bigint;
      email: string | null;
      username: string | null;
      createdAt: Date;
    }): Promise<void> {
      await db.insert(playerIdentities).values(values);
    },

    // --- currency rates ------------------------------------------------------------------------

    /**
     * Rates between every two of `codes`, computed in SQL numeric (exact decimals) from each code's
     * rate against a common base; a pair missing from the table is left out.
     */
    async crossRates(codes: string[], base: string): Promise<{ from: string; to: string; rate: string }[]> {
      if (codes.length === 0) return [];
      const known = await db
        .select({ quote: currencyRates.quote, rate: currencyRates.rate })
        .from(currencyRates)
        .where(and(eq(currencyRates.base, base), inArray(currencyRates.quote, codes)));
      const list = [{ quote: base, rate: '1' }, ...known.filter((row) => row.quote !== base)];
      if (list.length < 2) return [];
      const values = sql.join(
        list.map((row) => sql`(${row.quote}::text, ${row.rate}::numeric)`),
        sql`, `,
      );
      const result = await db.execute<{ from: string; to: string; rate: string }>(sql`
        WITH r(code, rate) AS (VALUES ${values})
        SELECT a.code AS "from", b.code AS "to",
               trim_scale(round(b.rate / a.rate, 8))::text AS rate
        FROM r a CROSS JOIN r b
        WHERE a.code <> b.code
        ORDER BY a.code, b.code`);
      return result.rows;
    },

    async insertRateIfMissing(base: string, quote: string, rate: string, now: Date): Promise<void> {
      await db.insert(currencyRates).values({ base, quote, rate, updatedAt: now }).onConflictDoNothing();
    },
  };
}

export type AccountsRepository = ReturnType<typeof createAccountsQueries>;

export function createAccountsRepository(db: Db) {
  return {
    ...createAccountsQueries(db),
    /** Runs `work` in one transaction with the queries bound to it (and the raw handle for the outbox). */
    async transaction<T>(work: (repo: AccountsRepository, tx: Tx) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => work(createAccountsQueries(tx), tx));
    },
  };
}
