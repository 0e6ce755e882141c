import { z } from 'zod';
import { defineMethod } from '../method.ts';
import { intParam } from '../params.ts';
import { historyExportOutput } from './history-export.ts';

/**
 * One of the player's export requests (the latest when `id` is absent). None, or someone else's
 * id: InvalidParameterException (id).
 */
export const gamesGetHistoryExportRequest = defineMethod({
  name: 'games.gethistoryexportrequest',
  http: 'GET',
  access: 'player',
  input: z.object({ id: intParam().pipe(z.number().int().min(1)).optional() }).strict(),
  output: historyExportOutput,
});
