/**
 * One step of a money flow with its compensation (Medusa's `createStep(id, invoke, compensate)`):
 * when the step fails for good, the compensation undoes what the flow did before it (a withdrawal
 * whose payout the provider refuses gets its held funds back). When the outcome is unknown (the
 * provider timed out: the payout may exist), nothing is undone: the step is retried later with
 * the same idempotency key, which can only find or create the one payout.
 */
import type { FastifyBaseLogger } from 'fastify';

export interface FlowStep<In, Out> {
  name: string;
  invoke(input: In): Promise<Out>;
  compensate(input: In, error: unknown): Promise<void>;
  /** A definitive failure is compensated now; any other failure leaves the flow for a retry. */
  isDefinitive(error: unknown): boolean;
}

export async function runStep<In, Out>(
  step: FlowStep<In, Out>,
  input: In,
  log: FastifyBaseLogger,
): Promise<Out> {
  try {
    return await step.invoke(input);
  } catch (error) {
    if (step.isDefinitive(error)) {
      log.warn({ step: step.name, err: error }, 'flow step failed for good: compensating');
      await step.compensate(input, error);
    } else {
      log.warn({ step: step.name, err: error }, 'flow step outcome unknown: left for a retry');
    }
    throw error;
  }
}
