import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { CompensationFailedError, type Flow, type FlowStep, runFlow } from './flow-step.ts';

class Refused extends Error {}

/** A logger whose lines the test can read. */
function recordingLog() {
  const lines: { level: number; msg: string; step?: string }[] = [];
  const log = pino({ level: 'debug' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { log, lines };
}

/** A flow of steps that record what they did into `journal`; `fail` names steps that throw. */
function journalFlow(
  journal: string[],
  fail: Record<string, Error> = {},
  compensationFails: Record<string, Error> = {},
): Flow<null> {
  const step = (name: string, options: { taken?: boolean } = {}): FlowStep<null> => ({
    name,
    ...(options.taken
      ? {}
      : {
          async invoke() {
            const error = fail[name];
            if (error) throw error;
            journal.push(`do ${name}`);
          },
        }),
    async compensate(_run, failure) {
      const error = compensationFails[name];
      if (error) throw error;
      journal.push(`undo ${name} (${(failure as Error).message})`);
    },
  });
  return {
    name: 'test',
    steps: [step('hold', { taken: true }), step('reserve'), step('charge'), step('ship')],
    isDefinitive: (error) => error instanceof Refused,
  };
}

describe('runFlow', () => {
  it('runs the steps after a step its caller took, in order', async () => {
    const journal: string[] = [];
    await runFlow(journalFlow(journal), null, recordingLog().log, { after: 'hold' });
    expect(journal).toEqual(['do reserve', 'do charge', 'do ship']);
  });

  it('compensates the steps before a definitive failure, latest first, then throws the failure', async () => {
    const journal: string[] = [];
    const refused = new Refused('refused');
    const { log, lines } = recordingLog();
    const run = runFlow(journalFlow(journal, { ship: refused }), null, log, { after: 'hold' });
    await expect(run).rejects.toBe(refused);
    expect(journal).toEqual([
      'do reserve',
      'do charge',
      'undo charge (refused)',
      'undo reserve (refused)',
      'undo hold (refused)',
    ]);
    expect(lines.map((line) => line.msg)).toEqual(['flow step failed for good: compensating']);
  });

  it('undoes nothing when the outcome is unknown: the flow is left for a retry', async () => {
    const journal: string[] = [];
    const timeout = new Error('timeout');
    const { log, lines } = recordingLog();
    const run = runFlow(journalFlow(journal, { charge: timeout }), null, log, { after: 'hold' });
    await expect(run).rejects.toBe(timeout);
    expect(journal).toEqual(['do reserve']);
    expect(lines.map((line) => line.msg)).toEqual(['flow step outcome unknown: left for a retry']);
  });

  it('surfaces a failing compensation with both errors and stops undoing there', async () => {
    const journal: string[] = [];
    const refused = new Refused('refused');
    const broken = new Error('database away');
    const { log, lines } = recordingLog();
    const run = runFlow(journalFlow(journal, { ship: refused }, { reserve: broken }), null, log, {
      after: 'hold',
    });
    const error = await run.then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(CompensationFailedError);
    expect(error).toMatchObject({ step: 'reserve', failure: refused, cause: broken });
    // `hold` was not released on top of a half-undone flow: a person looks first.
    expect(journal).toEqual(['do reserve', 'do charge', 'undo charge (refused)']);
    expect(lines.find((line) => line.level === 50)).toMatchObject({
      msg: 'flow compensation failed: needs a person',
      step: 'reserve',
    });
  });

  it('throws at once when the first step it runs fails: nothing before it to undo', async () => {
    const journal: string[] = [];
    const flow: Flow<null> = {
      name: 'single',
      steps: [
        {
          name: 'only',
          invoke: async () => {
            throw new Refused('refused');
          },
          compensate: async () => {
            journal.push('undo only');
          },
        },
      ],
      isDefinitive: () => true,
    };
    await expect(runFlow(flow, null, recordingLog().log)).rejects.toBeInstanceOf(Refused);
    expect(journal).toEqual([]);
  });

  it('refuses to run a step its caller takes, and an unknown step name', async () => {
    const journal: string[] = [];
    await expect(runFlow(journalFlow(journal), null, recordingLog().log)).rejects.toThrow(
      'step hold is taken by its caller',
    );
    await expect(runFlow(journalFlow(journal), null, recordingLog().log, { after: 'nope' })).rejects.toThrow(
      'no step nope',
    );
    expect(journal).toEqual([]);
  });
});
