/**
 * The embedded PostgreSQL's password: generated per data directory and kept in secrets.json beside
 * the other local secrets; a data directory made with the old fixed password still starts and moves
 * to a generated one. (Its own embedded server, whatever TEST_DATABASE_URL says.)
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { runningEmbeddedUrl, startEmbeddedPostgres } from './database.ts';

const LEGACY = 'croupier-embedded';
// Reachable by PostgreSQL's own OS user when tests run as root (not a 0700 mkdtemp directory).
const dataDir = path.join(os.tmpdir(), `croupier-db-password-${process.pid}-${Date.now().toString(36)}`);

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

async function canConnect(url: string): Promise<boolean | string> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    return true;
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  } finally {
    await client.end().catch(() => {});
  }
}

function withPassword(url: string, password: string): string {
  const parsed = new URL(url);
  parsed.password = encodeURIComponent(password);
  return parsed.toString();
}

async function storedPassword(): Promise<string | undefined> {
  return JSON.parse(await readFile(path.join(dataDir, 'secrets.json'), 'utf8')).EMBEDDED_PG_PASSWORD;
}

describe('the embedded PostgreSQL password', () => {
  it('is generated into secrets.json, and an old data directory moves off the fixed one', {
    timeout: 180_000,
  }, async () => {
    await mkdir(dataDir, { recursive: true, mode: 0o755 });
    await writeFile(path.join(dataDir, 'secrets.json'), JSON.stringify({ APP_SECRET: 'kept-as-it-was' }));
    let handle = await startEmbeddedPostgres({ dataDir, port: 0, database: 'croupier' });
    try {
      const generated = await storedPassword();
      expect(generated).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(new URL(handle.url).password).toBe(generated);
      expect(await canConnect(handle.url)).toBe(true);
      expect(await canConnect(withPassword(handle.url, LEGACY))).toBe('28P01');
      // Tools next to the server (ledger:check) find it with the stored password.
      expect(await runningEmbeddedUrl(dataDir, 'croupier')).toBe(handle.url);
      // Make it a data directory of the old versions: the fixed password, none in secrets.json.
      const admin = new pg.Client({ connectionString: handle.url });
      await admin.connect();
      await admin.query(`ALTER ROLE croupier PASSWORD '${LEGACY}'`);
      await admin.end();
    } finally {
      await handle.stop();
    }
    await writeFile(path.join(dataDir, 'secrets.json'), JSON.stringify({ APP_SECRET: 'kept-as-it-was' }));

    handle = await startEmbeddedPostgres({ dataDir, port: 0, database: 'croupier' });
    try {
      const upgraded = await storedPassword();
      expect(upgraded).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(upgraded).not.toBe(LEGACY);
      expect(await canConnect(handle.url)).toBe(true);
      expect(await canConnect(withPassword(handle.url, LEGACY))).toBe('28P01');
      const secrets = JSON.parse(await readFile(path.join(dataDir, 'secrets.json'), 'utf8'));
      expect(secrets.APP_SECRET).toBe('kept-as-it-was');
    } finally {
      await handle.stop();
    }
  });
});
