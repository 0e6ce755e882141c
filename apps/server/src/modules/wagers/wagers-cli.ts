/**
 * Operator tool for the wager stream (ADR 019), on a live database (DATABASE_URL, or the embedded
 * PostgreSQL under DATA_DIR — the running one, or started for the command):
 *
 *   npm run wagers -- lag                              each consumer's position, head, events behind
 *   npm run wagers -- replay <consumer> <position>     the consumer applies again every event after
 *                                                      event <position> (0: the whole stream)
 *
 * A replay only moves the consumer's position; the running nodes' passes re-apply the events
 * (consumers are idempotent by event id, so a replay repairs, it does not double count).
 */
import path from 'node:path';
import { createDbClient } from '@croupier/db/client';
import { type DatabaseHandle, runningEmbeddedUrl, startEmbeddedPostgres } from '@croupier/db/database';
import pino from 'pino';
import { createWagersService } from './wagers.service.ts';

const DATABASE = 'croupier';
const USAGE = 'usage: npm run wagers -- lag | replay <consumer> <position>';

async function open(): Promise<DatabaseHandle> {
  if (process.env.DATABASE_URL)
    return { url: process.env.DATABASE_URL, embedded: false, stop: async () => {} };
  const dataDir = path.resolve(process.env.DATA_DIR ?? './.data');
  const running = await runningEmbeddedUrl(dataDir, DATABASE);
  if (running) return { url: running, embedded: false, stop: async () => {} };
  return startEmbeddedPostgres({ dataDir, port: 0, database: DATABASE });
}

const [command, consumer, position] = process.argv.slice(2);
if (command !== 'lag' && !(command === 'replay' && consumer && position && /^\d{1,18}$/.test(position))) {
  console.error(USAGE);
  process.exit(64);
}

const handle = await open();
const client = createDbClient(handle.url, { max: 1, applicationName: 'croupier-wagers-cli' });
const log = pino({ level: 'warn' });
const wagers = createWagersService({ db: client.db, log, now: () => new Date() });
let exitCode = 0;
try {
  if (command === 'replay') {
    await wagers.replayFrom(consumer as string, BigInt(position as string));
    console.log(`wagers: ${consumer} will apply again every event after ${position}`);
  }
  for (const row of await wagers.lag()) {
    console.log(
      `${row.consumer}: position ${row.position}, head ${row.head}, ${row.behind} behind` +
        (row.oldestUnappliedAgeSeconds === null
          ? ''
          : `, oldest unapplied ${row.oldestUnappliedAgeSeconds} s`),
    );
  }
} catch (error) {
  exitCode = 1;
  console.error('wagers:', error instanceof Error ? error.message : error);
} finally {
  await client.close();
  await handle.stop();
}
process.exit(exitCode);
