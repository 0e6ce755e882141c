import { storageGet } from '@croupier/contract/storage/get';
import { storageGetKeys } from '@croupier/contract/storage/get-keys';
import { storageSet } from '@croupier/contract/storage/set';
import { bindMethod } from '../../http/method-binding.ts';

export const storageMethods = [
  bindMethod(storageGet, (input, ctx) => ctx.services.storage.get(ctx.requirePlayer().id, input.keys)),
  bindMethod(storageGetKeys, (_input, ctx) => ctx.services.storage.getKeys(ctx.requirePlayer().id)),
  bindMethod(storageSet, (input, ctx) =>
    ctx.services.storage.set(ctx.requirePlayer().id, input.key, input.value),
  ),
];
