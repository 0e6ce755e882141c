import { z } from 'zod';
import { defineMethod } from '../method.ts';

export const storageGetKeys = defineMethod({
  name: 'storage.getKeys',
  http: 'GET',
  access: 'player',
  input: z.object({}).strict(),
  output: z.array(z.string()),
});
