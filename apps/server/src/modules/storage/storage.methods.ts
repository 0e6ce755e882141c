import { storageGet } from '@croupier/contract/storage/get';
import { storageGetKeys } from '@croupier/contract/storage/get-keys';
import { storageSet } from '@croupier/contract/storage/set';
import { type BoundMethod, bindMethod } from '../../lib/method-binding.ts';
import type { StorageService } from './storage.service.ts';

/** The handlers, given the services they call (never the whole container: ADR 018). */
export function storageMethods(deps: { storage: StorageService }): BoundMethod[] {
  const { storage } = deps;
  return [
    bindMethod(storageGet, (input, ctx) => storage.get(ctx.requirePlayer().id, input.keys)),
    bindMethod(storageGetKeys, (_input, ctx) => storage.getKeys(ctx.requirePlayer().id)),
    bindMethod(storageSet, (input, ctx) => storage.set(ctx.requirePlayer().id, input.key, input.value)),
  ];
}
