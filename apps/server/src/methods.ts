/** Every bound API method; the dispatcher refuses to start if a contract method is missing here. */
import type { BoundMethod } from './http/method-binding.ts';
import { accountsMethods } from './modules/accounts/accounts.methods.ts';
import { authMethods } from './modules/auth/auth.methods.ts';
import { cashierMethods } from './modules/cashier/cashier.methods.ts';
import { bannersMethods } from './modules/cms/banners.methods.ts';
import { eventsMethods } from './modules/events/events.methods.ts';
import { gamesMethods } from './modules/games/games.methods.ts';
import { metadataMethods } from './modules/metadata/metadata.methods.ts';
import { storageMethods } from './modules/storage/storage.methods.ts';

export const boundMethods: BoundMethod[] = [
  ...metadataMethods,
  ...storageMethods,
  ...eventsMethods,
  ...bannersMethods,
  ...authMethods,
  ...accountsMethods,
  ...cashierMethods,
  ...gamesMethods,
];
