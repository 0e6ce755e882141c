/**
 * The fraud-scoring provider behind an adapter (ADR 039), SEON-shaped: the browser runs the
 * provider's fingerprint script, which yields an opaque session value; the platform sends that value
 * with the request's address to the provider's scoring API and gets a score 0–100 back. The sandbox
 * provider (sandbox/fraud, mounted only when SANDBOX is on) and a real one are both reached over HTTP
 * through this interface, like the payment provider.
 */
import { z } from 'zod';

export interface FraudScoreInput {
  session: string;
  ip: string;
  userAgent: string | null;
  /** Our player id when the check came from a signed-in page. */
  playerId: bigint | null;
}

export interface FraudScore {
  /** 0 (clean) to 100 (certain fraud). */
  score: number;
  /** The provider's id of this check. */
  ref: string;
}

export interface FraudProvider {
  score(input: FraudScoreInput): Promise<FraudScore>;
}

/** The provider failed or answered something we cannot read: no score is stored. */
export class FraudProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'FraudProviderError';
  }
}

const REQUEST_TIMEOUT_MS = 5_000;

const scoreAnswer = z.object({
  id: z.string().min(1).max(100),
  fraud_score: z.number().min(0).max(100),
});

export function createHttpFraudProvider(options: {
  baseUrl: string;
  apiKey: string;
  fetch?: typeof fetch;
}): FraudProvider {
  const send = options.fetch ?? fetch;
  return {
    async score(input) {
      let response: Response;
      try {
        response = await send(`${options.baseUrl}/v1/score`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${options.apiKey}` },
          body: JSON.stringify({
            session: input.session,
            ip: input.ip,
            user_agent: input.userAgent,
            user_id: input.playerId === null ? null : String(input.playerId),
          }),
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
      } catch (error) {
        throw new FraudProviderError('fraud provider unreachable', { cause: error });
      }
      const text = await response.text();
      if (!response.ok) throw new FraudProviderError(`fraud provider answered ${response.status}`);
      let parsed: z.infer<typeof scoreAnswer>;
      try {
        parsed = scoreAnswer.parse(JSON.parse(text));
      } catch (error) {
        throw new FraudProviderError('fraud provider answer unreadable', { cause: error });
      }
      return { score: Math.round(parsed.fraud_score), ref: parsed.id };
    },
  };
}
