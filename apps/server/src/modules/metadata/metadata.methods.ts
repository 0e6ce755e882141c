import { API_VERSION } from '@croupier/contract/client';
import { getMetadata } from '@croupier/contract/metadata/get';
import { getGeneralInfo } from '@croupier/contract/metadata/get-general-info';
import { bindMethod } from '../../http/method-binding.ts';

export const metadataMethods = [
  bindMethod(getGeneralInfo, (_input, ctx) => ctx.services.metadata.generalInfo()),
  bindMethod(getMetadata, (_input, ctx) => ctx.services.metadata.metadata(API_VERSION)),
];
