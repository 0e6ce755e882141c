import { z } from 'zod';

/** The live-chat provider kinds of spec §3; `comm100` is known but takes no action. */
export const CHAT_PROVIDERS = [
  'live_tex',
  'freshChat',
  'liveChat',
  'verbox',
  'betunlim',
  'jivoSite',
  'comm100',
] as const;
export const chatProvider = z.enum(CHAT_PROVIDERS);
export type ChatProvider = z.infer<typeof chatProvider>;

/** Per-provider configuration (spec §3): each provider reads the fields it needs. */
export const chatConfig = z.object({
  id: z.string().nullable(),
  license: z.string().nullable(),
  src: z.string().nullable(),
  widget_id: z.string().nullable(),
  lang: z.string().nullable(),
});
export type ChatConfig = z.infer<typeof chatConfig>;

/** The operator's chat: a provider and its configuration, or `chat: null` for no live chat. */
export const chatSettings = z.object({
  chat: chatProvider.nullable(),
  config: chatConfig,
});
export type ChatSettings = z.infer<typeof chatSettings>;
