/**
 * The game hall's HTTP routes outside the API:
 * - `GET /platform/game/{sysname}/play` and `GET /platform/game/custom/{code}/play` (query `mode`
 *   real|demo, `lang` en|fr): the launcher, a 302 to the provider's launch URL or to the slot
 *   error page (games.launch.ts);
 * - `GET /media/games/{sysname}.svg`: the game's artwork (games.art.ts);
 * - `GET /api/games/history-export/{id}.csv`: a ready history export, to its owner only (session
 *   cookie), 404 for anyone else.
 */

import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requestLocale } from '../../lib/request-locale.ts';
import { firstHeader } from '../../lib/webhook-scope.ts';
import { SESSION_COOKIE, type SessionService } from '../auth/session.service.ts';
import { gameArtSvg } from './games.art.ts';
import { catalogueGame } from './games.catalogue.ts';
import { type LaunchDeps, type LaunchMode, resolveLaunch, slotErrorPath } from './games.launch.ts';
import type { GamesService } from './games.service.ts';

const SYSNAME = /^[a-z0-9][a-z0-9_-]{0,63}$/;
const ART_FILE = /^([a-z0-9][a-z0-9_-]{0,63})\.svg$/;
const EXPORT_FILE = /^([1-9][0-9]{0,17})\.csv$/;
const ART_MAX_AGE_SECONDS = 86_400;

function launchMode(mode: unknown): LaunchMode | undefined {
  if (mode === undefined || mode === '') return 'demo';
  return mode === 'real' || mode === 'demo' ? mode : undefined;
}

export async function gamesRoutes(
  app: FastifyInstance,
  options: {
    sessions: SessionService;
    games: GamesService;
    /** What a launch asks of the other modules (balance currency, age gate, game wallet). */
    launch: Omit<LaunchDeps, 'sessions' | 'findGame'>;
  },
) {
  const { sessions, games } = options;
  const launchDeps: LaunchDeps = { ...options.launch, sessions, findGame: (by) => games.findGame(by) };

  async function launch(
    request: FastifyRequest<{ Querystring: Record<string, unknown> }>,
    reply: FastifyReply,
    game: { sysname: string } | { customCode: string } | undefined,
  ) {
    const query = request.query ?? {};
    const locale = requestLocale(request, typeof query.lang === 'string' ? query.lang : undefined);
    const mode = launchMode(query.mode);
    reply.header('cache-control', 'no-store');
    reply.header('referrer-policy', 'no-referrer');
    const result =
      game === undefined || mode === undefined
        ? { ok: false as const, reason: 'bad_request', location: slotErrorPath(locale) }
        : await resolveLaunch(launchDeps, {
            game,
            mode,
            locale,
            sessionToken: request.cookies[SESSION_COOKIE],
            path: typeof query.path === 'string' ? query.path : undefined,
          }).catch((error: unknown) => {
            request.log.error({ err: error }, 'game launch failed');
            return { ok: false as const, reason: 'launch_failed', location: slotErrorPath(locale) };
          });
    if (!result.ok) request.log.info({ reason: result.reason }, 'game launch refused');
    return reply.redirect(result.location, 302);
  }

  app.get<{ Params: { sysname: string }; Querystring: Record<string, unknown> }>(
    '/platform/game/:sysname/play',
    async (request, reply) => {
      const sysname = request.params.sysname.toLowerCase();
      return launch(request, reply, SYSNAME.test(sysname) ? { sysname } : undefined);
    },
  );

  app.get<{ Params: { code: string }; Querystring: Record<string, unknown> }>(
    '/platform/game/custom/:code/play',
    async (request, reply) => {
      const code = request.params.code;
      return launch(request, reply, /^[A-Za-z0-9_-]{1,64}$/.test(code) ? { customCode: code } : undefined);
    },
  );

  app.get<{ Params: { file: string } }>('/media/games/:file', async (request, reply) => {
    const sysname = ART_FILE.exec(request.params.file)?.[1];
    const entry = sysname ? catalogueGame(sysname) : undefined;
    if (!entry) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    const svg = gameArtSvg(entry);
    const etag = `"${createHash('sha256').update(svg).digest('base64url').slice(0, 27)}"`;
    reply
      .header('cache-control', `public, max-age=${ART_MAX_AGE_SECONDS}`)
      .header('etag', etag)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
    if (firstHeader(request, 'if-none-match') === etag) return reply.code(304).send();
    return reply.type('image/svg+xml').send(svg);
  });

  app.get<{ Params: { file: string } }>('/api/games/history-export/:file', async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    const id = EXPORT_FILE.exec(request.params.file)?.[1];
    const session = await sessions.resolve(request.cookies[SESSION_COOKIE]);
    const csv =
      id && session && session.playerStatus === 'active'
        ? await games.exportCsv(session.playerId, BigInt(id))
        : undefined;
    if (csv === undefined) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    return reply
      .header('content-disposition', `attachment; filename="game-history-${id}.csv"`)
      .header('x-content-type-options', 'nosniff')
      .type('text/csv; charset=utf-8')
      .send(csv);
  });
}
