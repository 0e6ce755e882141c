import { z } from 'zod';

/**
 * Where a player's identity verification stands (ADR 026): not started, documents sent and under
 * review, verified, declined with a new try allowed, or declined for good.
 */
export const verificationStatus = z.enum(['not_started', 'pending', 'verified', 'retry', 'rejected']);
export type VerificationStatus = z.infer<typeof verificationStatus>;

export const verificationStateOutput = z.object({ status: verificationStatus });
