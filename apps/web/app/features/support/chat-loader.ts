/**
 * The live-chat loader (spec §2, §4, §9): the chosen provider's script, loaded on demand with its
 * parameters and, where the provider supports it, the player's identity. Everything here runs in
 * the browser only; a failure is logged and never breaks the page (spec §7 "Chat load failures are
 * logged only").
 */

import { chatScriptUrl } from '@croupier/contract/support/chat-providers';
import type { ChatSettings } from '@croupier/contract/support/chat-settings';

/** Who the chat talks to: a signed-in player's id and login, or a guest (null). */
export interface ChatIdentity {
  uid: number;
  login: string;
}

/** Chat messages a FreshChat widget reports, stored for players only (FreshChat.storeChatEvent). */
export interface ChatEvent {
  channel_id: string;
  conversation_id: string;
  text: string;
  event: 'sent' | 'received';
}

/** The widget containers each provider draws (live-chat.css hides them on game routes, raises them on mobile). */
export const CHAT_WIDGET_SELECTORS = [
  '[id^="jivo"]',
  '#chat-widget-container',
  '#fc_frame',
  '#lt-widget',
  '#supportTrigger',
  '#betunlim-chat',
] as const;

/** Spec §9: the chat badge sits this far above the bottom on mobile (above the bottom menu). */
export const CHAT_MOBILE_OFFSET = '5rem';

/** Spec §2: the chat badge is hidden on game routes. */
export function isChatHiddenPath(pathname: string): boolean {
  return /(^|\/)game(\/|$)/.test(pathname);
}

type ChatWindow = Window & Record<string, unknown>;

interface FreshChatWidget {
  init(options: Record<string, unknown>): void;
  destroy?(): void;
  on?(event: string, handler: (payload: unknown) => void): void;
}

/** Reads a FreshChat message callback's payload into a chat event, or null if it is not one. */
export function freshChatEvent(payload: unknown, event: 'sent' | 'received'): ChatEvent | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const data = (payload as { data?: unknown }).data ?? payload;
  if (typeof data !== 'object' || data === null) return null;
  const message =
    (data as { message?: Record<string, unknown> }).message ?? (data as Record<string, unknown>);
  const channel = message.channelId ?? message.channel_id;
  const conversation = message.conversationId ?? message.conversation_id;
  const parts = message.messageParts ?? message.message_parts;
  let text = typeof message.text === 'string' ? message.text : '';
  if (!text && Array.isArray(parts)) {
    text = parts
      .map((part) => (part as { text?: { content?: unknown } }).text?.content)
      .filter((content): content is string => typeof content === 'string')
      .join('\n');
  }
  if (channel === undefined || conversation === undefined) return null;
  return {
    channel_id: String(channel),
    conversation_id: String(conversation),
    text: text.slice(0, 10_000),
    event,
  };
}

/**
 * Sets the globals a provider reads before its script runs (identity included where supported) and
 * returns what to do once the script has loaded.
 */
export function prepareChat(
  settings: ChatSettings,
  identity: ChatIdentity | null,
  win: ChatWindow,
  onEvent: (event: ChatEvent) => void,
): () => void {
  const { config } = settings;
  switch (settings.chat) {
    case 'live_tex':
      win.liveTex = true;
      win.liveTexID = Number(config.id);
      win.liveTex_object = true;
      if (identity) win.LiveTex = { ...(win.LiveTex as object | undefined), userId: String(identity.uid) };
      return () => {};
    case 'liveChat':
      win.__lc = {
        license: Number(config.license),
        ...(identity
          ? {
              visitor: {
                name: identity.login,
                email: identity.login.includes('@') ? identity.login : undefined,
              },
            }
          : {}),
        params: identity ? [{ name: 'uid', value: String(identity.uid) }] : [],
      };
      return () => {};
    case 'verbox':
      win.supportAPIMethod = 'SupportAPI';
      return () => {};
    case 'jivoSite':
      win.jivo_onLoadCallback = () => {
        const api = win.jivo_api as { setContactInfo?(info: Record<string, string>): void } | undefined;
        if (identity && api?.setContactInfo) {
          api.setContactInfo(
            identity.login.includes('@')
              ? { name: identity.login, email: identity.login }
              : { name: identity.login },
          );
        }
      };
      return () => {};
    case 'freshChat':
      return () => {
        const widget = win.fcWidget as FreshChatWidget | undefined;
        if (!widget) throw new Error('FreshChat script loaded without fcWidget');
        widget.init({
          token: config.id,
          host: config.src ? new URL(config.src).origin : 'https://wchat.freshchat.com',
          ...(config.lang ? { locale: config.lang } : {}),
          ...(identity ? { externalId: String(identity.uid) } : {}),
        });
        // Guests' chat events are not stored (spec §4): only a player's are reported.
        if (identity && widget.on) {
          widget.on('message:sent', (payload) => {
            const event = freshChatEvent(payload, 'sent');
            if (event) onEvent(event);
          });
          widget.on('message:received', (payload) => {
            const event = freshChatEvent(payload, 'received');
            if (event) onEvent(event);
          });
        }
      };
    default:
      return () => {};
  }
}

/** Removes a loaded chat (before a reload with a new identity): the widget's own teardown, then its script. */
export function teardownChat(settings: ChatSettings, win: ChatWindow, doc: Document): void {
  try {
    if (settings.chat === 'freshChat') (win.fcWidget as FreshChatWidget | undefined)?.destroy?.();
    if (settings.chat === 'liveChat') {
      (win.LiveChatWidget as { call?(method: string): void } | undefined)?.call?.('destroy');
    }
  } finally {
    for (const node of doc.querySelectorAll('script[data-live-chat]')) node.remove();
    for (const selector of CHAT_WIDGET_SELECTORS)
      for (const node of doc.querySelectorAll(selector)) node.remove();
  }
}

/**
 * Loads the chat's script (with its globals set first). Resolves when the widget is started;
 * rejects on a load failure, which the caller logs.
 */
export function loadChat(
  settings: ChatSettings,
  identity: ChatIdentity | null,
  win: ChatWindow,
  doc: Document,
  onEvent: (event: ChatEvent) => void,
): Promise<boolean> {
  const src = chatScriptUrl(settings);
  if (src === null) return Promise.resolve(false);
  const started = prepareChat(settings, identity, win, onEvent);
  return new Promise((resolve, reject) => {
    const script = doc.createElement('script');
    script.src = src;
    script.async = true;
    script.dataset.liveChat = settings.chat ?? '';
    script.addEventListener('load', () => {
      try {
        started();
        resolve(true);
      } catch (error) {
        reject(error);
      }
    });
    script.addEventListener('error', () => reject(new Error(`chat script failed to load: ${src}`)));
    doc.body.appendChild(script);
  });
}
