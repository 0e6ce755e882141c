/**
 * Test databases: one PostgreSQL server per test run (embedded, or TEST_DATABASE_URL), a migrated
 * template database made once, and a fresh copy of it per test file (CREATE DATABASE … TEMPLATE).
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDbClient } from './client.ts';
import { type DatabaseHandle, quoteIdent, startEmbeddedPostgres } from './database.ts';
import { applyMigrations } from './migrate.ts';

export const TEMPLATE_DATABASE = 'croupier_test_template';

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** Starts (or reaches) the test server and builds the migrated template; returns the admin URL. */
export async function setUpTestServer(): Promise<{ adminUrl: string; stop: () => Promise<void> }> {
  let handle: DatabaseHandle;
  if (process.env.TEST_DATABASE_URL) {
    handle = { url: process.env.TEST_DATABASE_URL, embedded: false, stop: async () => {} };
  } else {
    const dataDir = path.join(
      os.tmpdir(),
      `croupier-test-pg-${process.pid}-${randomBytes(4).toString('hex')}`,
    );
    handle = await startEmbeddedPostgres({ dataDir, port: 0, database: 'postgres' });
  }
  const adminUrl = handle.url;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    // Leftovers of an earlier run against a shared server (CI's PostgreSQL 15).
    const stale = await admin.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE datname LIKE 'croupier_test_%'",
    );
    for (const row of stale.rows)
      await admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(row.datname)} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${quoteIdent(TEMPLATE_DATABASE)}`);
  } finally {
    await admin.end();
  }
  const template = createDbClient(withDatabase(adminUrl, TEMPLATE_DATABASE), { max: 1 });
  try {
    await applyMigrations(template.db);
  } finally {
    await template.close();
  }
  return { adminUrl, stop: () => handle.stop() };
}

/** A fresh migrated database for one test file; drop() removes it. */
export async function createTestDatabase(
  adminUrl: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `croupier_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${quoteIdent(name)} TEMPLATE ${quoteIdent(TEMPLATE_DATABASE)}`);
  } finally {
    await admin.end();
  }
  return {
    url: withDatabase(adminUrl, name),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
