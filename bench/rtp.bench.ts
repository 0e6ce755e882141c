/**
 * RTP tool speed (not a test; prints figures): rounds simulated per second on one core, through the
 * same path as `npm run rtp` (engine.simulate with a fresh FairRandom per round, node:crypto HMAC,
 * bigint money). For each game's default variant: 3 runs of 2 s each after a 0.5 s warm-up, median.
 *
 * Usage: npm run bench:rtp [-- --seconds 2 --runs 3 --game slot]
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { GAME_NAMES, type GameName } from '../packages/games/src/engine.ts';
import { FairRandom } from '../packages/games/src/fair.ts';
import { nodeHmacSha256 } from '../packages/games/src/node-hmac.ts';
import { ENGINES } from '../packages/games/src/registry.ts';
import { defaultVariant } from '../packages/games/src/rtp-measure.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '2' },
    runs: { type: 'string', default: '3' },
    game: { type: 'string' },
  },
});
const seconds = Number(values.seconds);
const runs = Number(values.runs);
if (!(seconds > 0 && seconds <= 60) || !Number.isInteger(runs) || runs < 1 || runs > 20) {
  throw new Error('--seconds must be in (0, 60] and --runs in 1..20');
}
const games: GameName[] = values.game ? [values.game as GameName] : [...GAME_NAMES];
for (const game of games) if (!GAME_NAMES.includes(game)) throw new Error(`unknown game ${game}`);

const SERVER_SEED = '5e'.repeat(32);
const STAKE_MINOR = 10_000n;
let nonce = 0;

/** Rounds per second over `durationMs`, checking the clock every 256 rounds. */
function measure(game: GameName, variant: string, durationMs: number): number {
  const engine = ENGINES[game];
  const started = performance.now();
  let rounds = 0;
  let paid = 0n;
  for (;;) {
    for (let i = 0; i < 256; i += 1) {
      const random = new FairRandom({ serverSeed: SERVER_SEED, clientSeed: 'bench', nonce }, nodeHmacSha256);
      nonce = (nonce + 1) % 2 ** 31;
      paid += engine.simulate(variant, STAKE_MINOR, random).paid;
    }
    rounds += 256;
    const elapsed = performance.now() - started;
    if (elapsed >= durationMs) {
      if (paid < 0n) throw new Error('unreachable'); // keeps the work observable
      return (rounds / elapsed) * 1000;
    }
  }
}

const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
console.log(
  `RTP simulation speed, one thread · ${cpu} · ${os.cpus().length} cores · load ${os.loadavg()[0]?.toFixed(2)}`,
);
console.log(`${runs} runs × ${seconds} s per game, median; node ${process.version}`);
for (const game of games) {
  const variant = defaultVariant(ENGINES[game]).variant;
  measure(game, variant, 500);
  const rates = Array.from({ length: runs }, () => measure(game, variant, seconds * 1000)).sort(
    (a, b) => a - b,
  );
  const median = rates[Math.floor(rates.length / 2)]!;
  console.log(
    `${game.padEnd(10)} ${variant.padEnd(16)} ${Math.round(median).toLocaleString('en-US').padStart(9)} rounds/s per core  (runs: ${rates.map((r) => Math.round(r)).join(', ')})`,
  );
}
