import { eventsHandle } from '@croupier/contract/events/handle';
import { bindMethod } from '../../http/method-binding.ts';

/** Events per IP per minute: an analytics sink must not become a way to fill the database. */
const EVENTS_PER_MINUTE = 120;

export const eventsMethods = [
  bindMethod(eventsHandle, async (input, ctx) => {
    await ctx.rateLimit(`events:${ctx.ip}`, EVENTS_PER_MINUTE, 60);
    return ctx.services.events.record({
      playerId: ctx.player?.id ?? null,
      name: input.event_name,
      params: input.event_params,
      ip: ctx.ip,
    });
  }),
];
