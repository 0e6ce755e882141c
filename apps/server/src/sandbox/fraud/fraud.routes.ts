/**
 * Fraud Sandbox, a SEON-shaped fraud-scoring provider mounted under /sandbox/fraud only when
 * SANDBOX is on (ADR 039). Another company's service sharing the process: the platform reaches it
 * over HTTP with its API key, exactly as it would a real one.
 *
 * - `GET /agent.js`: the fingerprint script. It defines `window.croupierFraudAgent.getSession()`,
 *   an opaque session value (`sbx_` + 32 random hex digits) kept for the tab's life.
 * - `POST /v1/score` (bearer API key, JSON `{ session, ip, user_agent, user_id }`): answers
 *   `{ id, fraud_score }`. The score is derived from the session value, so the same session always
 *   scores the same; a session value starting `sbx_high` scores 95 — the sandbox's way to play a
 *   risky device, like the payment sandbox's declining test cards.
 */
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

export const SANDBOX_HIGH_RISK_PREFIX = 'sbx_high';
export const SANDBOX_HIGH_SCORE = 95;
/** Ordinary sandbox sessions score below this. */
const SANDBOX_LOW_SCORE_CEILING = 30;

const AGENT_SCRIPT = `(() => {
  if (window.croupierFraudAgent) return;
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  const session = 'sbx_' + Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  window.croupierFraudAgent = { getSession: () => session };
  window.dispatchEvent(new Event('croupier-fraud-agent-ready'));
})();
`;

const scoreBody = z
  .object({
    session: z.string().regex(/^[A-Za-z0-9_-]{8,128}$/),
    ip: z.string().max(64),
    user_agent: z.string().max(1024).nullable(),
    user_id: z.string().max(32).nullable(),
  })
  .strict();

export function sandboxScore(session: string): number {
  if (session.startsWith(SANDBOX_HIGH_RISK_PREFIX)) return SANDBOX_HIGH_SCORE;
  const digest = createHash('sha256').update(session).digest();
  return (digest[0] ?? 0) % SANDBOX_LOW_SCORE_CEILING;
}

function sameKey(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export async function sandboxFraudRoutes(app: FastifyInstance, options: { apiKey: string }) {
  app.get('/agent.js', async (_request, reply) =>
    reply
      .header('content-type', 'text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(AGENT_SCRIPT),
  );

  app.post('/v1/score', { bodyLimit: 8 * 1024 }, async (request, reply) => {
    const auth = request.headers.authorization ?? '';
    if (!auth.startsWith('Bearer ') || !sameKey(auth.slice(7), options.apiKey)) {
      return reply.status(401).send({ error: 'invalid_api_key' });
    }
    const body = scoreBody.safeParse(request.body);
    if (!body.success) return reply.status(400).send({ error: 'invalid_request' });
    return reply
      .header('cache-control', 'no-store')
      .send({ id: `chk_${randomUUID()}`, fraud_score: sandboxScore(body.data.session) });
  });
}
