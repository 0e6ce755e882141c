/**
 * The back office's players desk (issue #18): search, one player's file (account, balances from the
 * ledger, cashier transactions, verification, exclusion, notes) and the staff actions on it — notes,
 * ban and unban, ending sessions, balance adjustments through a ledger transaction with a reason.
 *
 * Every call arrives through the back-office service's `act` (players.routes.ts), which has checked
 * the token, the permission and the second factor and writes the audit row; this desk reaches the
 * other modules only through the services handed to it.
 */
import type { Locale } from '@croupier/contract/locales';
import { formatMinor, minorUnitsPerMajor, parseMinor } from '@croupier/money/decimal';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import type { WalletService } from '../wallet/wallet.service.ts';
import { createBackofficeRepository } from './backoffice.repository.ts';
import type { BackofficeActor } from './backoffice.service.ts';

/** The largest adjustment one staff action may post, in major units of its currency. */
export const ADJUSTMENT_MAX_MAJOR = 10_000n;
export const NOTES_SHOWN = 50;
export const TRANSACTIONS_SHOWN = 20;
/** Bonuses, sports bets, game rounds and live sessions shown in the file: the latest of each. */
export const ACTIVITY_SHOWN = 10;

/** A player's account as the accounts module answers staff (accounts/staff-view.ts), as far as the desk reads it. */
export interface StaffPlayerAccount {
  status: string;
  currency: string | null;
}

export interface PlayersDeskCollaborators {
  accounts: {
    staffSearch(query: string, page: { offset: number; count: number }): Promise<unknown[]>;
    staffAccount(playerId: bigint): Promise<StaffPlayerAccount | null>;
    ban(playerId: bigint): Promise<boolean>;
    unban(playerId: bigint): Promise<boolean>;
    endSessions(playerId: bigint): Promise<number>;
    liveSessions(
      playerId: bigint,
      limit: number,
    ): Promise<
      { createdAt: Date; lastSeenAt: Date; expiresAt: Date; ip: string | null; userAgent: string | null }[]
    >;
    forcePasswordReset(playerId: bigint): Promise<{ emailed: boolean } | null>;
  };
  wallet: Pick<WalletService, 'exponentOf' | 'balances' | 'adjustBalance'>;
  /** The player's deposits and withdrawals, newest first (the cashier's history). */
  transactions(
    playerId: bigint,
    page: { offset: number; count: number },
  ): Promise<{ items: unknown[]; total: number }>;
  /** Where the player's identity verification stands. */
  verification(playerId: bigint): Promise<unknown>;
  /** The player's running time-out or self-exclusion, or null. */
  exclusion(playerId: bigint): Promise<unknown>;
  /** The player's latest bonuses, sports bets and game rounds, as the player's own pages list them. */
  bonuses(playerId: bigint, count: number, locale: Locale): Promise<{ items: unknown[]; total: number }>;
  bets(playerId: bigint, count: number, locale: Locale): Promise<{ items: unknown[]; total: number }>;
  rounds(playerId: bigint, count: number): Promise<{ items: unknown[]; total: number }>;
  /** The player's loss and wager limits (needs the account's currency). */
  limits(playerId: bigint, locale: Locale): Promise<unknown>;
}

function notFound(): AppError {
  return new AppError('MethodNotFoundException', { code: 'not_found', message: 'not_found' });
}

function statusChanged(): AppError {
  return new AppError('InvalidParameterException', { code: 'stale_version', message: 'stale_version' });
}

/** How the ledger and the cashier name the staff member (`id:username`). */
export function staffRef(actor: BackofficeActor): string {
  return `${actor.id}:${actor.username}`;
}

