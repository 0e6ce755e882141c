/**
 * The installable app's static files, written by the build (pwa-plugin.ts) into the client build:
 * one web app manifest per locale (`/manifest.webmanifest`, `/fr/manifest.webmanifest`), the
 * offline pages the service worker answers with (`/pwa/offline-<locale>.html`) and the build id
 * file (`/build.json`). Texts come from the `pwa` i18n namespace, colours from the theme.
 */
import { LOCALES, type Locale, localizePath } from '@croupier/contract/locales';

export const APP_NAME = 'Croupier';
export const ICON_DIR = 'pwa';

export interface PwaTexts {
  manifest: { description: string };
  offline: { title: string; text: string; retry: string };
}

export interface PwaColours {
  background: string;
  surface: string;
  text: string;
  muted: string;
  accent: string;
  onAccent: string;
}

/** The manifest's URL for a locale's pages (the `<link rel="manifest">` of the page). */
export function manifestPath(locale: Locale): string {
  return locale === 'en' ? '/manifest.webmanifest' : `/${locale}/manifest.webmanifest`;
}

/** The offline page the service worker shows for a locale. */
export function offlinePagePath(locale: Locale): string {
  return `/${ICON_DIR}/offline-${locale}.html`;
}

export const ICONS = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'icon-maskable-192.png', size: 192, maskable: true },
  { file: 'icon-maskable-512.png', size: 512, maskable: true },
] as const;

export function webManifest(locale: Locale, texts: PwaTexts, colours: PwaColours): Record<string, unknown> {
  return {
    // One app whatever the language it was installed from.
    id: '/',
    name: APP_NAME,
    short_name: APP_NAME,
    description: texts.manifest.description,
    lang: locale,
    dir: 'ltr',
    start_url: localizePath('/', locale),
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    theme_color: colours.background,
    background_color: colours.background,
    categories: ['entertainment', 'games'],
    icons: ICONS.map((icon) => ({
      src: `/${ICON_DIR}/${icon.file}`,
      sizes: `${icon.size}x${icon.size}`,
      type: 'image/png',
      purpose: icon.maskable ? 'maskable' : 'any',
    })),
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/**
 * A self-contained page (no script, no stylesheet: it must render with the network gone). Style
 * attributes only, which the site's CSP allows (`style-src-attr 'unsafe-inline'`). "Try again"
 * reloads the address the player asked for (an empty href is the current URL).
 */
export function offlinePage(locale: Locale, texts: PwaTexts, colours: PwaColours): string {
  const t = texts.offline;
  return `<!doctype html>
<html lang="${locale}" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="robots" content="noindex">
<meta name="theme-color" content="${colours.background}">
<title>${escapeHtml(t.title)} | ${APP_NAME}</title>
<link rel="icon" href="/${ICON_DIR}/icon-192.png" type="image/png">
</head>
<body style="margin:0;min-height:100dvh;display:flex;align-items:center;justify-content:center;background:${colours.background};color:${colours.text};font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif">
<main style="max-width:28rem;margin:1.5rem;padding:2rem 1.5rem;border-radius:1rem;background:${colours.surface};text-align:center">
<img src="/${ICON_DIR}/icon-192.png" alt="" width="64" height="64" style="display:block;margin:0 auto 1.25rem">
<h1 data-testid="offline-title" style="margin:0 0 .75rem;font-size:1.5rem;line-height:1.3">${escapeHtml(t.title)}</h1>
<p style="margin:0 0 1.5rem;color:${colours.muted};line-height:1.5">${escapeHtml(t.text)}</p>
<a href="" style="display:inline-flex;align-items:center;justify-content:center;min-height:2.75rem;padding:0 1.25rem;border-radius:.75rem;background:${colours.accent};color:${colours.onAccent};font-weight:600;text-decoration:none">${escapeHtml(t.retry)}</a>
</main>
</body>
</html>
`;
}

/** All locales' files: path inside the client build → content. */
export function pwaFiles(
  texts: Record<Locale, PwaTexts>,
  colours: PwaColours,
  buildId: string,
): Map<string, string> {
  const files = new Map<string, string>();
  for (const locale of LOCALES) {
    files.set(manifestPath(locale).slice(1), `${JSON.stringify(webManifest(locale, texts[locale], colours), null, 2)}\n`);
    files.set(offlinePagePath(locale).slice(1), offlinePage(locale, texts[locale], colours));
  }
  files.set('build.json', `${JSON.stringify({ id: buildId })}\n`);
  return files;
}

/** The theme's colours (ui/theme.css `--color-*`), so a re-skin recolours the app too. */
export function themeColours(themeCss: string): PwaColours {
  // Comments may show re-skin examples; only the declarations count.
  const declarations = themeCss.replace(/\/\*[\s\S]*?\*\//g, '');
  const read = (name: string): string => {
    const match = new RegExp(`--color-${name}:\\s*(#[0-9a-fA-F]{6})\\s*;`).exec(declarations);
    if (!match?.[1]) throw new Error(`theme.css has no --color-${name} as #rrggbb`);
    return match[1];
  };
  return {
    background: read('background'),
    surface: read('surface'),
    text: read('text'),
    muted: read('muted'),
    accent: read('accent'),
    onAccent: read('on-accent'),
  };
}
