/**
 * A money flow as named steps, each with its compensation (Medusa's `createStep(id, invoke,
 * compensate)`): when a step fails for good, the compensations of the steps before it run in
 * reverse order, so the flow undoes what it did (a withdrawal whose payout the provider refuses
 * gets its held funds back). When the outcome is unknown (the provider timed out: the payout may
 * exist), nothing is undone: the step is retried later with the same idempotency key, which can
 * only find or create the one payout.
 *
 * A flow's steps often run at different moments: the first one in the player's request, in the
 * same database transaction as the record it belongs to (so a failure there rolls back and leaves
 * nothing to undo), the next ones on an operator's approval or a retry pass. Such a first step is
 * taken by its caller and listed here for its compensation; the runner resumes `after` it.
 */
import type { FastifyBaseLogger } from 'fastify';

export interface FlowStep<Run> {
  readonly name: string;
  /** Does the step; absent for a step its caller takes (see above). Results go into the run. */
  readonly invoke?: (run: Run) => Promise<void>;
  /** Undoes the step once a later step failed for good; absent: nothing to undo. */
  readonly compensate?: (run: Run, failure: unknown) => Promise<void>;
}

export interface Flow<Run> {
  readonly name: string;
  readonly steps: readonly FlowStep<Run>[];
  /** A definitive failure is compensated now; any other failure leaves the flow for a retry. */
  isDefinitive(error: unknown): boolean;
}

/**
 * A compensation that failed: the flow is left half undone and needs a person. It carries both
 * errors (the compensation's as `cause`, the step's as `failure`) so neither is lost.
 */
export class CompensationFailedError extends Error {
  readonly flow: string;
  readonly step: string;
  readonly failure: unknown;
  constructor(flow: string, step: string, failure: unknown, cause: unknown) {
    super(`${flow}: compensation of ${step} failed`, { cause });
    this.name = 'CompensationFailedError';
    this.flow = flow;
    this.step = step;
    this.failure = failure;
  }
}

/**
 * Runs the steps of `flow` in order (those after `options.after`, which were taken before). A step
 * that fails for good has the steps before it compensated, latest first, then its error is thrown
 * again; a compensation that fails stops the undoing and throws `CompensationFailedError`.
 */
export async function runFlow<Run>(
  flow: Flow<Run>,
  run: Run,
  log: FastifyBaseLogger,
  options: { after?: string } = {},
): Promise<void> {
  const start = options.after === undefined ? 0 : stepIndex(flow, options.after) + 1;
  for (let index = start; index < flow.steps.length; index += 1) {
    const step = flow.steps[index] as FlowStep<Run>;
    if (!step.invoke) throw new Error(`${flow.name}: step ${step.name} is taken by its caller`);
    try {
      await step.invoke(run);
    } catch (error) {
      const done = flow.steps.slice(0, index).reverse();
      if (!done.some((earlier) => earlier.compensate)) throw error;
      if (!flow.isDefinitive(error)) {
        log.warn(
          { flow: flow.name, step: step.name, err: error },
          'flow step outcome unknown: left for a retry',
        );
        throw error;
      }
      log.warn({ flow: flow.name, step: step.name, err: error }, 'flow step failed for good: compensating');
      for (const earlier of done) {
        if (!earlier.compensate) continue;
        try {
          await earlier.compensate(run, error);
        } catch (compensationError) {
          log.error(
            { flow: flow.name, step: earlier.name, err: compensationError, failure: error },
            'flow compensation failed: needs a person',
          );
          throw new CompensationFailedError(flow.name, earlier.name, error, compensationError);
        }
      }
      throw error;
    }
  }
}

function stepIndex<Run>(flow: Flow<Run>, name: string): number {
  const index = flow.steps.findIndex((step) => step.name === name);
  if (index < 0) throw new Error(`${flow.name}: no step ${name}`);
  return index;
}
