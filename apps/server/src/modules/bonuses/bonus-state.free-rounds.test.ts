import { describe, expect, it } from 'vitest';
import { type BonusState, BonusTransitionError, nextBonusState } from './bonus-state.ts';

const freeSpins: BonusState = {
  status: 'available',
  requiredMinor: 0n,
  progressMinor: 0n,
  completesOnActivation: false,
  freeRounds: true,
};

describe('free-spin bonus states (ADR 024)', () => {
  it('activates without funding and stays active while the pack is played', () => {
    const step = nextBonusState(freeSpins, { type: 'activate' });
    expect(step).toEqual({ state: { ...freeSpins, status: 'active' }, transitions: ['active'], effects: [] });
  });

  it('grows the requirement with each win and counts no stake until the pack ends', () => {
    const active = { ...freeSpins, status: 'active' as const };
    const won = nextBonusState(active, { type: 'free_round_win', requirementMinor: 1_000n });
    expect(won.state).toMatchObject({ status: 'active', requiredMinor: 1_000n });
    expect(won.transitions).toEqual([]);
    const staked = nextBonusState(won.state, { type: 'wager', contributionMinor: 5_000n });
    expect(staked.state).toEqual(won.state);
    expect(staked.effects).toEqual([]);
    const ended = nextBonusState(won.state, { type: 'free_rounds_end' });
    expect(ended).toMatchObject({ state: { status: 'wagering' }, transitions: ['wagering'], effects: [] });
    // From then on it is wagered like any bonus.
    const done = nextBonusState(ended.state, { type: 'wager', contributionMinor: 1_000n });
    expect(done).toMatchObject({ state: { status: 'completed' }, effects: ['convert'] });
  });

  it('completes at the end of a pack that left nothing to wager', () => {
    const ended = nextBonusState({ ...freeSpins, status: 'active' }, { type: 'free_rounds_end' });
    expect(ended).toMatchObject({
      state: { status: 'completed' },
      transitions: ['completed'],
      effects: ['convert'],
    });
  });

  it('refuses free-round actions out of place, and deactivation', () => {
    const active = { ...freeSpins, status: 'active' as const };
    expect(() => nextBonusState(active, { type: 'deactivate' })).toThrow(BonusTransitionError);
    expect(() => nextBonusState({ ...active, status: 'wagering' }, { type: 'free_rounds_end' })).toThrow(
      BonusTransitionError,
    );
    expect(() =>
      nextBonusState({ ...active, freeRounds: false }, { type: 'free_round_win', requirementMinor: 1n }),
    ).toThrow(BonusTransitionError);
    expect(() => nextBonusState(active, { type: 'free_round_win', requirementMinor: -1n })).toThrow(
      BonusTransitionError,
    );
    // Removal burns what its free rounds won.
    expect(nextBonusState(active, { type: 'remove' })).toMatchObject({
      state: { status: 'burned' },
      effects: ['burn'],
    });
  });
});
