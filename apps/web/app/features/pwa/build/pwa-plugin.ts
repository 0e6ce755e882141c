/**
 * The installable app's build step (ADR 038), after the client build has written its files:
 *
 * 1. the per-locale web app manifests, the offline pages, `build.json` and the PNG icons
 *    (drawn from the chip mark, coloured from ui/theme.css);
 * 2. the service worker: features/pwa/sw/service-worker.ts bundled by Vite into one script, then
 *    Workbox's `injectManifest` writes `sw.js` with the precache list (hashed assets, offline
 *    pages, icons, each with its revision).
 *
 * The build id (`BUILD_ID`, or a fresh one per build) is also compiled into the client
 * (`__CROUPIER_BUILD_ID__`) so a page can tell that `/build.json` moved on (features/pwa/build-poll.ts).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locale } from '@croupier/contract/locales';
import { build, type Plugin } from 'vite';
import { injectManifest } from 'workbox-build';
import { chipIconPng } from './chip-icon.ts';
import { ICON_DIR, ICONS, type PwaTexts, pwaFiles, themeColours } from './pwa-files.ts';

const APP_DIR = fileURLToPath(new URL('../../../', import.meta.url));
const SW_ENTRY = fileURLToPath(new URL('../sw/service-worker.ts', import.meta.url));

/** What the service worker precaches, relative to the client build. */
export const PRECACHE_PATTERNS = ['assets/**/*.{js,css,woff2}', `${ICON_DIR}/*.{html,png}`];
/**
 * Never precached: the back office's route modules. Players never download the back office (its
 * pages load them for staff); the precache fetched all 60 of them into every player's browser.
 */
export const PRECACHE_IGNORES = ['assets/backoffice-*'];

export function newBuildId(): string {
  return process.env.BUILD_ID || `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

function readTexts(locale: Locale): PwaTexts {
  return JSON.parse(readFileSync(path.join(APP_DIR, `i18n/locales/${locale}/pwa.json`), 'utf8')) as PwaTexts;
}

async function bundleServiceWorker(outDir: string): Promise<string> {
  await build({
    configFile: false,
    logLevel: 'warn',
    mode: 'production',
    // Workbox strips its development logging on this.
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      outDir,
      emptyOutDir: true,
      copyPublicDir: false,
      minify: true,
      lib: { entry: SW_ENTRY, formats: ['iife'], name: 'croupierServiceWorker', fileName: () => 'sw.js' },
    },
  });
  return path.join(outDir, 'sw.js');
}

export function pwaBuild(buildId: string): Plugin {
  return {
    name: 'croupier-pwa',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    closeBundle: {
      sequential: true,
      async handler() {
        const clientDir = path.resolve(this.environment.config.root, this.environment.config.build.outDir);
        const colours = themeColours(readFileSync(path.join(APP_DIR, 'ui/theme.css'), 'utf8'));
        for (const [file, content] of pwaFiles({ en: readTexts('en'), fr: readTexts('fr') }, colours, buildId)) {
          mkdirSync(path.dirname(path.join(clientDir, file)), { recursive: true });
          writeFileSync(path.join(clientDir, file), content);
        }
        for (const icon of ICONS) {
          writeFileSync(path.join(clientDir, ICON_DIR, icon.file), chipIconPng(icon.size, colours, icon.maskable));
        }
        const temporary = mkdtempSync(path.join(os.tmpdir(), 'croupier-sw-'));
        try {
          const swSrc = await bundleServiceWorker(temporary);
          const result = await injectManifest({
            swSrc,
            swDest: path.join(clientDir, 'sw.js'),
            globDirectory: clientDir,
            globPatterns: PRECACHE_PATTERNS,
            globIgnores: PRECACHE_IGNORES,
            // Hashed names already change with their content.
            dontCacheBustURLsMatching: /^assets\//,
            maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
          });
          for (const warning of result.warnings) this.warn(warning);
          this.info?.(`service worker: ${result.count} files precached (${Math.round(result.size / 1024)} KiB)`);
        } finally {
          rmSync(temporary, { recursive: true, force: true });
        }
      },
    },
  };
}
