import { z } from 'zod';
import { defineMethod } from '../method.ts';
import { okOutput } from '../params.ts';
import { STORAGE_MAX_VALUE_CHARS, storageKey } from './storage-key.ts';

export const storageSet = defineMethod({
  name: 'storage.set',
  http: 'POST',
  access: 'player',
  input: z.object({ key: storageKey, value: z.string().max(STORAGE_MAX_VALUE_CHARS) }).strict(),
  output: okOutput,
});
