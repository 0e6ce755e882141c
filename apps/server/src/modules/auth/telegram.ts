/**
 * Telegram Mini App init data (Telegram.WebApp.initData) verification, per Telegram's "Validating
 * data received via the Mini App": secret = HMAC_SHA256(key "WebAppData", bot token); hash =
 * hex(HMAC_SHA256(secret, data-check-string)), where the data-check-string is every received
 * `key=value` except `hash`, sorted by key and joined with line feeds.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface TelegramUser {
  id: number;
  username: string | null;
  firstName: string | null;
  languageCode: string | null;
}

export type TelegramCheck =
  | { ok: true; user: TelegramUser; authDate: number; hash: string }
  | { ok: false; reason: 'malformed' | 'forged' | 'stale' };

/** Seconds an auth_date may lie in the future (clock skew between Telegram and us). */
const FUTURE_SKEW_SECONDS = 60;

export function telegramDataCheckString(params: URLSearchParams): string {
  return [...params.entries()]
    .filter(([key]) => key !== 'hash')
    .map(([key, value]) => `${key}=${value}`)
    .sort()
    .join('\n');
}

export function signTelegramInitData(fields: Record<string, string>, botToken: string): string {
  const params = new URLSearchParams(fields);
  const secret = createHmac('sha256', 'WebAppData').update(botToken).digest();
  params.set('hash', createHmac('sha256', secret).update(telegramDataCheckString(params)).digest('hex'));
  return params.toString();
}

export function verifyTelegramInitData(
  initData: string,
  options: { botToken: string; nowSeconds: number; maxAgeSeconds: number },
): TelegramCheck {
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(initData);
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  const hash = params.get('hash') ?? '';
  if (!/^[0-9a-f]{64}$/.test(hash) || params.getAll('hash').length !== 1)
    return { ok: false, reason: 'malformed' };
  const secret = createHmac('sha256', 'WebAppData').update(options.botToken).digest();
  const expected = createHmac('sha256', secret).update(telegramDataCheckString(params)).digest();
  if (!timingSafeEqual(expected, Buffer.from(hash, 'hex'))) return { ok: false, reason: 'forged' };

  // Only signed data is read from here on.
  const authDate = Number(params.get('auth_date'));
  if (!Number.isSafeInteger(authDate) || authDate <= 0) return { ok: false, reason: 'malformed' };
  const age = options.nowSeconds - authDate;
  if (age > options.maxAgeSeconds || age < -FUTURE_SKEW_SECONDS) return { ok: false, reason: 'stale' };

  let raw: unknown;
  try {
    raw = JSON.parse(params.get('user') ?? '');
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (typeof raw !== 'object' || raw === null) return { ok: false, reason: 'malformed' };
  const user = raw as Record<string, unknown>;
  if (typeof user.id !== 'number' || !Number.isSafeInteger(user.id) || user.id <= 0) {
    return { ok: false, reason: 'malformed' };
  }
  const text = (value: unknown) => (typeof value === 'string' ? value.slice(0, 64) : null);
  return {
    ok: true,
    authDate,
    hash,
    user: {
      id: user.id,
      username: text(user.username),
      firstName: text(user.first_name),
      languageCode: text(user.language_code),
    },
  };
}
