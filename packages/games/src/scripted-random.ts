/**
 * A random source that returns given values, for rule tests that need a particular outcome (a grid,
 * a roll, a path). Each value must lie in the range asked for; running out is an error, so a test
 * also pins down how many draws a round takes.
 */
import type { IntSource } from './fair.ts';

export interface ScriptedRandom extends IntSource {
  /** The ranges asked for, in order. */
  readonly asked: number[];
  remaining(): number;
}

export function scriptedRandom(values: readonly number[]): ScriptedRandom {
  const asked: number[] = [];
  let next = 0;
  return {
    asked,
    remaining: () => values.length - next,
    int(n: number): number {
      const value = values[next];
      if (value === undefined) throw new RangeError(`scripted random ran out after ${next} draws`);
      if (!Number.isInteger(value) || value < 0 || value >= n) {
        throw new RangeError(`scripted value ${value} is not in [0, ${n})`);
      }
      asked.push(n);
      next += 1;
      return value;
    },
  };
}
