/**
 * Replays a round from its revealed seeds, its bet and its actions, exactly as the game server
 * played it, and checks the server seed against the commitment shown before play. Pure: the
 * fairness page runs it in the browser with the default HMAC (@noble/hashes); the verify-round
 * script passes node:crypto's. See docs/provably-fair.md.
 */
import { WIDE_LIMITS } from './bet-input.ts';
import { GAME_NAMES, GameInputError, type GameName } from './engine.ts';
import { commitServerSeed, FairRandom, type HmacSha256, nobleHmacSha256, seedProblem } from './fair.ts';
import { ENGINES } from './registry.ts';

export interface RoundRecord {
  game: GameName;
  serverSeed: string;
  serverSeedHash?: string;
  clientSeed: string;
  nonce: number;
  bet: unknown;
  actions: unknown[];
}

export interface Replay {
  /** SHA-256 of the server seed's 64 ASCII characters, hex. */
  computedHash: string;
  /** Whether computedHash equals the given serverSeedHash; null when none was given. */
  hashMatches: boolean | null;
  /** Everything the round staked (blackjack doubles, splits and insurance included), minor units. */
  stake: bigint;
  /** Everything the round paid, minor units; 0n while it is not done. */
  payout: bigint;
  done: boolean;
  view: unknown;
}

/** A round takes a handful of actions (blackjack: at most a few dozen); more is not a real round. */
export const MAX_ACTIONS = 200;

export function replayRound(record: RoundRecord, hmac: HmacSha256 = nobleHmacSha256): Replay {
  if (!GAME_NAMES.includes(record.game)) {
    throw new GameInputError('game_invalid', `unknown game ${String(record.game)}`, 'game');
  }
  const seeds = { serverSeed: record.serverSeed, clientSeed: record.clientSeed, nonce: record.nonce };
  const problem = seedProblem(seeds);
  if (problem) {
    const field =
      problem === 'server_seed' ? 'serverSeed' : problem === 'client_seed' ? 'clientSeed' : 'nonce';
    throw new GameInputError('seed_invalid', `bad ${problem.replace('_', ' ')}`, field);
  }
  if (!Array.isArray(record.actions) || record.actions.length > MAX_ACTIONS) {
    throw new GameInputError(
      'actions_invalid',
      `actions must be a list of at most ${MAX_ACTIONS}`,
      'actions',
    );
  }
  const computedHash = commitServerSeed(record.serverSeed);
  if (record.serverSeedHash !== undefined && typeof record.serverSeedHash !== 'string') {
    throw new GameInputError('seed_invalid', 'the server seed hash must be a hex string', 'serverSeedHash');
  }
  const given = record.serverSeedHash?.trim().toLowerCase();
  const hashMatches = given === undefined || given === '' ? null : given === computedHash;

  const engine = ENGINES[record.game];
  const bet = engine.parseBet(record.bet, WIDE_LIMITS);
  let step = engine.start(bet, new FairRandom(seeds, hmac));
  let stake = step.stake;
  record.actions.forEach((action, i) => {
    if (step.done || !engine.act) {
      throw new GameInputError('illegal_action', `action ${i + 1} comes after the round ended`, 'actions');
    }
    step = engine.act(step.state, action, WIDE_LIMITS);
    stake += step.stake;
  });
  return {
    computedHash,
    hashMatches,
    stake,
    payout: step.done ? step.payout : 0n,
    done: step.done,
    view: engine.view(step.state),
  };
}
