import { z } from 'zod';
import { defineMethod } from '../method.ts';
import { listParam } from '../params.ts';
import { storageKey } from './storage-key.ts';

export const storageGet = defineMethod({
  name: 'storage.get',
  http: 'GET',
  access: 'player',
  input: z.object({ keys: listParam(storageKey, 100).pipe(z.array(storageKey).min(1)) }).strict(),
  /** Only keys that have a value appear. */
  output: z.record(z.string(), z.string()),
});
