import type { Deps } from '../../deps.ts';
import { createEventsRepository } from './events.repository.ts';

/** Client analytics events: appended, never read back by players. */
export function createEventsService(deps: Pick<Deps, 'db'>) {
  const repository = createEventsRepository(deps.db);
  return {
    async record(event: {
      playerId: bigint | null;
      name: string;
      params: Record<string, string | number | boolean | null> | undefined;
      ip: string | null;
    }): Promise<1> {
      await repository.insert({ ...event, params: event.params ?? {} });
      return 1;
    },
  };
}

export type EventsService = ReturnType<typeof createEventsService>;
