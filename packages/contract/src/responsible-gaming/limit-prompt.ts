import { z } from 'zod';
import { defineMethod } from '../method.ts';
import { okOutput } from '../params.ts';

/**
 * The limit prompt (ADR 029): offered once, after registration or before the first deposit.
 * `due` while the player has never seen it.
 */
export const responsibleGamingGetLimitPrompt = defineMethod({
  name: 'responsibleGaming.getLimitPrompt',
  http: 'GET',
  access: 'player',
  input: z.object({}).strict(),
  output: z.object({ due: z.boolean() }),
});

/** The player saw the prompt: `set` (they set a limit from it) or `skipped`. It is not offered again. */
export const responsibleGamingAnswerLimitPrompt = defineMethod({
  name: 'responsibleGaming.answerLimitPrompt',
  http: 'POST',
  access: 'player',
  input: z.object({ answer: z.enum(['set', 'skipped']) }).strict(),
  output: okOutput,
});
