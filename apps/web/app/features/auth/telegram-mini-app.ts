/**
 * Messenger mini-app sign-in (spec §1, §7): inside Telegram, `window.Telegram.WebApp.initData` is
 * the signed launch data; `auth.register` with `is_tg=1`, the user's id, username and language, the
 * data's hash and the whole data as `payload` signs the player up or in (the server checks the
 * signature with the bot token). The Telegram script is loaded only when the address says the page
 * runs in the mini-app: Telegram's `tgWebAppData` / `tgWebAppVersion` launch parameters (in the
 * query or the hash) or our own `?tg=1`.
 */
import type { CallInput } from '@croupier/contract/client';

export const TELEGRAM_SCRIPT_URL = 'https://telegram.org/js/telegram-web-app.js';

/** The part of Telegram's WebApp object we use. */
export interface TelegramWebApp {
  initData: string;
  ready?: () => void;
}

export interface TelegramWindow {
  Telegram?: { WebApp?: TelegramWebApp };
}

export function isTelegramLaunch(location: { search: string; hash: string }): boolean {
  const query = new URLSearchParams(location.search);
  const hash = new URLSearchParams(location.hash.replace(/^#/, ''));
  return (
    query.get('tg') === '1' ||
    ['tgWebAppData', 'tgWebAppVersion'].some((name) => query.has(name) || hash.has(name))
  );
}

/**
 * The `auth.register` input for the launch data, or null when there is none (a browser opened
 * with `?tg=1`, or data without a user). Fields are read from `initData` itself, the signed text,
 * rather than from Telegram's unchecked copy.
 */
export function telegramRegistration(
  initData: string,
  promoCode?: string,
): Extract<CallInput<'auth.register'>, { payload: string }> | null {
  if (!initData) return null;
  const params = new URLSearchParams(initData);
  const hash = params.get('hash');
  const userText = params.get('user');
  if (!hash || !userText) return null;
  let user: unknown;
  try {
    user = JSON.parse(userText);
  } catch {
    return null;
  }
  if (typeof user !== 'object' || user === null) return null;
  const { id, username, language_code: languageCode } = user as Record<string, unknown>;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) return null;
  return {
    is_tg: 1,
    id,
    hash,
    payload: initData,
    ...(typeof username === 'string' ? { username } : {}),
    ...(typeof languageCode === 'string' ? { language_code: languageCode } : {}),
    ...(promoCode ? { promo_code: promoCode } : {}),
  };
}
