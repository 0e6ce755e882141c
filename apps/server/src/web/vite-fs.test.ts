/**
 * The development server's file access (apps/web/vite.config.ts): `/@fs/…` serves the web app and
 * what it imports, never the rest of the checkout — the data directory (secrets.json, the
 * database), the root package files, other apps' sources.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const WEB_ROOT = path.join(REPO_ROOT, 'apps/web');
// A data directory where `npm run dev` keeps it by default (`./.data` of the checkout).
const DATA_DIR = path.join(REPO_ROOT, '.data-vite-fs-test');

let vite: ViteDevServer;
let http: Server;
let base: string;

beforeAll(async () => {
  await mkdir(DATA_DIR, { recursive: true });
  await writeFile(path.join(DATA_DIR, 'secrets.json'), '{"APP_SECRET":"not-to-be-served"}');
  vite = await createServer({
    root: WEB_ROOT,
    configFile: path.join(WEB_ROOT, 'vite.config.ts'),
    logLevel: 'silent',
    server: { middlewareMode: true, hmr: false },
    appType: 'custom',
  });
  http = createHttpServer((request, response) => {
    vite.middlewares(request, response, () => {
      response.statusCode = 404;
      response.end('not served by vite');
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  http?.close();
  await vite?.close();
  await rm(DATA_DIR, { recursive: true, force: true });
});

async function status(file: string): Promise<number> {
  const response = await fetch(`${base}/@fs${file}`);
  await response.arrayBuffer();
  return response.status;
}

describe('the development server file access', () => {
  it('serves the web app and the packages it imports', { timeout: 60_000 }, async () => {
    expect(await status(path.join(WEB_ROOT, 'app/app.css'))).toBe(200);
    expect(await status(path.join(REPO_ROOT, 'packages/contract/package.json'))).toBe(200);
  });

  it('refuses the data directory, secrets and the rest of the checkout', async () => {
    expect(await status(path.join(DATA_DIR, 'secrets.json'))).toBe(403);
    expect(await status(path.join(REPO_ROOT, 'package.json'))).toBe(403);
    expect(await status(path.join(REPO_ROOT, '.env.example'))).toBe(403);
    expect(await status(path.join(REPO_ROOT, 'apps/server/src/config.ts'))).toBe(403);
    expect(await status(path.join(REPO_ROOT, 'packages/db/src/database.ts'))).toBe(403);
  });
});
