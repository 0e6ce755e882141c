import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { newBuildId, pwaBuild } from './app/features/pwa/build/pwa-plugin.ts';
import { everyPageChunkName } from './scripts/every-page-chunks.ts';

const WEB_ROOT = fileURLToPath(new URL('.', import.meta.url));
const REPO_ROOT = path.resolve(WEB_ROOT, '../..');

/**
 * What the development server may serve under `/@fs/…` (and any other path outside the app): the
 * web app, the two packages it imports and the installed modules — never the rest of the checkout
 * (the data directory with `secrets.json` and the database, `.env` files, other apps' sources).
 */
export const FS_ALLOW = [
  WEB_ROOT,
  path.join(REPO_ROOT, 'packages/contract'),
  path.join(REPO_ROOT, 'packages/games'),
  path.join(REPO_ROOT, 'node_modules'),
];

/** Refused even inside an allowed folder (Vite's own defaults are kept). */
export const FS_DENY = [
  '.env',
  '.env.*',
  '*.{crt,pem,key}',
  '**/.git/**',
  '**/.data/**',
  '**/secrets.json',
  '**/postmaster.*',
  // The server resolves DATA_DIR from its working directory, as here.
  ...(process.env.DATA_DIR ? [`${path.resolve(process.env.DATA_DIR)}/**`] : []),
];

/** One id per build: in `/build.json` and compiled into the client (ADR 038). */
const BUILD_ID = newBuildId();

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter(), pwaBuild(BUILD_ID)],
  define: { __CROUPIER_BUILD_ID__: JSON.stringify(BUILD_ID) },
  server: {
    fs: { strict: true, allow: FS_ALLOW, deny: FS_DENY },
  },
  build: {
    // Hashed assets are served with a one-year immutable cache; keep names stable per content only.
    assetsInlineLimit: 0,
    // Our code every page loads goes in one chunk rather than dozens (scripts/every-page-chunks.ts).
    ...(isSsrBuild
      ? {}
      : {
          rolldownOptions: {
            output: {
              codeSplitting: { groups: [{ name: everyPageChunkName(), debugName: 'every-page-chunks' }] },
            },
          },
        }),
  },
}));
