/**
 * The messenger mini-app's viewport and theme (spec §1, §7; ADR 039). Inside Telegram the page is
 * a web view whose visible height changes as the sheet is dragged; Telegram's Web App object
 * reports the stable height and the user's theme. The page expands to full height, pins its
 * minimum height to the stable viewport (fixed bars stay on screen) and takes the theme's colour
 * scheme; the site's own palette stays (DESIGN.md).
 */
import { TELEGRAM_SCRIPT_URL } from '../auth/telegram-mini-app.ts';

export interface TelegramViewportApp {
  ready?: () => void;
  expand?: () => void;
  viewportStableHeight?: number;
  viewportHeight?: number;
  colorScheme?: 'light' | 'dark';
  themeParams?: { bg_color?: string };
  onEvent?: (event: 'viewportChanged' | 'themeChanged', handler: () => void) => void;
  offEvent?: (event: 'viewportChanged' | 'themeChanged', handler: () => void) => void;
  setHeaderColor?: (color: string) => void;
}

/** Telegram's heights are CSS pixels; absurd or missing values leave the page's own layout. */
export function viewportHeightOf(app: TelegramViewportApp): string | null {
  const height = app.viewportStableHeight ?? app.viewportHeight;
  if (typeof height !== 'number' || !Number.isFinite(height) || height < 200 || height > 10_000) return null;
  return `${Math.round(height)}px`;
}

/** The CSS custom properties and attributes the document takes from the mini-app. */
export function miniAppStyle(app: TelegramViewportApp): {
  height: string | null;
  colorScheme: 'light' | 'dark';
} {
  return { height: viewportHeightOf(app), colorScheme: app.colorScheme === 'light' ? 'light' : 'dark' };
}

/** Applies the mini-app's viewport to the document (idempotent). */
export function applyMiniAppStyle(app: TelegramViewportApp, doc: Document): void {
  const { height, colorScheme } = miniAppStyle(app);
  const root = doc.documentElement;
  root.dataset.telegramMiniApp = '1';
  root.style.colorScheme = colorScheme;
  if (height) {
    root.style.setProperty('--tg-viewport-height', height);
    doc.body.style.minHeight = 'var(--tg-viewport-height)';
  }
}

/**
 * Telegram's script, loaded once: an existing tag (the messenger sign-in may have added it) is
 * waited for rather than added again.
 */
export function loadTelegramScript(doc: Document, onLoad: () => void): void {
  const existing = doc.querySelector<HTMLScriptElement>(`script[src="${TELEGRAM_SCRIPT_URL}"]`);
  if (existing) {
    existing.addEventListener('load', onLoad, { once: true });
    return;
  }
  const script = doc.createElement('script');
  script.src = TELEGRAM_SCRIPT_URL;
  script.async = true;
  script.addEventListener('load', onLoad, { once: true });
  doc.head.append(script);
}
