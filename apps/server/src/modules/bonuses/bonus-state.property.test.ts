/**
 * Property tests of the bonus state machine with a simple model of the money (main, bonus,
 * house): for random sequences of activate / deactivate / remove / expire / bet / win / rollback,
 * no illegal transition happens, wagering never completes before the requirement, the bonus money
 * never reaches main before completion, and main + bonus never exceed what the rules allow.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type BonusAction,
  type BonusState,
  BonusTransitionError,
  canTransition,
  FINAL_STATUSES,
  isFunded,
  nextBonusState,
  weightedStake,
} from './bonus-state.ts';

type Op =
  | { type: 'activate' | 'deactivate' | 'remove' | 'expire' }
  | { type: 'bet'; stake: bigint; weight: number }
  | { type: 'win'; amount: bigint }
  | { type: 'rollback' };

// Bets dominate (so that requirements are reached, often exactly); the other actions are rarer.
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    arbitrary: fc.record({
      type: fc.constant('bet' as const),
      stake: fc.oneof(fc.bigInt({ min: 1n, max: 20n }), fc.bigInt({ min: 1n, max: 2_000n })),
      weight: fc.constantFrom(0, 10, 50, 100),
    }),
    weight: 12,
  },
  {
    arbitrary: fc.record({ type: fc.constant('win' as const), amount: fc.bigInt({ min: 1n, max: 20_000n }) }),
    weight: 3,
  },
  { arbitrary: fc.constant<Op>({ type: 'rollback' }), weight: 2 },
  { arbitrary: fc.constantFrom<Op>({ type: 'activate' }, { type: 'deactivate' }), weight: 2 },
  { arbitrary: fc.constantFrom<Op>({ type: 'remove' }, { type: 'expire' }), weight: 1 },
);

const scenario = fc.record({
  amount: fc.oneof(fc.bigInt({ min: 1n, max: 30n }), fc.bigInt({ min: 1n, max: 10_000n })),
  multiplier: fc.integer({ min: 0, max: 10 }),
  maxWin: fc.option(fc.bigInt({ min: 1n, max: 30_000n }), { nil: null }),
  initialMain: fc.bigInt({ min: 0n, max: 20_000n }),
  activateFirst: fc.boolean(),
  ops: fc.array(op, { maxLength: 80 }),
});

describe('bonus state machine (property)', () => {
  it('keeps every transition legal and the money within the rules', () => {
    fc.assert(
      fc.property(scenario, ({ amount, multiplier, maxWin, initialMain, activateFirst, ops: drawn }) => {
        const ops: Op[] = activateFirst ? [{ type: 'activate' }, ...drawn] : drawn;
        let state: BonusState = {
          status: 'available',
          requiredMinor: amount * BigInt(multiplier),
          progressMinor: 0n,
          completesOnActivation: false,
        };
        const books = { main: initialMain, bonus: 0n, house: 10n ** 9n };
        const total = books.main + books.bonus + books.house;
        let converted = 0n;
        let winsToMain = 0n;
        let lastBet: { real: bigint; fromBonus: bigint; counted: bigint } | null = null;

        for (const operation of ops) {
          let action: BonusAction | null = null;
          let money: (() => void) | null = null;
          if (operation.type === 'bet') {
            if (operation.stake > books.main + books.bonus) continue; // refused by the ledger
            // Real money first, then bonus.
            const real = operation.stake < books.main ? operation.stake : books.main;
            const fromBonus = operation.stake - real;
            const counts = isFunded(state.status) ? weightedStake(operation.stake, operation.weight) : 0n;
            money = () => {
              books.main -= real;
              books.bonus -= fromBonus;
              books.house += operation.stake;
            };
            lastBet = { real, fromBonus, counted: counts };
            if (counts > 0n) action = { type: 'wager', contributionMinor: counts };
            else {
              money();
              money = null;
            }
          } else if (operation.type === 'win') {
            // While funded, wins go to the bonus balance; otherwise to main.
            if (isFunded(state.status)) books.bonus += operation.amount;
            else {
              books.main += operation.amount;
              winsToMain += operation.amount;
            }
            books.house -= operation.amount;
          } else if (operation.type === 'rollback') {
            if (lastBet === null) continue;
            // Each part goes back where it came from; bonus money of a bonus no longer funded stays
            // with the house (it was forfeited).
            books.main += lastBet.real;
            books.house -= lastBet.real;
            winsToMain += lastBet.real;
            if (isFunded(state.status)) {
              books.bonus += lastBet.fromBonus;
              books.house -= lastBet.fromBonus;
            }
            if (lastBet.counted > 0n && isFunded(state.status)) {
              action = { type: 'wager', contributionMinor: -lastBet.counted };
            }
            lastBet = null;
          } else {
            if (operation.type === 'deactivate' && state.status === 'active' && books.bonus !== amount)
              continue;
            action = { type: operation.type };
          }
          money?.();
          if (action === null) continue;

          const before = state;
          let step: ReturnType<typeof nextBonusState>;
          try {
            step = nextBonusState(state, action);
          } catch (error) {
            expect(error).toBeInstanceOf(BonusTransitionError);
            // A refusal changes nothing; a final bonus refuses everything.
            continue;
          }
          let from = before.status;
          for (const to of step.transitions) {
            expect(canTransition(from, to), `${from} → ${to}`).toBe(true);
            from = to;
          }
          expect(FINAL_STATUSES.includes(before.status)).toBe(false);
          for (const effect of step.effects) {
            if (effect === 'fund') {
              books.house -= amount;
              books.bonus += amount;
            } else if (effect === 'unfund') {
              books.bonus -= amount;
              books.house += amount;
            } else if (effect === 'burn') {
              books.house += books.bonus;
              books.bonus = 0n;
            } else {
              // Conversion only on completion, only once the requirement is met.
              expect(step.state.status).toBe('completed');
              expect(step.state.progressMinor >= step.state.requiredMinor).toBe(true);
              const out = maxWin !== null && books.bonus > maxWin ? maxWin : books.bonus;
              books.main += out;
              books.house += books.bonus - out;
              books.bonus = 0n;
              converted += out;
            }
          }
          state = step.state;

          // Never completed before the requirement.
          if (state.status === 'completed') expect(state.progressMinor >= state.requiredMinor).toBe(true);
          else if (isFunded(state.status)) expect(state.progressMinor < state.requiredMinor).toBe(true);
          expect(state.progressMinor >= 0n).toBe(true);
          // No money converts before completion.
          if (state.status !== 'completed') expect(converted).toBe(0n);
          // Bonus money exists only while the bonus is funded.
          if (!isFunded(state.status)) expect(books.bonus).toBe(0n);
        }
        // Conservation and the caps: main grows only by its own wins and refunds and by at most
        // max win from the bonus; nothing negative.
        expect(books.main + books.bonus + books.house).toBe(total);
        expect(books.main >= 0n && books.bonus >= 0n).toBe(true);
        if (maxWin !== null) expect(converted <= maxWin).toBe(true);
        expect(books.main <= initialMain + winsToMain + converted).toBe(true);
        if (!isFunded(state.status)) expect(books.bonus).toBe(0n);
      }),
      { numRuns: 1000 },
    );
  });

  it('refuses what a status does not allow', () => {
    const base = { requiredMinor: 100n, progressMinor: 0n, completesOnActivation: false };
    expect(() => nextBonusState({ ...base, status: 'active' }, { type: 'activate' })).toThrow(
      BonusTransitionError,
    );
    expect(() => nextBonusState({ ...base, status: 'wagering' }, { type: 'deactivate' })).toThrow(
      BonusTransitionError,
    );
    expect(() =>
      nextBonusState({ ...base, status: 'available' }, { type: 'wager', contributionMinor: 5n }),
    ).toThrow(BonusTransitionError);
    for (const status of FINAL_STATUSES) {
      for (const type of ['activate', 'deactivate', 'remove', 'expire'] as const) {
        expect(() => nextBonusState({ ...base, status }, { type })).toThrow(BonusTransitionError);
      }
    }
  });

  it('weights stakes toward zero and symmetrically', () => {
    expect(weightedStake(999n, 10)).toBe(99n);
    expect(weightedStake(-999n, 10)).toBe(-99n);
    expect(weightedStake(5n, 100)).toBe(5n);
    expect(() => weightedStake(5n, 101)).toThrow();
  });
});
