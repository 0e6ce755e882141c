import { defineConfig } from 'drizzle-kit';

// Tables live beside their module (apps/server/src/modules/<domain>/<domain>.tables.ts) and in the
// ledger package;
// migrations are generated here and applied at boot.
export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './apps/server/src/modules/*/*.tables.ts',
    './packages/ledger/src/*.tables.ts',
    './apps/server/src/sandbox/*/*.tables.ts',
  ],
  out: './packages/db/migrations',
  migrations: { schema: 'drizzle' },
});
