/**
 * The service container: one instance of each module's service, built once at boot. Handlers reach
 * services through `ctx.services`; modules reach each other only through these services.
 */
import type { Deps } from './deps.ts';
import { createSessionService } from './modules/auth/session.service.ts';
import { createCmsService } from './modules/cms/cms.service.ts';
import { createEventsService } from './modules/events/events.service.ts';
import { createMetadataService } from './modules/metadata/metadata.service.ts';
import { createStorageService } from './modules/storage/storage.service.ts';

export function createServices(deps: Deps) {
  return {
    sessions: createSessionService(deps),
    metadata: createMetadataService(deps),
    storage: createStorageService(deps),
    events: createEventsService(deps),
    cms: createCmsService(deps),
  };
}

export type Services = ReturnType<typeof createServices>;
