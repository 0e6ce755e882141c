import { describe, expect, it } from 'vitest';
import { GAME_NAMES, GameInputError, type GameName } from './engine.ts';
import { commitServerSeed, FairRandom } from './fair.ts';
import { nodeHmacSha256 } from './node-hmac.ts';
import { ENGINES } from './registry.ts';
import { type RoundRecord, replayRound } from './verify.ts';

const SERVER_SEED = '0f'.repeat(32);
const SEEDS = { serverSeed: SERVER_SEED, clientSeed: 'lucky_7', nonce: 0 };
const LIMITS = { minStakeMinor: 10n, maxStakeMinor: 100_000n };

const BETS: Record<GameName, unknown> = {
  slot: { stake: '200' },
  roulette: {
    bets: [
      { type: 'dozen', numbers: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], stake: '50' },
      { type: 'red', stake: '100' },
    ],
  },
  blackjack: { stake: '100' },
  dice: { stake: '250', target: 3300, direction: 'under' },
  plinko: { stake: '100', rows: 12, risk: 'medium' },
};

/**
 * Plays a round the way the game server does (node:crypto HMAC, the session's limits) and keeps
 * what the server stores: the bet input, the actions, the view, the money.
 */
function playAndRecord(game: GameName, nonce: number, pickAction: (legal: string[], i: number) => string) {
  const engine = ENGINES[game];
  const bet = engine.parseBet(BETS[game], LIMITS);
  let step = engine.start(bet, new FairRandom({ ...SEEDS, nonce }, nodeHmacSha256));
  let stake = step.stake;
  const actions: unknown[] = [];
  for (let i = 0; !step.done && i < 100; i += 1) {
    const view = engine.view(step.state) as { actions: string[] };
    const action = { type: pickAction(view.actions, i) };
    actions.push(action);
    step = engine.act!(step.state, action, LIMITS);
    stake += step.stake;
  }
  const record: RoundRecord = {
    game,
    serverSeed: SERVER_SEED,
    serverSeedHash: commitServerSeed(SERVER_SEED),
    clientSeed: SEEDS.clientSeed,
    nonce,
    bet: JSON.parse(JSON.stringify(BETS[game])),
    actions: JSON.parse(JSON.stringify(actions)),
  };
  return { record, stake, payout: step.payout, view: JSON.parse(JSON.stringify(engine.view(step.state))) };
}

describe('replayRound', { timeout: 30_000 }, () => {
  it.each(GAME_NAMES.filter((g) => g !== 'blackjack'))(
    'reproduces recorded %s rounds in the browser build (noble HMAC)',
    (game) => {
      for (let nonce = 0; nonce < 25; nonce += 1) {
        const recorded = playAndRecord(game, nonce, () => 'stand');
        const replay = replayRound(recorded.record);
        expect(replay).toEqual({
          computedHash: recorded.record.serverSeedHash,
          hashMatches: true,
          stake: recorded.stake,
          payout: recorded.payout,
          done: true,
          view: recorded.view,
        });
      }
    },
  );

  it('reproduces recorded blackjack rounds with their actions', () => {
    let withActions = 0;
    for (let nonce = 0; nonce < 40; nonce += 1) {
      // Vary the play: take the first legal action on even nonces (hit, or insurance), the last on odd.
      const recorded = playAndRecord('blackjack', nonce, (legal) =>
        nonce % 2 ? legal[legal.length - 1]! : legal[0]!,
      );
      if (recorded.record.actions.length > 0) withActions += 1;
      const replay = replayRound(recorded.record, nodeHmacSha256);
      expect(replay.view).toEqual(recorded.view);
      expect(replay.stake).toBe(recorded.stake);
      expect(replay.payout).toBe(recorded.payout);
      expect(replay.done).toBe(true);
    }
    expect(withActions).toBeGreaterThan(20);
  });

  it('replays an unfinished round as not done, with nothing paid yet', () => {
    for (let nonce = 0; nonce < 40; nonce += 1) {
      const replay = replayRound({ game: 'blackjack', ...SEEDS, nonce, bet: BETS.blackjack, actions: [] });
      if (!replay.done) {
        expect(replay.payout).toBe(0n);
        expect(replay.stake).toBe(100n);
        return;
      }
    }
    throw new Error('every round was a blackjack: impossible');
  });

  it('checks the commitment: match, mismatch, not given', () => {
    const base = { game: 'dice' as const, ...SEEDS, bet: BETS.dice, actions: [] };
    const hash = commitServerSeed(SERVER_SEED);
    expect(replayRound({ ...base, serverSeedHash: hash }).hashMatches).toBe(true);
    expect(replayRound({ ...base, serverSeedHash: hash.toUpperCase() }).hashMatches).toBe(true);
    expect(replayRound({ ...base, serverSeedHash: commitServerSeed('1f'.repeat(32)) }).hashMatches).toBe(
      false,
    );
    expect(replayRound({ ...base, serverSeedHash: 'not a hash' }).hashMatches).toBe(false);
    expect(replayRound(base).hashMatches).toBeNull();
    expect(replayRound(base).computedHash).toBe(hash);
  });

  it('gives another outcome for another seed, client seed or nonce', () => {
    const roll = (change: Partial<RoundRecord>) =>
      (
        replayRound({ game: 'dice', ...SEEDS, bet: BETS.dice, actions: [], ...change }).view as {
          roll: number;
        }
      ).roll;
    const rolls = new Set([
      roll({}),
      roll({ nonce: 1 }),
      roll({ clientSeed: 'lucky_8' }),
      roll({ serverSeed: '1f'.repeat(32) }),
    ]);
    expect(rolls.size).toBe(4);
  });

  const codeOf = (record: Partial<RoundRecord>) => {
    try {
      replayRound({ game: 'slot', ...SEEDS, bet: BETS.slot, actions: [], ...record } as RoundRecord);
    } catch (error) {
      if (error instanceof GameInputError) return [error.code, error.field];
      throw error;
    }
    return ['accepted'];
  };

  it.each([
    [{ serverSeed: 'zz'.repeat(32) }, ['seed_invalid', 'serverSeed']],
    [{ serverSeed: SERVER_SEED.toUpperCase() }, ['seed_invalid', 'serverSeed']],
    [{ clientSeed: '' }, ['seed_invalid', 'clientSeed']],
    [{ nonce: -1 }, ['seed_invalid', 'nonce']],
    [{ nonce: 2 ** 31 }, ['seed_invalid', 'nonce']],
    [{ game: 'poker' as GameName }, ['game_invalid', 'game']],
    [{ serverSeedHash: 42 as unknown as string }, ['seed_invalid', 'serverSeedHash']],
    [{ bet: { stake: '-1' } }, ['stake_invalid', 'stake']],
    [{ bet: { stake: '1'.padEnd(17, '0') } }, ['stake_above_max', 'stake']],
    [{ actions: [{ type: 'hit' }] }, ['illegal_action', 'actions']],
    [{ actions: 'hit' as unknown as unknown[] }, ['actions_invalid', 'actions']],
    [{ actions: new Array(201).fill({ type: 'hit' }) }, ['actions_invalid', 'actions']],
  ])('refuses %j', (change, expected) => {
    expect(codeOf(change)).toEqual(expected);
  });

  it('refuses a blackjack action that was not legal', () => {
    expect(() =>
      replayRound({ game: 'blackjack', ...SEEDS, bet: BETS.blackjack, actions: [{ type: 'fold' }] }),
    ).toThrow(GameInputError);
  });
});
