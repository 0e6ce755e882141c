import { eventsHandle } from '@croupier/contract/events/handle';
import { type BoundMethod, bindMethod } from '../../lib/method-binding.ts';
import type { EventsService } from './events.service.ts';

/** Events per IP per minute: an analytics sink must not become a way to fill the database. */
const EVENTS_PER_MINUTE = 120;

/** The handlers, given the services they call (never the whole container: ADR 018). */
export function eventsMethods(deps: { events: EventsService }): BoundMethod[] {
  const { events } = deps;
  return [
    bindMethod(eventsHandle, async (input, ctx) => {
      await ctx.rateLimit(`events:${ctx.ip}`, EVENTS_PER_MINUTE, 60);
      return events.record({
        playerId: ctx.player?.id ?? null,
        name: input.event_name,
        params: input.event_params,
        ip: ctx.ip,
      });
    }),
  ];
}
