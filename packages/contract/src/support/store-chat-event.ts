import { z } from 'zod';
import { defineMethod } from '../method.ts';
import { okOutput } from '../params.ts';

export const CHAT_EVENT_TEXT_MAX_CHARS = 10_000;
const chatId = z.string().trim().min(1).max(128);

/** A live-chat message the FreshChat widget reported (spec §3 chat event); players only (§4). */
export const freshChatStoreChatEvent = defineMethod({
  name: 'FreshChat.storeChatEvent',
  http: 'POST',
  access: 'player',
  input: z
    .object({
      channel_id: chatId,
      conversation_id: chatId,
      text: z.string().max(CHAT_EVENT_TEXT_MAX_CHARS),
      event: z.enum(['sent', 'received']),
    })
    .strict(),
  output: okOutput,
});