export function createPlayersDesk(deps: Pick<Deps, 'db' | 'now'>, collaborators: PlayersDeskCollaborators) {
  const repository = createBackofficeRepository(deps.db);
  const { accounts, wallet } = collaborators;

  async function account(playerId: bigint): Promise<StaffPlayerAccount> {
    const found = await accounts.staffAccount(playerId);
    if (!found) throw notFound();
    return found;
  }

  return {
    search(query: string, page: { offset: number; count: number }): Promise<unknown[]> {
      return accounts.staffSearch(query, page);
    },

    /**
     * The player's file as the desk shows it, texts (bonus names, markets) in the staff member's
     * language: account, balances, cashier transactions, verification, exclusion, limits, the latest
     * bonuses, sports bets and game rounds, live sessions (when and from where, never their ids),
     * notes.
     */
    async file(playerId: bigint, locale: Locale) {
      const found = await account(playerId);
      const [
        balances,
        transactions,
        verification,
        exclusion,
        notes,
        bonuses,
        bets,
        rounds,
        limits,
        sessions,
      ] = await Promise.all([
        found.currency ? wallet.balances(playerId, found.currency) : Promise.resolve(null),
        collaborators.transactions(playerId, { offset: 0, count: TRANSACTIONS_SHOWN }),
        collaborators.verification(playerId),
        collaborators.exclusion(playerId),
        repository.listNotes(playerId, NOTES_SHOWN),
        collaborators.bonuses(playerId, ACTIVITY_SHOWN, locale),
        collaborators.bets(playerId, ACTIVITY_SHOWN, locale),
        collaborators.rounds(playerId, ACTIVITY_SHOWN),
        found.currency ? collaborators.limits(playerId, locale) : Promise.resolve(null),
        accounts.liveSessions(playerId, ACTIVITY_SHOWN),
      ]);
      return {
        account: found,
        balances,
        transactions,
        verification,
        exclusion,
        limits,
        bonuses,
        bets,
        rounds,
        sessions: sessions.map((session) => ({
          created_at: session.createdAt.toISOString(),
          last_seen_at: session.lastSeenAt.toISOString(),
          expires_at: session.expiresAt.toISOString(),
          ip: session.ip,
          user_agent: session.userAgent,
        })),
        notes: notes.map((note) => ({
          id: Number(note.id),
          staff: note.staffUsername,
          body: note.body,
          created_at: note.createdAt.toISOString(),
        })),
      };
    },

    async addNote(actor: BackofficeActor, playerId: bigint, body: string) {
      await account(playerId);
      const note = await repository.insertNote({
        playerId,
        staffId: actor.id,
        staffUsername: actor.username,
        body,
        now: deps.now(),
      });
      return {
        id: Number(note.id),
        staff: note.staffUsername,
        body: note.body,
        created_at: note.createdAt.toISOString(),
      };
    },

    /** Bans an active player (every session ends); refuses, typed, when the status moved meanwhile. */
    async ban(playerId: bigint): Promise<{ before: string; after: string }> {
      const found = await account(playerId);
      if (found.status !== 'active') throw statusChanged();
      if (!(await accounts.ban(playerId))) throw notFound();
      return { before: found.status, after: 'banned' };
    },

    async unban(playerId: bigint): Promise<{ before: string; after: string }> {
      const found = await account(playerId);
      if (found.status !== 'banned' || !(await accounts.unban(playerId))) throw statusChanged();
      return { before: found.status, after: 'active' };
    },

    async endSessions(playerId: bigint): Promise<{ ended: number }> {
      await account(playerId);
      return { ended: await accounts.endSessions(playerId) };
    },

    /**
     * Forces a password reset: the password stops working, every session ends, a reset link goes
     * to the player's email. Refused, typed, for an unknown or deleted player.
     */
    async forcePasswordReset(playerId: bigint): Promise<{ emailed: boolean }> {
      const found = await account(playerId);
      if (found.status === 'deleted') throw statusChanged();
      const done = await accounts.forcePasswordReset(playerId);
      if (!done) throw notFound();
      return done;
    },

    /**
     * Posts `amount` (a signed decimal string in the player's currency) to the player's main
     * balance. Refused, typed, with nothing written: an unknown player, a player without a currency
     * or another currency, a zero or malformed amount, one above ADJUSTMENT_MAX_MAJOR, a debit the
     * balance does not cover. The same `idempotencyKey` posts once.
     */
    async adjustBalance(
      actor: BackofficeActor,
      playerId: bigint,
      input: { amount: string; currency: string; reason: string; idempotencyKey: string },
    ) {
      const found = await account(playerId);
      if (found.currency !== input.currency) {
        throw new AppError('InvalidParameterException', {
          code: 'validation',
          message: 'validation',
          fields: { currency: 'not_player_currency' },
        });
      }
      const exponent = await wallet.exponentOf(input.currency);
      const parsed = parseMinor(input.amount, exponent, { trailingZeros: true });
      if (!parsed.ok || parsed.amountMinor === 0n) {
        throw new AppError('InvalidParameterException', {
          code: 'invalid_amount',
          message: 'invalid_amount',
          fields: { amount: parsed.ok ? 'zero' : parsed.problem },
        });
      }
      const magnitude = parsed.amountMinor < 0n ? -parsed.amountMinor : parsed.amountMinor;
      if (magnitude > ADJUSTMENT_MAX_MAJOR * minorUnitsPerMajor(exponent)) {
        throw new AppError('InvalidParameterException', {
          code: 'amount_limit',
          message: 'amount_limit',
          fields: { amount: 'too_large' },
        });
      }
      const before = await wallet.balances(playerId, input.currency);
      const posted = await wallet.adjustBalance({
        playerId,
        currency: input.currency,
        amountMinor: parsed.amountMinor,
        idempotencyKey: input.idempotencyKey,
        staff: staffRef(actor),
        reason: input.reason,
      });
      const after = await wallet.balances(playerId, input.currency);
      return {
        result: {
          transaction_id: posted.transactionId.toString(),
          replayed: posted.replayed,
          amount: formatMinor(parsed.amountMinor, exponent),
          currency: input.currency,
          balance_main: after.balance_main,
        },
        before: { balance_main: before.balance_main },
        after: { balance_main: after.balance_main },
      };
    },
  };
}

export type PlayersDesk = ReturnType<typeof createPlayersDesk>;
