/**
 * Sportsbook bets (issue #13, ADR 034; not a test: prints figures). One embedded PostgreSQL (fsync
 * on) or DATABASE_URL / TEST_DATABASE_URL's server, one process, one run:
 *
 * 1. the wallet API alone: 16 concurrent players each sending signed `sport_reserve` calls back to
 *    back (the in-process `/gw/v1` entry point the sportsbook uses) for N seconds;
 * 2. bet placements: 16 concurrent players each placing singles back to back for N seconds — the
 *    whole path: validation, the placement transaction with its locks and limits, the wallet
 *    session, `sport_reserve`, the bet turning open;
 * 3. settlement of `--bets` open bets on one market: the feed's settlement with the hooks (every
 *    bet's payout decided in the message's transaction), then the outbox's `sport_settle` calls;
 * 4. the same number of bets spread over 10 markets settled in parallel.
 * Afterwards the ledger invariants.
 *
 * Usage: node bench/sportsbook.bench.ts [--seconds 10] [--bets 100000]
 */
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createDbClient } from '@croupier/db/client';
import { type DatabaseHandle, startEmbeddedPostgres } from '@croupier/db/database';
import { applyMigrations } from '@croupier/db/migrate';
import { checkInvariants } from '@croupier/ledger/invariants';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { signatureHeader } from '../apps/server/src/lib/signature.ts';
import { SPORTSBOOK_PROVIDER_ID, sportsbookCredentials } from '../apps/server/src/provider-credentials.ts';
import { runSeeds } from '../apps/server/src/seed.ts';

const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '10' }, bets: { type: 'string', default: '100000' } },
});
const seconds = Number(values.seconds);
const BETS = Number(values.bets);
const PLAYERS = 16;
const START_MINOR = 1_000_000_00n;

