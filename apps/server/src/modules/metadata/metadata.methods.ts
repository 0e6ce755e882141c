import { API_VERSION } from '@croupier/contract/client';
import { getMetadata } from '@croupier/contract/metadata/get';
import { getGeneralInfo } from '@croupier/contract/metadata/get-general-info';
import { type BoundMethod, bindMethod } from '../../lib/method-binding.ts';
import type { MetadataService } from './metadata.service.ts';

/** The handlers, given the services they call (never the whole container: ADR 018). */
export function metadataMethods(deps: { metadata: MetadataService }): BoundMethod[] {
  const { metadata } = deps;
  return [
    bindMethod(getGeneralInfo, (_input, _ctx) => metadata.generalInfo()),
    bindMethod(getMetadata, (_input, _ctx) => metadata.metadata(API_VERSION)),
  ];
}
