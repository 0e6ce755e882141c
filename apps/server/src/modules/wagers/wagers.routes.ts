/**
 * `GET /health/wagers`: each wager consumer's lag (ADR 019) as JSON — position, head, events
 * behind, age of the oldest unapplied event. Answered to requests made on this machine only (the
 * node's monitoring agent, an operator's curl): lag figures are harmless but are operations data,
 * not something to hand the internet or to let anyone poll into COUNT queries. Elsewhere: 404.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WagersService } from './wagers.service.ts';

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

/** From a loopback address, and not relayed by a proxy (a local proxy connects from loopback for anyone). */
function isLocalRequest(request: FastifyRequest): boolean {
  const { headers } = request;
  if (headers['x-forwarded-for'] || headers.forwarded || headers['x-real-ip']) return false;
  const local = (address: string | undefined) => address !== undefined && LOOPBACK.test(address);
  return local(request.socket.remoteAddress) && local(request.ip);
}

export async function wagersRoutes(app: FastifyInstance, options: { wagers: WagersService }) {
  app.get('/health/wagers', async (request, reply) => {
    if (!isLocalRequest(request)) return reply.code(404).send({ status: 'error', code: 'not_found' });
    reply.header('cache-control', 'no-store');
    return { consumers: await options.wagers.lag() };
  });
}
