/**
 * The RTP tool: simulates rounds of a game and compares the measured RTP with the declared one.
 *
 *   npm run rtp -- --game slot --rounds 1000000 [--variant default] [--stake 10000] [--seed <64 hex>] [--threads N]
 *   npm run rtp -- --game all --rounds 200000
 *
 * Prints the declared RTP (exact, from the rules), the measured RTP with its 99 % confidence
 * interval, the rounds, the time taken and the speed (every core by default: worker threads, each on
 * a contiguous range of nonces through the real provably-fair draw, dealt by KeyedRoundDraws: the
 * draws FairRandom deals over node:crypto, computed faster, ADRs 058 and 061; the money sums are
 * exact and the same whatever the thread count), and what a 10⁹-round run would take and how
 * narrow its interval would be. Exits 1 when a declared value lies outside its interval (expected by
 * chance once in a hundred runs with random seeds; a fixed --seed makes a run repeatable).
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { formatRational, GAME_NAMES, GameInputError, type GameName } from './engine.ts';
import { SERVER_SEED } from './fair.ts';
import type { RtpMeasurement } from './rtp-measure.ts';
import { measureRtpParallel } from './rtp-parallel.ts';

const { values } = parseArgs({
  options: {
    game: { type: 'string' },
    rounds: { type: 'string', default: '1000000' },
    variant: { type: 'string' },
    stake: { type: 'string', default: '10000' },
    seed: { type: 'string' },
    threads: { type: 'string', default: String(os.availableParallelism()) },
    help: { type: 'boolean', short: 'h' },
  },
});

function usage(message?: string): never {
  if (message) console.error(`error: ${message}`);
  console.error(
    'usage: npm run rtp -- --game <slot|roulette|blackjack|dice|plinko|all> --rounds N [--variant v] [--stake minor] [--seed hex]',
  );
  process.exit(2);
}

if (values.help) usage();
const game = values.game;
if (!game || (game !== 'all' && !GAME_NAMES.includes(game as GameName))) usage('--game is required');
if (!/^[1-9][0-9]*$/.test(values.rounds)) usage('--rounds must be a positive integer');
if (!/^[1-9][0-9]{0,14}$/.test(values.stake)) usage('--stake must be a positive integer of minor units');
const seed = values.seed ?? randomBytes(32).toString('hex');
if (!SERVER_SEED.test(seed)) usage('--seed must be 64 lowercase hex characters');
if (game === 'all' && values.variant) usage('--variant needs one --game');
if (!/^[1-9][0-9]{0,2}$/.test(values.threads)) usage('--threads must be from 1 to 999');
const threads = Number(values.threads);

const rounds = Number(values.rounds);
const stakeMinor = BigInt(values.stake);
const games: GameName[] = game === 'all' ? [...GAME_NAMES] : [game as GameName];

const pct = (x: number, digits = 4) => `${(x * 100).toFixed(digits)} %`;

function report(m: RtpMeasurement): void {
  const declaredPercent = formatRational({ num: m.declared.num * 100n, den: m.declared.den }, 4);
  const exact = m.declared.den.toString().length <= 30 ? `  (exact ${m.declared.num}/${m.declared.den})` : '';
  console.log(`${m.game} · variant ${m.variant} · stake ${stakeMinor} minor units · server seed ${seed}`);
  console.log(`  declared RTP  ${declaredPercent} %${exact}`);
  console.log(
    `  measured RTP  ${pct(m.measured)}  99 % CI [${pct(m.ci99[0])}, ${pct(m.ci99[1])}]  (±${(
      (m.ci99[1] - m.measured) * 100
    ).toFixed(4)} pp, SE ${(m.standardError * 100).toFixed(4)} pp)`,
  );
  console.log(`  staked ${m.staked} · paid ${m.paid} (minor units)`);
  const seconds = m.elapsedMs / 1000;
  console.log(
    `  rounds ${m.rounds} · elapsed ${seconds.toFixed(2)} s · ${Math.round(m.rounds / seconds)} rounds/s (${threads} thread${threads === 1 ? '' : 's'})`,
  );
  // What certification scale would take here: time grows with N, the interval shrinks with √N.
  const billion = 1e9;
  console.log(
    `  10⁹ rounds: about ${Math.round((billion / m.rounds) * seconds)} s at this speed, 99 % CI ±${(
      (m.ci99[1] - m.measured) * 100 * Math.sqrt(m.rounds / billion)
    ).toFixed(5)} pp`,
  );
  console.log(
    `  ${m.inside ? 'OK: declared RTP inside the 99 % CI' : 'FAIL: declared RTP outside the 99 % CI'}`,
  );
}

let failed = false;
for (const name of games) {
  let m: RtpMeasurement;
  try {
    m = await measureRtpParallel({
      game: name,
      ...(values.variant ? { variant: values.variant } : {}),
      rounds,
      stakeMinor,
      serverSeed: seed,
      threads,
    });
  } catch (error) {
    // Bad variant, round count or a stake the game refuses (the slot needs a multiple of 20).
    if (error instanceof RangeError || error instanceof GameInputError) usage(`${name}: ${error.message}`);
    throw error;
  }
  report(m);
  if (!m.inside) failed = true;
}
process.exit(failed ? 1 : 0);
