// @vitest-environment happy-dom
import type { ChatSettings } from '@croupier/contract/support/chat-settings';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { freshChatEvent, isChatHiddenPath, loadChat, prepareChat, teardownChat } from './chat-loader.ts';

const empty = { id: null, license: null, src: null, widget_id: null, lang: null };
type Win = Window & Record<string, unknown>;

function fakeWindow(): Win {
  return {} as Win;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('chat loader', () => {
  it('hides the badge on game routes only', () => {
    expect(isChatHiddenPath('/game/book-of-ra')).toBe(true);
    expect(isChatHiddenPath('/fr/game/book-of-ra')).toBe(true);
    expect(isChatHiddenPath('/gamehall')).toBe(false);
    expect(isChatHiddenPath('/support')).toBe(false);
  });

  it('gives LiveChat its license and the player identity, a guest none', () => {
    const settings: ChatSettings = { chat: 'liveChat', config: { ...empty, license: '42' } };
    const player = fakeWindow();
    prepareChat(settings, { uid: 7, login: 'ann@example.com' }, player, () => {});
    expect(player.__lc).toEqual({
      license: 42,
      visitor: { name: 'ann@example.com', email: 'ann@example.com' },
      params: [{ name: 'uid', value: '7' }],
    });
    const guest = fakeWindow();
    prepareChat(settings, null, guest, () => {});
    expect(guest.__lc).toEqual({ license: 42, params: [] });
  });

  it('starts FreshChat with token, host and identity, and reports only a player’s messages', () => {
    const settings: ChatSettings = {
      chat: 'freshChat',
      config: { ...empty, id: 'tok', src: 'https://eu.freshchat.com/js/widget.js', lang: 'fr' },
    };
    const handlers = new Map<string, (payload: unknown) => void>();
    const widget = {
      init: vi.fn(),
      on: (name: string, handler: (p: unknown) => void) => handlers.set(name, handler),
    };
    const win = fakeWindow();
    win.fcWidget = widget;
    const events: unknown[] = [];
    prepareChat(settings, { uid: 9, login: '+33600000000' }, win, (event) => events.push(event))();
    expect(widget.init).toHaveBeenCalledWith({
      token: 'tok',
      host: 'https://eu.freshchat.com',
      locale: 'fr',
      externalId: '9',
    });
    handlers.get('message:sent')?.({
      data: { message: { channelId: 3, conversationId: 'c1', messageParts: [{ text: { content: 'hi' } }] } },
    });
    expect(events).toEqual([{ channel_id: '3', conversation_id: 'c1', text: 'hi', event: 'sent' }]);

    const guestHandlers = new Map<string, unknown>();
    const guestWin = fakeWindow();
    guestWin.fcWidget = { init: vi.fn(), on: (name: string, h: unknown) => guestHandlers.set(name, h) };
    prepareChat(settings, null, guestWin, () => {})();
    expect(guestHandlers.size).toBe(0);
  });

  it('ignores FreshChat payloads that are not messages', () => {
    expect(freshChatEvent(null, 'sent')).toBeNull();
    expect(freshChatEvent({ data: { message: { text: 'x' } } }, 'received')).toBeNull();
  });

  it('appends the provider script and rejects (for the log) when it fails to load', async () => {
    const settings: ChatSettings = { chat: 'jivoSite', config: { ...empty, widget_id: 'W1' } };
    const pending = loadChat(settings, null, fakeWindow(), document, () => {});
    const script = document.querySelector<HTMLScriptElement>('script[data-live-chat]');
    expect(script?.src).toBe('https://code.jivosite.com/widget/W1');
    script?.dispatchEvent(new Event('error'));
    await expect(pending).rejects.toThrow('chat script failed to load');
    teardownChat(settings, fakeWindow(), document);
    expect(document.querySelector('script[data-live-chat]')).toBeNull();
  });

  it('loads nothing without a chat', async () => {
    await expect(
      loadChat({ chat: null, config: empty }, null, fakeWindow(), document, () => {}),
    ).resolves.toBe(false);
    expect(document.querySelector('script')).toBeNull();
  });
});
