/**
 * Where each live-chat provider's script comes from and which origins its widget talks to. Shared by
 * the server (the CSP allows exactly these origins) and the web (the loader fetches the script), so
 * the two never disagree. A configured `src` replaces the provider's default script address.
 */
import type { ChatConfig, ChatProvider, ChatSettings } from './chat-settings.ts';

interface ProviderSpec {
  /** Configuration fields the provider cannot work without. */
  required: (keyof ChatConfig)[];
  /** The script address from the configuration (null: the provider loads nothing). */
  script: (config: ChatConfig) => string | null;
  /** Hosts the widget loads from and connects to (https and wss are both allowed). */
  hosts: string[];
}

const PROVIDERS: Record<ChatProvider, ProviderSpec> = {
  live_tex: {
    required: ['id'],
    script: () => 'https://cs15.livetex.ru/js/client.js',
    hosts: ['*.livetex.ru'],
  },
  freshChat: {
    required: ['id'],
    script: () => 'https://wchat.freshchat.com/js/widget.js',
    hosts: ['*.freshchat.com', '*.freshworks.com'],
  },
  liveChat: {
    required: ['license'],
    script: () => 'https://cdn.livechatinc.com/tracking.js',
    hosts: ['*.livechatinc.com', '*.livechat.com'],
  },
  verbox: {
    required: ['id'],
    script: (config) => `https://admin.verbox.ru/support/support.js?h=${encodeURIComponent(config.id ?? '')}`,
    hosts: ['*.verbox.ru'],
  },
  betunlim: {
    required: ['src'],
    script: () => null,
    hosts: [],
  },
  jivoSite: {
    required: ['widget_id'],
    script: (config) => `https://code.jivosite.com/widget/${encodeURIComponent(config.widget_id ?? '')}`,
    hosts: ['*.jivosite.com', '*.jivo.ru'],
  },
  // Known kind without any action (spec §3): nothing is loaded, nothing allowed.
  comm100: { required: [], script: () => null, hosts: [] },
};

/** The configuration fields a provider is missing (empty when it can load). */
export function missingChatFields(provider: ChatProvider, config: ChatConfig): (keyof ChatConfig)[] {
  return PROVIDERS[provider].required.filter((field) => !config[field]);
}

/** An https address, or null for anything else (a chat script is never loaded over http or data:). */
function httpsUrl(value: string | null): URL | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** The script to load for these settings, or null when there is no chat or it takes no action. */
export function chatScriptUrl(settings: ChatSettings): string | null {
  if (settings.chat === null || settings.chat === 'comm100') return null;
  const spec = PROVIDERS[settings.chat];
  if (missingChatFields(settings.chat, settings.config).length > 0) return null;
  const custom = httpsUrl(settings.config.src);
  if (custom) return custom.href;
  return spec.script(settings.config);
}

/** The CSP sources the chosen chat needs (https and wss of each host); none without a chat. */
export function chatCspSources(settings: ChatSettings): string[] {
  const script = chatScriptUrl(settings);
  if (settings.chat === null || script === null) return [];
  const hosts = new Set(PROVIDERS[settings.chat].hosts);
  hosts.add(new URL(script).host);
  return [...hosts].flatMap((host) => [`https://${host}`, `wss://${host}`]);
}
