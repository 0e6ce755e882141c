/**
 * First-start data: reference data (currencies, locales, default content) always, demo content when
 * SEED_DEMO is on. Each named seed runs once per database, under an advisory lock so that two nodes
 * starting together do not both run it.
 */
import type { Db } from '@croupier/db/client';
import { sql } from 'drizzle-orm';
import type { Services } from './services.ts';

/** Bumping a name runs that seed again on existing databases; seeds must only add what is missing. */
const SEEDS = [
  { name: 'reference-v1', demo: false, run: (s: Services) => s.metadata.seed() },
  { name: 'content-v1', demo: false, run: (s: Services) => s.cms.seed({ demo: false }) },
  { name: 'content-demo-v1', demo: true, run: (s: Services) => s.cms.seed({ demo: true }) },
  { name: 'currency-rates-v1', demo: false, run: (s: Services) => s.accounts.seed() },
  { name: 'cashier-v1', demo: false, run: (s: Services) => s.cashier.seed() },
  { name: 'games-catalogue-v1', demo: false, run: (s: Services) => s.games.seed() },
  { name: 'bonuses-demo-v1', demo: true, run: (s: Services) => s.bonuses.seed() },
  { name: 'cashbacks-demo-v1', demo: true, run: (s: Services) => s.cashbacks.seed() },
  // After the bonuses seed: the shop's products grant its templates.
  { name: 'loyalty-demo-v1', demo: true, run: (s: Services) => s.loyalty.seed() },
  { name: 'jackpots-demo-v1', demo: true, run: (s: Services) => s.jackpots.seed() },
  // After the bonuses seed: a free-spin prize grants its template.
  { name: 'tournaments-demo-v1', demo: true, run: (s: Services) => s.tournaments.seed() },
  { name: 'campaigns-demo-v1', demo: true, run: (s: Services) => s.campaigns.seed() },
] as const;

const SEED_LOCK_KEY = 72_201_101;

export async function runSeeds(db: Db, services: Services, options: { demo: boolean }): Promise<string[]> {
  const applied: string[] = [];
  await db.execute(sql`SELECT pg_advisory_lock(${SEED_LOCK_KEY})`);
  try {
    for (const seed of SEEDS) {
      if (seed.demo && !options.demo) continue;
      const done = await db.execute(sql`SELECT 1 FROM seed_runs WHERE name = ${seed.name}`);
      if (done.rows.length > 0) continue;
      await seed.run(services);
      await db.execute(sql`INSERT INTO seed_runs (name) VALUES (${seed.name}) ON CONFLICT DO NOTHING`);
      applied.push(seed.name);
    }
  } finally {
    await db.execute(sql`SELECT pg_advisory_unlock(${SEED_LOCK_KEY})`);
  }
  return applied;
}
