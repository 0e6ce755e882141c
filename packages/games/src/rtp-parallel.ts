/**
 * The RTP tool's run over worker threads (issue #17): the nonce range split into one contiguous
 * shard per thread, each shard simulated through the same path as a single-thread run (the real
 * provably-fair draw dealt by KeyedRoundDraws, ADRs 058 and 061, bigint money), the sums added. The
 * money totals are exactly those of `measureRtp` on one thread; only the order the float variance
 * sums are added in differs.
 */
import { Worker } from 'node:worker_threads';
import type { GameName } from './engine.ts';
import { ENGINES } from './registry.ts';
import { combineRtp, type RtpMeasurement, type RtpSums, runVariant, simulateRange } from './rtp-measure.ts';

export interface ShardTask {
  game: GameName;
  variant: string;
  stakeMinor: string;
  serverSeed: string;
  clientSeed: string;
  from: number;
  to: number;
}

export type ShardResult = Omit<RtpSums, 'staked' | 'paid'> & { staked: string; paid: string };

function runShard(task: ShardTask): Promise<RtpSums> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./rtp-worker.ts', import.meta.url), { workerData: task });
    worker.once('message', (result: ShardResult) => {
      resolve({ ...result, staked: BigInt(result.staked), paid: BigInt(result.paid) });
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`RTP worker exited with ${code}`));
    });
  });
}

export async function measureRtpParallel(options: {
  game: GameName;
  variant?: string;
  rounds: number;
  stakeMinor: bigint;
  serverSeed: string;
  clientSeed?: string;
  threads: number;
}): Promise<RtpMeasurement> {
  const engine = ENGINES[options.game];
  const variant = runVariant({
    engine,
    rounds: options.rounds,
    ...(options.variant ? { variant: options.variant } : {}),
  });
  // One round here first: a stake or variant the game refuses is its own typed error on this thread,
  // not a worker's crash.
  simulateRange({
    engine,
    variant: variant.variant,
    stakeMinor: options.stakeMinor,
    serverSeed: options.serverSeed,
    ...(options.clientSeed ? { clientSeed: options.clientSeed } : {}),
    from: 0,
    to: 1,
  });
  const threads = Math.max(1, Math.min(options.threads, Math.floor(options.rounds / 2)));
  const size = Math.ceil(options.rounds / threads);
  const started = performance.now();
  const shards = await Promise.all(
    Array.from({ length: threads }, (_, index) =>
      runShard({
        game: options.game,
        variant: variant.variant,
        stakeMinor: options.stakeMinor.toString(),
        serverSeed: options.serverSeed,
        clientSeed: options.clientSeed ?? 'rtp',
        from: index * size,
        to: Math.min(options.rounds, (index + 1) * size),
      }),
    ),
  );
  return combineRtp(engine, variant, shards, performance.now() - started);
}
