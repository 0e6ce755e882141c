import { STORAGE_MAX_KEYS_PER_PLAYER } from '@croupier/contract/storage/storage-key';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { createStorageRepository } from './storage.repository.ts';

/** Per-player key/value storage; a player only ever reaches their own keys (playerId from the session). */
export function createStorageService(deps: Pick<Deps, 'db'>) {
  const repository = createStorageRepository(deps.db);
  return {
    async get(playerId: bigint, keys: string[]): Promise<Record<string, string>> {
      const rows = await repository.findValues(playerId, [...new Set(keys)]);
      return Object.fromEntries(rows.map((row) => [row.key, row.value]));
    },

    async getKeys(playerId: bigint): Promise<string[]> {
      return repository.findKeys(playerId);
    },

    async set(playerId: bigint, key: string, value: string): Promise<1> {
      const stored = await repository.upsertWithinQuota(playerId, key, value, STORAGE_MAX_KEYS_PER_PLAYER);
      if (!stored) {
        throw new AppError('StorageQuotaExceededException', { values: { max: STORAGE_MAX_KEYS_PER_PLAYER } });
      }
      return 1;
    },
  };
}

export type StorageService = ReturnType<typeof createStorageService>;
