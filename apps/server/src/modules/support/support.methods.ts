import { supportGetSettings } from '@croupier/contract/support/get-settings';
import { noticesGet, noticesMarkRead } from '@croupier/contract/support/notices';
import { supportSendFeedback } from '@croupier/contract/support/send-feedback';
import { freshChatStoreChatEvent } from '@croupier/contract/support/store-chat-event';
import { type BoundMethod, bindMethod } from '../../lib/method-binding.ts';
import type { SupportService } from './support.service.ts';

/** Feedback per IP and per player: a handful an hour is plenty for a person, a flood is refused. */
export const FEEDBACK_PER_HOUR = 5;
/** Chat events per player per minute (a busy conversation stays far below). */
export const CHAT_EVENTS_PER_MINUTE = 60;

/** The handlers, given the services they call (never the whole container: ADR 018). */
export function supportMethods(deps: { support: SupportService }): BoundMethod[] {
  const { support } = deps;
  return [
    bindMethod(supportGetSettings, () => support.chatSettings()),
    bindMethod(supportSendFeedback, async (input, ctx) => {
      await ctx.rateLimit(`feedback:ip:${ctx.ip}`, FEEDBACK_PER_HOUR, 3600);
      if (ctx.player) await ctx.rateLimit(`feedback:player:${ctx.player.id}`, FEEDBACK_PER_HOUR, 3600);
      return support.sendFeedback({
        playerId: ctx.player?.id ?? null,
        category: input.category,
        subject: input.subject,
        message: input.message,
        email: input.email,
        locale: ctx.locale,
        ip: ctx.ip,
      });
    }),
    bindMethod(noticesGet, (_input, ctx) => support.notices(ctx.requirePlayer().id)),
    bindMethod(noticesMarkRead, (input, ctx) => support.markNoticesRead(ctx.requirePlayer().id, input.ids)),
    bindMethod(freshChatStoreChatEvent, async (input, ctx) => {
      const player = ctx.requirePlayer();
      await ctx.rateLimit(`chat-event:${player.id}`, CHAT_EVENTS_PER_MINUTE, 60);
      return support.storeChatEvent(player.id, {
        channelId: input.channel_id,
        conversationId: input.conversation_id,
        text: input.text,
        event: input.event,
      });
    }),
  ];
}
