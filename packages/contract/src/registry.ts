/**
 * Every player API method, as data. The server binds one handler to each entry (a missing handler
 * fails at boot); tests walk this list to fuzz every method.
 */
import { bannersGet } from './banners/get.ts';
import { eventsHandle } from './events/handle.ts';
import { getMetadata } from './metadata/get.ts';
import { getGeneralInfo } from './metadata/get-general-info.ts';
import type { MethodContract } from './method.ts';
import { storageGet } from './storage/get.ts';
import { storageGetKeys } from './storage/get-keys.ts';
import { storageSet } from './storage/set.ts';

export const methods = {
  [getGeneralInfo.name]: getGeneralInfo,
  [getMetadata.name]: getMetadata,
  [storageGet.name]: storageGet,
  [storageGetKeys.name]: storageGetKeys,
  [storageSet.name]: storageSet,
  [eventsHandle.name]: eventsHandle,
  [bannersGet.name]: bannersGet,
} as const satisfies Record<string, MethodContract>;

export type MethodName = keyof typeof methods;
export type MethodsMap = typeof methods;

/** `account.getInfo` and `account.getinfo` name one method. */
export function methodKey(name: string): string {
  return name.toLowerCase();
}

const byKey = new Map<string, MethodContract>(Object.values(methods).map((m) => [methodKey(m.name), m]));

export function findMethod(name: string): MethodContract | undefined {
  return byKey.get(methodKey(name));
}
