/**
 * `npm run staff:create -- --email ops@example.com --role admin [--username ops] [--ttl-hours 24]`:
 * the explicit operator step that creates back-office staff (the first admin included). It prints a
 * one-time setup link where the new member chooses a password; nothing else grants a role.
 *
 * Database: DATABASE_URL, else the embedded PostgreSQL under DATA_DIR — the one a running server
 * started (found through its postmaster.pid), or started here for the command and stopped after.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createDbClient } from '@croupier/db/client';
import { type DatabaseHandle, runningEmbeddedUrl, startEmbeddedPostgres } from '@croupier/db/database';
import { applyMigrations } from '@croupier/db/migrate';
import { z } from 'zod';
import { ConfigError, loadConfig } from '../../config.ts';
import { BACKOFFICE_ROLES } from './backoffice.roles.ts';
import { createStaffAccount, SETUP_CODE_MAX_TTL_SECONDS, StaffCreateError } from './backoffice.staff.ts';

const DATABASE = 'croupier';

const USAGE = `usage: npm run staff:create -- --email <email> --role <${BACKOFFICE_ROLES.join('|')}> [--username <name>] [--ttl-hours <1-168>]`;

const options = z.object({
  email: z.string().trim().toLowerCase().max(254).pipe(z.email()),
  role: z.enum(BACKOFFICE_ROLES),
  username: z
    .string()
    .regex(/^[A-Za-z0-9._-]{3,32}$/)
    .optional(),
  ttlHours: z.coerce
    .number()
    .int()
    .min(1)
    .max(SETUP_CODE_MAX_TTL_SECONDS / 3600)
    .default(24),
});

export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

async function open(config: {
  DATABASE_URL?: string | undefined;
  DATA_DIR: string;
}): Promise<DatabaseHandle> {
  if (config.DATABASE_URL) return { url: config.DATABASE_URL, embedded: false, stop: async () => {} };
  const dataDir = path.resolve(config.DATA_DIR);
  // The server's own embedded PostgreSQL, if it is running: two servers cannot share one data dir.
  const running = await runningEmbeddedUrl(dataDir, DATABASE);
  if (running) return { url: running, embedded: false, stop: async () => {} };
  return startEmbeddedPostgres({ dataDir, port: 0, database: DATABASE });
}

/** Returns the exit code: 0 created, 1 refused (bad arguments, taken), 2 could not run. */
export async function runStaffCreate(
  argv: string[],
  env: Record<string, string | undefined>,
  io: CliIo,
): Promise<number> {
  let parsed: z.infer<typeof options>;
  try {
    const { values } = parseArgs({
      args: argv,
      options: {
        email: { type: 'string' },
        role: { type: 'string' },
        username: { type: 'string' },
        'ttl-hours': { type: 'string' },
      },
      strict: true,
    });
    const result = options.safeParse({
      email: values.email,
      role: values.role,
      username: values.username,
      ttlHours: values['ttl-hours'],
    });
    if (!result.success) {
      io.err(
        `staff:create: ${result.error.issues.map((i) => `--${String(i.path[0])}: ${i.message}`).join('; ')}`,
      );
      io.err(USAGE);
      return 1;
    }
    parsed = result.data;
  } catch (error) {
    io.err(`staff:create: ${error instanceof Error ? error.message : String(error)}`);
    io.err(USAGE);
    return 1;
  }

  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      io.err(error.message);
      return 2;
    }
    throw error;
  }
  const origin = config.PUBLIC_URL ? new URL(config.PUBLIC_URL).origin : `http://localhost:${config.PORT}`;

  let handle: DatabaseHandle | undefined;
  let client: ReturnType<typeof createDbClient> | undefined;
  try {
    handle = await open(config);
    client = createDbClient(handle.url, { max: 1, applicationName: 'croupier-staff-create' });
    await applyMigrations(client.db);
    const created = await createStaffAccount(client.db, {
      email: parsed.email,
      username: parsed.username,
      role: parsed.role,
      origin,
      now: new Date(),
      ttlSeconds: parsed.ttlHours * 3600,
    });
    io.out(`Created back-office ${created.user.role} "${created.user.username}" <${created.user.email}>.`);
    io.out(`One-time setup link (expires ${created.expiresAt.toISOString()}, works once):`);
    io.out(created.link);
    io.out('Hand it to that person only: whoever opens it chooses the password of this account.');
    return 0;
  } catch (error) {
    if (error instanceof StaffCreateError) {
      io.err(`staff:create: ${error.message}`);
      return 1;
    }
    io.err(`staff:create could not run: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  } finally {
    await client?.close();
    await handle?.stop();
  }
}

if (import.meta.main) {
  const code = await runStaffCreate(process.argv.slice(2), process.env, {
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  });
  process.exit(code);
}
