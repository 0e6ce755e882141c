/**
 * The accounts module's answers to staff (the back office's players desk, issue #18): search by id,
 * login, email or phone; one player's account as support sees it; lifting a ban. Access checks are
 * the back-office service's (its permissions), made before any of these runs.
 */
import type { Deps } from '../../deps.ts';
import type { SessionService } from '../auth/session.service.ts';
import type {
  createAccountsRepository,
  StaffPlayerAccount,
  StaffPlayerSummary,
} from './accounts.repository.ts';

type AccountsRepository = ReturnType<typeof createAccountsRepository>;

export function createStaffView({
  deps,
  repository,
  sessions,
}: {
  deps: Pick<Deps, 'now'>;
  repository: AccountsRepository;
  sessions: SessionService;
}) {
  return {
    /**
     * Players whose id is `query` (digits), or whose login or an email or phone contact starts with
     * it (case-insensitive), newest first.
     */
    async staffSearch(query: string, page: { offset: number; count: number }): Promise<StaffPlayerSummary[]> {
      return repository.staffSearch(query.trim(), page);
    },

    /** One player's account for staff; null when there is no such player. */
    async staffAccount(playerId: bigint): Promise<StaffPlayerAccount | null> {
      return repository.staffAccount(playerId);
    },

    /** Lifts a ban (only a banned player becomes active again; a deleted one stays deleted). */
    async unban(playerId: bigint): Promise<boolean> {
      return repository.setStatusFrom(playerId, 'banned', 'active', deps.now());
    },

    /** The player's live sessions, most recently seen first: when and from where, never their ids. */
    liveSessions(playerId: bigint, limit: number) {
      return sessions.liveSessions(playerId, limit);
    },

    /** Ends every session of the player (they sign in again); answers how many ended. */
    endSessions(playerId: bigint): Promise<number> {
      return sessions.revokeAllForPlayer(playerId, 'logout');
    },
  };
}
