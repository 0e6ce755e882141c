/**
 * RTP tool speed (not a test; prints figures): rounds simulated per second on one core, through the
 * same path as `npm run rtp` (engine.simulate round after round of one seed pair, bigint money):
 * the tool's draws (KeyedRoundDraws, ADR 061), FairRandom per round over the keyed HMAC (ADR 058),
 * and FairRandom per round over node:crypto's HMAC, the reference, alternated in the run; then the
 * RTP tool's own run of the slot on every core (measureRtpParallel, the whole of `npm run rtp`'s work)
 * and what 10⁹ rounds would take. For each game's default variant: `--runs` (3) runs of `--seconds`
 * (2) s per path after a 0.5 s warm-up, median.
 *
 * Usage: npm run bench:rtp [-- --seconds 2 --runs 3 --game slot --rounds 4000000]
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { GAME_NAMES, type GameName } from '../packages/games/src/engine.ts';
import { fairRoundDraws, type RoundDrawsFactory } from '../packages/games/src/fair.ts';
import { createKeyedHmacSha256, KeyedRoundDraws } from '../packages/games/src/keyed-hmac.ts';
import { nodeHmacSha256 } from '../packages/games/src/node-hmac.ts';
import { ENGINES } from '../packages/games/src/registry.ts';
import { defaultVariant } from '../packages/games/src/rtp-measure.ts';
import { measureRtpParallel } from '../packages/games/src/rtp-parallel.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '2' },
    runs: { type: 'string', default: '3' },
    game: { type: 'string' },
    rounds: { type: 'string', default: '4000000' },
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
function measure(game: GameName, variant: string, durationMs: number, draws: RoundDrawsFactory): number {
  const engine = ENGINES[game];
  const source = draws(SERVER_SEED, 'bench');
  const started = performance.now();
  let rounds = 0;
  let paid = 0n;
  for (;;) {
    for (let i = 0; i < 256; i += 1) {
      paid += engine.simulate(variant, STAKE_MINOR, source.round(nonce)).paid;
      nonce = (nonce + 1) % 2 ** 31;
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
const PATHS: { name: string; draws: RoundDrawsFactory }[] = [
  { name: 'tool draws', draws: (server, client) => new KeyedRoundDraws(server, client) },
  { name: 'keyed HMAC', draws: fairRoundDraws(createKeyedHmacSha256()) },
  { name: 'node:crypto', draws: fairRoundDraws(nodeHmacSha256) },
];
const fmt = (rate: number) => Math.round(rate).toLocaleString('en-US').padStart(9);
const median = (rates: number[]) => [...rates].sort((a, b) => a - b)[Math.floor(rates.length / 2)]!;
for (const game of games) {
  const variant = defaultVariant(ENGINES[game]).variant;
  for (const path of PATHS) measure(game, variant, 500, path.draws);
  const rates = PATHS.map(() => [] as number[]);
  for (let run = 0; run < runs; run += 1) {
    // Each run in another order, so no path always goes first.
    for (let k = 0; k < PATHS.length; k += 1) {
      const index = (k + run) % PATHS.length;
      rates[index]!.push(measure(game, variant, seconds * 1000, PATHS[index]!.draws));
    }
  }
  const reference = median(rates[PATHS.length - 1]!);
  const columns = PATHS.map((path, index) => {
    const rate = median(rates[index]!);
    return index === PATHS.length - 1
      ? `${path.name} ${fmt(rate)}`
      : `${path.name} ${fmt(rate)} (${(rate / reference).toFixed(2)}×)`;
  });
  console.log(`${game.padEnd(10)} ${variant.padEnd(8)} ${columns.join(' · ')} rounds/s per core`);
}

// The RTP tool's own run: every core, the same path as `npm run rtp -- --game slot`.
if (games.includes('slot')) {
  const threads = os.availableParallelism();
  const rounds = Number(values.rounds);
  const m = await measureRtpParallel({
    game: 'slot',
    rounds,
    stakeMinor: 10_000n,
    serverSeed: SERVER_SEED,
    threads,
  });
  const rate = (m.rounds / m.elapsedMs) * 1000;
  console.log(
    `npm run rtp, slot, ${rounds.toLocaleString('en-US')} rounds on ${threads} threads: ${fmt(rate)} rounds/s · 10⁹ rounds in ${Math.round(1e9 / rate)} s`,
  );
}
