import type { Db } from '@croupier/db/client';
import { clientEvents } from './events.tables.ts';

export function createEventsRepository(db: Db) {
  return {
    async insert(values: {
      playerId: bigint | null;
      name: string;
      params: Record<string, string | number | boolean | null>;
      ip: string | null;
    }) {
      await db.insert(clientEvents).values(values);
    },
  };
}
