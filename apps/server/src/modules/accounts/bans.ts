/**
 * Bans and deletion: the player's status changes and every session of theirs ends.
 */
import type { Deps } from '../../deps.ts';
import type { SessionService } from '../auth/session.service.ts';
import type { createAccountsRepository } from './accounts.repository.ts';

type AccountsRepository = ReturnType<typeof createAccountsRepository>;

export interface BansContext {
  deps: Pick<Deps, 'now'>;
  repository: AccountsRepository;
  sessions: SessionService;
}

export function createBans({ deps, repository, sessions }: BansContext) {
  return {
    /** Bans a player: every session ends; later calls and logins answer UserBannedException. */
    async ban(playerId: bigint): Promise<boolean> {
      const changed = await repository.setStatus(playerId, 'banned', deps.now());
      if (changed) await sessions.revokeAllForPlayer(playerId, 'ban');
      return changed;
    },

    /** Marks a player deleted: every session ends; logins answer UserDeletedException. */
    async delete(playerId: bigint): Promise<boolean> {
      const changed = await repository.setStatus(playerId, 'deleted', deps.now());
      if (changed) await sessions.revokeAllForPlayer(playerId, 'deleted');
      return changed;
    },
  };
}
