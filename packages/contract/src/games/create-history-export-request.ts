import { z } from 'zod';
import { defineMethod } from '../method.ts';
import { HISTORY_EXPORT_STATUSES, isoDateParam } from './history-export.ts';

/**
 * Asks for a CSV of the player's rounds (created between `from` and `to` when given), built in the
 * background. At most one pending per player: asking again answers the pending one.
 * `from` after `to`: InvalidParameterException.
 */
export const gamesCreateHistoryExportRequest = defineMethod({
  name: 'games.createhistoryexportrequest',
  http: 'POST',
  access: 'player',
  input: z.object({ from: isoDateParam.optional(), to: isoDateParam.optional() }).strict(),
  output: z.object({ id: z.number().int(), status: z.enum(HISTORY_EXPORT_STATUSES) }),
});
