import { z } from 'zod';
import { defineMethod } from '../method.ts';
import { okOutput } from '../params.ts';

/** Ends the session (spec §7: a GET). A blocked player may log out too. */
export const authLogout = defineMethod({
  name: 'auth.logout',
  http: 'GET',
  access: 'guest',
  getChangesState: true,
  allowBlocked: true,
  input: z.object({}).strict(),
  output: okOutput,
});
