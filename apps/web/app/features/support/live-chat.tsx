/**
 * The live chat on every page (mounted once by the root): settings fetched once in the browser, the
 * provider's script loaded on demand, reloaded with the player's identity after login, registration
 * and logout (spec §4), its badge hidden on game routes (spec §2). Renders nothing itself.
 */
import type { ChatSettings } from '@croupier/contract/support/chat-settings';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { createBrowserApi } from '../../lib/browser-api.ts';
import { usePageLocale } from '../../lib/use-root-data.ts';
import { type ChatIdentity, isChatHiddenPath, loadChat, teardownChat } from './chat-loader.ts';
import './live-chat.css';

export function LiveChat({ identity }: { identity: ChatIdentity | null }) {
  const locale = usePageLocale();
  const { pathname } = useLocation();
  const api = useMemo(() => createBrowserApi(locale), [locale]);
  const [settings, setSettings] = useState<ChatSettings | null>(null);
  const loaded = useRef(false);
  const uid = identity?.uid ?? null;
  const login = identity?.login ?? null;

  useEffect(() => {
    let active = true;
    api
      .call('support.getsettings', {})
      .then((value) => {
        if (active) setSettings(value);
      })
      .catch((error: unknown) => console.error('live chat settings failed to load', error));
    return () => {
      active = false;
    };
    // Once per page (and language): the operator's chat does not change while the page is open.
  }, [api]);

  // Load, and reload whenever the visitor becomes someone else (login, registration, logout).
  useEffect(() => {
    if (!settings || settings.chat === null) return;
    const win = window as unknown as Window & Record<string, unknown>;
    if (loaded.current) teardownChat(settings, win, document);
    loaded.current = true;
    const who = uid !== null && login !== null ? { uid, login } : null;
    loadChat(settings, who, win, document, (event) => {
      api.call('FreshChat.storeChatEvent', event).catch((error: unknown) => {
        console.error('chat event not stored', error);
      });
    }).catch((error: unknown) => console.error('live chat failed to load', error));
  }, [settings, uid, login, api]);

  useEffect(() => {
    if (isChatHiddenPath(pathname)) document.body.dataset.chatHidden = '';
    else delete document.body.dataset.chatHidden;
  }, [pathname]);

  return null;
}
