/**
 * A ready-made round for "Try an example": a fixed (public, never used for play) server seed, its
 * commitment, and a roulette bet, so a visitor sees a verification without playing first.
 */
import { commitServerSeed } from '@croupier/games/fair';
import type { FairnessForm } from './fairness-input.ts';

const EXAMPLE_SERVER_SEED = '9f2c4e8a1b7d3f60c5a2e9b8d4f1a7c3e6b0d9f2a5c8e1b4d7f0a3c6e9b2d5f8';

export const EXAMPLE_FORM: FairnessForm = {
  game: 'roulette',
  serverSeed: EXAMPLE_SERVER_SEED,
  serverSeedHash: commitServerSeed(EXAMPLE_SERVER_SEED),
  clientSeed: 'my-lucky-seed',
  nonce: '1',
  bet: JSON.stringify({
    bets: [
      { type: 'red', stake: '100' },
      { type: 'straight', numbers: [17], stake: '50' },
    ],
  }),
  actions: '',
};
