/**
 * The push streams' HTTP edge (ADR 037), server-sent events:
 * - `GET /api/stream`: the signed-in player's stream (session cookie); 401 without an active
 *   session, nothing streamed;
 * - `GET /api/stream/public`: the guests' tickers (jackpot amounts, big wins).
 * Both refuse pages of other sites (403: a foreign page must not read a player's balance through
 * their cookies), a client over its stream cap (429) and a node at its cap (503). `Last-Event-ID`
 * resumes; anything but a believable id is ignored (push.service.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { firstHeader } from '../../lib/webhook-scope.ts';
import { SESSION_COOKIE, type SessionService } from '../auth/session.service.ts';
import type { PushService, StreamRefusal } from './push.service.ts';

const REFUSAL_STATUS: Record<StreamRefusal, number> = { too_many_streams: 429, node_full: 503 };

function refuse(reply: FastifyReply, status: number, code: string) {
  return reply.code(status).header('cache-control', 'no-store').send({ error: code });
}

export async function pushRoutes(
  app: FastifyInstance,
  options: {
    sessions: SessionService;
    push: PushService;
    /** The API's cross-site check (http/csrf.ts), given by the edge. */
    isCrossSite: (request: FastifyRequest) => boolean;
  },
) {
  const { sessions, push, isCrossSite: crossSite } = options;

  async function open(request: FastifyRequest, reply: FastifyReply, playerId: bigint | null) {
    const refusal = push.admit({ playerId, ip: request.ip });
    if (refusal) {
      if (refusal === 'node_full') reply.header('retry-after', '5');
      return refuse(reply, REFUSAL_STATUS[refusal], refusal);
    }
    // The stream outlives Fastify's reply: the raw response is written until the client leaves.
    reply.hijack();
    const response = reply.raw;
    response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-store, no-transform',
      connection: 'keep-alive',
      // Proxies (nginx) must pass events on as they come.
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
      'x-request-id': request.id,
    });
    response.flushHeaders();
    request.raw.socket.setKeepAlive(true);
    request.raw.socket.setNoDelay(true);
    await push.attach({
      playerId,
      ip: request.ip,
      lastEventId: firstHeader(request, 'last-event-id'),
      response,
    });
  }

  app.get('/api/stream', async (request, reply) => {
    if (crossSite(request)) return refuse(reply, 403, 'cross_site');
    const session = await sessions.resolve(request.cookies[SESSION_COOKIE]);
    if (session?.playerStatus !== 'active') return refuse(reply, 401, 'unauthorized');
    return open(request, reply, session.playerId);
  });

  app.get('/api/stream/public', async (request, reply) => {
    if (crossSite(request)) return refuse(reply, 403, 'cross_site');
    return open(request, reply, null);
  });
}