const dataDir = path.join(os.tmpdir(), `croupier-sb-bench-${process.pid}-${randomBytes(4).toString('hex')}`);
let database: DatabaseHandle;
const external = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (external) {
  const name = `croupier_sb_bench_${randomBytes(4).toString('hex')}`;
  const admin = createDbClient(external, { max: 1 });
  await admin.db.execute(sql.raw(`CREATE DATABASE ${name}`));
  await admin.close();
  const url = new URL(external);
  url.pathname = `/${name}`;
  database = {
    url: url.toString(),
    embedded: false,
    stop: async () => {
      const cleanup = createDbClient(external, { max: 1 });
      await cleanup.db.execute(sql.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      await cleanup.close();
    },
  };
} else {
  database = await startEmbeddedPostgres({ dataDir, port: 0, database: 'croupier' });
}
const client = createDbClient(database.url, { max: 40 });
await applyMigrations(client.db);
const config = loadConfig({
  NODE_ENV: 'production',
  SANDBOX: '0',
  LOG_LEVEL: 'warn',
  APP_SECRET: 'bench-secret-bench-secret-bench-secret',
  CMS_JWT_SECRET: 'bench-cms-secret-bench-cms-secret-bench',
  SPORTSBOOK_FEED: 'off',
  SPORTSBOOK_LIVE_DELAY_MS: '0',
});
const app = await buildApp({ config, database: client, web: 'none', logger: false });
await runSeeds(client.db, app.services, { demo: false });
const { sportsbook, gameWallet, wallet } = app.services;
const bets = sportsbook.bets;
const secret = sportsbookCredentials(config).secret;

let clock = 0;
const ts = () => {
  clock += 1;
  return Date.now() - 50_000 + clock;
};
const name = (en: string) => ({ en, fr: en });
async function event(id: string) {
  await sportsbook.feed.receive({
    kind: 'fixture_change',
    product: 3,
    eventId: id,
    timestamp: ts(),
    fixture: {
      sport: { key: 'football', name: name('Football') },
      category: { key: 'bench-cat', name: name('Benchland'), country: 'GB' },
      tournament: { key: 'bench-league', name: name('Bench League') },
      home: { key: `${id}-home`.replace(/[^a-z0-9-]/g, '-'), name: name('Home') },
      away: { key: `${id}-away`.replace(/[^a-z0-9-]/g, '-'), name: name('Away') },
      startTime: Date.now() + 86_400_000,
      status: 'not_started',
    },
  });
  await sportsbook.feed.receive({
    kind: 'odds_change',
    product: 3,
    eventId: id,
    timestamp: ts(),
    markets: [
      {
        key: '1x2',
        status: 'active',
        outcomes: [
          { key: 'home', oddsMilli: 2000, active: true },
          { key: 'draw', oddsMilli: 3400, active: true },
          { key: 'away', oddsMilli: 3800, active: true },
        ],
      },
    ],
  });
}

const playerIds: bigint[] = [];
for (let i = 0; i < PLAYERS; i += 1) {
  const row = await client.db.execute<{ id: string }>(
    sql`INSERT INTO players (login, currency) VALUES (${`sb${i}@example.test`}, 'EUR') RETURNING id::text`,
  );
  const id = BigInt(row.rows[0]!.id);
  await wallet.creditDeposit({
    playerId: id,
    currency: 'EUR',
    amountMinor: START_MINOR,
    paymentId: `bench_sb_${i}`,
  });
  await client.db.execute(
    sql`INSERT INTO player_profiles (player_id, birth_date) VALUES (${id}, '1990-01-01')`,
  );
  playerIds.push(id);
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function load(label: string, one: (player: number, n: number) => Promise<void>) {
  const latencies: number[] = [];
  const errors = new Map<string, number>();
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(
    playerIds.map(async (_, player) => {
      for (let n = 0; performance.now() < deadline; n += 1) {
        const started = performance.now();
        try {
          await one(player, n);
          latencies.push(performance.now() - started);
        } catch (error) {
          const key = error instanceof Error ? error.message.slice(0, 80) : String(error);
          errors.set(key, (errors.get(key) ?? 0) + 1);
        }
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const figure = {
    label,
    ops: latencies.length,
    perSecond: Math.round(latencies.length / seconds),
    p50Ms: Math.round(percentile(latencies, 50) * 10) / 10,
    p99Ms: Math.round(percentile(latencies, 99) * 10) / 10,
    errors: Object.fromEntries(errors),
  };
  console.log(JSON.stringify(figure));
  return figure;
}

// The sportsbook's hidden game and one wallet session per player (the wallet-alone phase).
const sportsbookGame = await app.services.games.ensureHiddenWalletGame({
  providerSysname: 'croupier-sportsbook',
  providerName: 'Croupier Sportsbook',
  walletProvider: SPORTSBOOK_PROVIDER_ID,
  launchUrl: '/betting',
  gameSysname: 'sportsbook',
  gameName: 'Sportsbook',
  description: { en: 'Sports betting', fr: 'Paris sportifs' },
});
const tokens = await Promise.all(
  playerIds.map(
    async (playerId) =>
      (
        await gameWallet.openSession({
          playerId,
          gameId: sportsbookGame,
          provider: SPORTSBOOK_PROVIDER_ID,
          mode: 'real',
          currency: 'EUR',
        })
      ).token,
  ),
);

console.log(`sportsbook bench: ${PLAYERS} players, ${seconds} s per phase, ${BETS} bets to settle`);

// 1. The wallet API alone.
await load('wallet API alone (sport_reserve)', async (player, n) => {
  const rawBody = Buffer.from(
    JSON.stringify({
      token: tokens[player],
      transaction_id: `w-${player}-${n}`,
      bet_id: `w-${player}-${n}`,
      amount: '1.00',
      currency: 'EUR',
    }),
  );
  const answer = await gameWallet.handleCall({
    provider: SPORTSBOOK_PROVIDER_ID,
    action: 'sport_reserve',
    rawBody,
    signature: signatureHeader(secret, Math.floor(Date.now() / 1000), rawBody),
  });
  if (answer.body.status !== 'ok') throw new Error(String(answer.body.code));
});

// 2. Placements over 8 events (24 outcomes), singles at current odds.
const placeEvents = Array.from({ length: 8 }, (_, i) => `sr:match:place${i}`);
for (const id of placeEvents) await event(id);
const OUTCOMES = [
  ['home', 2000],
  ['draw', 3400],
  ['away', 3800],
] as const;
await load('placeBet (single, 16 players)', async (player, n) => {
  const [outcome, odds] = OUTCOMES[(player + n) % 3]!;
  await bets.placeBet(
    {
      kind: 'single',
      selections: [
        {
          event_id: placeEvents[(player * 7 + n) % 8]!,
          market_key: '1x2',
          outcome_key: outcome,
          odds_milli: odds,
        },
      ],
      stake: '1',
      source: 'main',
      accept_odds: 'none',
      request_id: `bench-${player}-${n}`,
    },
    playerIds[player]!,
    'en',
  );
});
await bets.deliverDue();

/** `count` open bets on `eventId`'s 1x2 home, written in bulk (the wallet holds their stakes as open bets). */
async function openBets(eventId: string, count: number) {
  await client.db.execute(sql`
    WITH new_bets AS (
      INSERT INTO sb_bets (player_id, currency, request_id, request_hash, kind, source, stake_per_line_minor, lines,
        total_stake_minor, potential_payout_minor, status, wallet_state, placed_at, placed_ts)
      SELECT (${`{${playerIds.join(',')}}`}::bigint[])[1 + g % ${PLAYERS}], 'EUR', ${eventId} || '-' || g, 'bench', 'single',
        'main', 100, 1, 100, 200, 'open', 'reserved', now(), 0
      FROM generate_series(1, ${count}) g
      RETURNING id, player_id
    ), legs AS (
      INSERT INTO sb_bet_legs (bet_id, position, event_id, market_key, outcome_key, sport_key, odds_milli, live, liability_minor)
      SELECT id, 0, ${eventId}, '1x2', 'home', 'football', 2000, false, 200 FROM new_bets
    )
    INSERT INTO sport_wallet_bets (provider, provider_bet_id, player_id, currency, status, funds, stake_minor)
    SELECT ${SPORTSBOOK_PROVIDER_ID}, id::text, player_id, 'EUR', 'open', 'main', 100 FROM new_bets`);
}

/** How the bets of `eventIds` stand: settled (won) by the hooks, and paid by the wallet. */
async function standing(eventIds: string[]) {
  const rows = await client.db.execute<{ won: number; paid: number; owed: number }>(sql`
    SELECT count(*) FILTER (WHERE b.status = 'won')::int AS won,
           count(*) FILTER (WHERE b.wallet_state = 'settled' AND b.delivered_version = b.settle_version)::int AS paid,
           count(*) FILTER (WHERE b.settle_version > b.delivered_version)::int AS owed
    FROM sb_bets b JOIN sb_bet_legs l ON l.bet_id = b.id
    WHERE l.event_id IN (${sql.join(
      eventIds.map((id) => sql`${id}`),
      sql`, `,
    )})`);
  return rows.rows[0]!;
}

/** Delivers until no payout is owed on `eventIds` (the app's own outbox pass runs too); seconds. */
async function deliverAll(eventIds: string[]): Promise<number> {
  const started = performance.now();
  while ((await standing(eventIds)).owed > 0) await bets.deliverDue(Number.MAX_SAFE_INTEGER, 8);
  return (performance.now() - started) / 1000;
}

async function settleEvent(eventId: string) {
  await sportsbook.feed.receive({
    kind: 'bet_settlement',
    product: 3,
    eventId,
    timestamp: ts(),
    markets: [
      {
        key: '1x2',
        outcomes: [
          { key: 'home', result: 'won', voidFactor: '0' },
          { key: 'draw', result: 'lost', voidFactor: '0' },
          { key: 'away', result: 'lost', voidFactor: '0' },
        ],
      },
    ],
  });
}

// 3. One market.
await event('sr:match:settle1');
await openBets('sr:match:settle1', BETS);
let started = performance.now();
await settleEvent('sr:match:settle1');
const hookSeconds = (performance.now() - started) / 1000;
const settledOne = await standing(['sr:match:settle1']);
const deliverySeconds = await deliverAll(['sr:match:settle1']);
console.log(
  JSON.stringify({
    label: `settle ${BETS} bets on one market`,
    hookSeconds: Math.round(hookSeconds * 10) / 10,
    settledByHooks: settledOne.won,
    walletDeliverySeconds: Math.round(deliverySeconds * 10) / 10,
    ...(await standing(['sr:match:settle1'])),
  }),
);

// 4. Ten markets in parallel, the same number of bets in all.
const ten = Array.from({ length: 10 }, (_, i) => `sr:match:par${i}`);
for (const id of ten) {
  await event(id);
  await openBets(id, Math.floor(BETS / 10));
}
started = performance.now();
await Promise.all(ten.map((id) => settleEvent(id)));
const parallelHookSeconds = (performance.now() - started) / 1000;
const settledTen = await standing(ten);
const parallelDeliverySeconds = await deliverAll(ten);
console.log(
  JSON.stringify({
    label: `settle ${BETS} bets on 10 markets in parallel`,
    hookSeconds: Math.round(parallelHookSeconds * 10) / 10,
    settledByHooks: settledTen.won,
    walletDeliverySeconds: Math.round(parallelDeliverySeconds * 10) / 10,
    ...(await standing(ten)),
  }),
);

const problems = await checkInvariants(client.db);
console.log(`ledger invariants: ${problems.length === 0 ? 'hold' : JSON.stringify(problems)}`);
await app.close();
await client.close();
await database.stop();
if (!external) await rm(dataDir, { recursive: true, force: true });
