/**
 * Inside the Telegram mini-app only (its launch parameters in the address), for guests and players
 * alike: loads Telegram's script on demand and fits the page to the mini-app's viewport
 * (telegram-viewport.ts). Outside Telegram nothing loads.
 */
import { useEffect } from 'react';
import { isTelegramLaunch, type TelegramWindow } from '../auth/telegram-mini-app.ts';
import { applyMiniAppStyle, loadTelegramScript, type TelegramViewportApp } from './telegram-viewport.ts';

export function TelegramViewportRuntime() {
  useEffect(() => {
    if (!isTelegramLaunch(window.location)) return;
    let app: TelegramViewportApp | undefined;
    const update = () => {
      if (app) applyMiniAppStyle(app, document);
    };
    const start = () => {
      app = (window as Window & TelegramWindow).Telegram?.WebApp as TelegramViewportApp | undefined;
      if (!app) return;
      app.ready?.();
      app.expand?.();
      update();
      app.onEvent?.('viewportChanged', update);
      app.onEvent?.('themeChanged', update);
    };
    if ((window as Window & TelegramWindow).Telegram?.WebApp) start();
    else loadTelegramScript(document, start);
    return () => {
      app?.offEvent?.('viewportChanged', update);
      app?.offEvent?.('themeChanged', update);
    };
  }, []);
  return null;
}
