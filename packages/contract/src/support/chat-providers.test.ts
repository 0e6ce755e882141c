import { describe, expect, it } from 'vitest';
import { chatCspSources, chatScriptUrl, missingChatFields } from './chat-providers.ts';
import type { ChatSettings } from './chat-settings.ts';

const empty = { id: null, license: null, src: null, widget_id: null, lang: null };
const settings = (
  chat: ChatSettings['chat'],
  config: Partial<ChatSettings['config']> = {},
): ChatSettings => ({
  chat,
  config: { ...empty, ...config },
});

describe('chat providers', () => {
  it('loads nothing and allows nothing without a chat or for comm100', () => {
    for (const chat of [null, 'comm100'] as const) {
      expect(chatScriptUrl(settings(chat, { src: 'https://x.example/a.js' }))).toBeNull();
      expect(chatCspSources(settings(chat, { src: 'https://x.example/a.js' }))).toEqual([]);
    }
  });

  it('names the fields a provider needs', () => {
    expect(missingChatFields('liveChat', empty)).toEqual(['license']);
    expect(missingChatFields('jivoSite', empty)).toEqual(['widget_id']);
    expect(missingChatFields('betunlim', empty)).toEqual(['src']);
    expect(missingChatFields('freshChat', { ...empty, id: 'token' })).toEqual([]);
    expect(chatScriptUrl(settings('jivoSite'))).toBeNull();
  });

  it('builds each script address with its parameters, escaped', () => {
    expect(chatScriptUrl(settings('jivoSite', { widget_id: 'a/b?c' }))).toBe(
      'https://code.jivosite.com/widget/a%2Fb%3Fc',
    );
    expect(chatScriptUrl(settings('verbox', { id: 'h1' }))).toBe(
      'https://admin.verbox.ru/support/support.js?h=h1',
    );
    expect(chatScriptUrl(settings('liveChat', { license: '123' }))).toBe(
      'https://cdn.livechatinc.com/tracking.js',
    );
    expect(chatScriptUrl(settings('betunlim', { src: 'https://chat.betunlim.example/w.js' }))).toBe(
      'https://chat.betunlim.example/w.js',
    );
  });

  it('never loads a script over http or another scheme', () => {
    expect(chatScriptUrl(settings('betunlim', { src: 'http://chat.example/w.js' }))).toBeNull();
    expect(chatScriptUrl(settings('betunlim', { src: 'javascript:alert(1)' }))).toBeNull();
    // A provider with its own default keeps it when the override is unusable.
    expect(chatScriptUrl(settings('liveChat', { license: '1', src: 'data:text/javascript,1' }))).toBe(
      'https://cdn.livechatinc.com/tracking.js',
    );
  });

  it('allows exactly the provider hosts and the custom script host', () => {
    expect(chatCspSources(settings('liveChat', { license: '1' }))).toEqual([
      'https://*.livechatinc.com',
      'wss://*.livechatinc.com',
      'https://*.livechat.com',
      'wss://*.livechat.com',
      'https://cdn.livechatinc.com',
      'wss://cdn.livechatinc.com',
    ]);
    expect(chatCspSources(settings('betunlim', { src: 'https://chat.betunlim.example/w.js' }))).toEqual([
      'https://chat.betunlim.example',
      'wss://chat.betunlim.example',
    ]);
  });
});
