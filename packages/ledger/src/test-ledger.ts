/** Test harness: a fresh migrated database and a ledger on it. */
import { createDbClient, type DbClient } from '@croupier/db/client';
import { createTestDatabase } from '@croupier/db/test-database';
import { inject } from 'vitest';
import { createLedger, type Ledger } from './ledger.ts';

export async function createTestLedger(
  poolSize = 10,
): Promise<{ ledger: Ledger; database: DbClient; close: () => Promise<void> }> {
  const testDb = await createTestDatabase(inject('pgAdminUrl'));
  const database = createDbClient(testDb.url, { max: poolSize });
  return {
    ledger: createLedger(database.db),
    database,
    close: async () => {
      await database.close();
      await testDb.drop();
    },
  };
}
