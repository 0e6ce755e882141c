/** One shard of an RTP run in a worker thread (rtp-parallel.ts): simulates it and posts its sums. */
import { parentPort, workerData } from 'node:worker_threads';
import { KeyedRoundDraws } from './keyed-hmac.ts';
import { ENGINES } from './registry.ts';
import { simulateRange } from './rtp-measure.ts';
import type { ShardResult, ShardTask } from './rtp-parallel.ts';

const task = workerData as ShardTask;
const sums = simulateRange({
  engine: ENGINES[task.game],
  variant: task.variant,
  stakeMinor: BigInt(task.stakeMinor),
  serverSeed: task.serverSeed,
  clientSeed: task.clientSeed,
  draws: (serverSeed, clientSeed) => new KeyedRoundDraws(serverSeed, clientSeed),
  from: task.from,
  to: task.to,
});
const result: ShardResult = { ...sums, staked: sums.staked.toString(), paid: sums.paid.toString() };
parentPort?.postMessage(result);
