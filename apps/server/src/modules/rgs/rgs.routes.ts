/**
 * The game server's HTTP face, mounted under /rgs: the launch the platform redirects a game frame
 * to, and the JSON client API the game pages call (docs/game-server.md). Errors use the
 * client API's own envelope `{ error: { code, message, field?, balance? } }`; a malformed body is a
 * typed 4xx, never a 500. Requests authenticate with `X-Rgs-Session` (a header, not a cookie, so a
 * cross-site page cannot ride on it).
 */
import { isDatabaseUnavailableError } from '@croupier/db/client';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../lib/app-error.ts';
import { RGS_ERROR_STATUS, RgsError, type RgsErrorBody } from './rgs.errors.ts';
import type { RgsService } from './rgs.service.ts';
import type { LaunchQuery, RgsContext } from './rgs-model.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The in-house game server: tests drive its outbox pass with it. */
    rgs?: RgsService;
  }
}

export interface RgsRoutesOptions {
  rgs: RgsService;
}

/** Docs: wallet bodies are at most 16 KiB; the client API's are smaller still. */
const API_BODY_LIMIT_BYTES = 16 * 1024;
export const SESSION_HEADER = 'x-rgs-session';

function headerValue(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The client's error for a body Fastify could not read, in the vocabulary of the route. */
function bodyError(request: FastifyRequest, status: number): RgsErrorBody {
  const route = request.routeOptions.url ?? '';
  const message =
    status === 413
      ? 'The request body is too large'
      : status === 415
        ? 'Send the body as application/json'
        : 'The request body is not valid JSON';
  if (route.endsWith('/seeds')) return { error: { code: 'seed_invalid', message, field: 'clientSeed' } };
  if (route.endsWith('/actions')) return { error: { code: 'illegal_action', message, field: 'action' } };
  return { error: { code: 'bad_bet', message, field: 'bet' } };
}

async function apiRoutes(app: FastifyInstance, options: RgsRoutesOptions) {
  const { rgs } = options;

  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    if (error instanceof RgsError) {
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(error.httpStatus).send(error.toBody());
    }
    const status = error.statusCode;
    if (status !== undefined && status >= 400 && status < 500) {
      const body = bodyError(request, status);
      return reply.status(RGS_ERROR_STATUS[body.error.code]).send(body);
    }
    if (isDatabaseUnavailableError(error)) {
      // The game server's database connection failed: the client's retryable 503. A round caught
      // half-way is finished by the outbox (its win sent, or its bet rolled back), never lost.
      request.log.warn({ err: error }, 'RGS API call failed: database unavailable');
      const unavailable = new RgsError(
        'wallet_unavailable',
        'The game server is briefly unavailable: try again in a moment',
        { retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS },
      );
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return reply.status(unavailable.httpStatus).send(unavailable.toBody());
    }
    request.log.error({ err: error }, 'RGS API error');
    return reply
      .status(500)
      .send({ error: { code: 'internal_error', message: 'Something went wrong: nothing was played' } });
  });

  const context = (request: FastifyRequest): Promise<RgsContext> =>
    rgs.resolve(headerValue(request, SESSION_HEADER));
  const json = { bodyLimit: API_BODY_LIMIT_BYTES };

  app.get('/session', async (request) => rgs.session(await context(request)));

  app.post('/rounds', json, async (request) => rgs.startRound(await context(request), request.body));

  app.post<{ Params: { roundId: string } }>('/rounds/:roundId/actions', json, async (request) =>
    rgs.roundAction(await context(request), request.params.roundId, request.body),
  );

  app.post('/seeds', json, async (request) => rgs.rotateSeeds(await context(request), request.body));

  app.get<{ Querystring: { limit?: string } }>('/rounds', async (request) =>
    rgs.listRounds(await context(request), request.query.limit),
  );

  app.get<{ Params: { roundId: string } }>('/rounds/:roundId', async (request) =>
    rgs.roundDetail(await context(request), request.params.roundId),
  );

  // Anything else under the API is the game server's 404, not the site's page.
  app.all('/*', async (_request, reply: FastifyReply) =>
    reply.status(404).send({ error: { code: 'not_found', message: 'No such endpoint' } }),
  );
}

/** Register with `{ prefix: '/rgs' }`. The outbox loop starts when the app is ready and stops on close. */
export async function rgsRoutes(app: FastifyInstance, options: RgsRoutesOptions) {
  const { rgs } = options;
  app.addHook('onReady', async () => {
    rgs.start();
  });
  app.addHook('onClose', async () => {
    await rgs.stop();
  });

  app.get<{ Querystring: LaunchQuery }>('/launch', async (request, reply) => {
    let location: string;
    try {
      location = await rgs.launch(request.query, { ip: request.ip });
    } catch (error) {
      request.log.error({ err: error }, 'RGS launch failed');
      location = request.query.lang === 'fr' ? '/fr/slot-error?embedded=1' : '/slot-error?embedded=1';
    }
    // The launch URL carries the platform's token: never cached, never sent on as a Referer.
    return reply
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .redirect(location, 302);
  });

  await app.register(apiRoutes, { rgs, prefix: '/api' });
}
