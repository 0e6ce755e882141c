import { cleanReferer, FRAUD_SESSION_PATTERN, parseTrackingParams } from '@croupier/contract/tracking/params';
import { isDatabaseUnavailableError } from '@croupier/db/client';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { MessageRegistry } from '../../lib/messages.ts';
import type { RateLimiter } from '../../lib/rate-limit.ts';
import { firstHeader } from '../../lib/webhook-scope.ts';
import { SESSION_COOKIE, type SessionService } from '../auth/session.service.ts';
import { operatorErrorHandler } from '../backoffice/operator-errors.ts';
import { staffAction } from '../backoffice/require-backoffice-role.ts';
import {
  REPORT_MAX_DAYS,
  type TrackingService,
  VISIT_COOKIE,
  VISIT_COOKIE_MAX_AGE_SECONDS,
} from './tracking.service.ts';

/** The smallest transparent GIF (1×1). */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
/** A landing's query is short; a longer one is not a link of an affiliate network. */
const HIT_QUERY_MAX_LENGTH = 2048;
const HITS_PER_IP_PER_MINUTE = 60;
const FRAUD_CHECKS_PER_IP_PER_MINUTE = 10;

const reportQuery = z
  .object({
    from: z.string().max(10),
    to: z.string().max(10),
  })
  .strict();
const fraudCheckBody = z.object({ session: z.string().max(128) }).strict();

export async function trackingRoutes(
  app: FastifyInstance,
  options: {
    tracking: TrackingService;
    sessions: SessionService;
    rateLimiter: RateLimiter;
    messages: MessageRegistry;
    publicUrl: string | undefined;
    /** The edge's CSRF rule (http/csrf.ts): a cross-site request changes nothing. */
    isCrossSite: (request: FastifyRequest) => boolean;
  },
) {
  const { tracking, sessions, rateLimiter, messages, publicUrl } = options;
  const secure = publicUrl?.startsWith('https:') ?? false;

  const pixel = (reply: FastifyReply) =>
    reply.status(200).header('content-type', 'image/gif').header('cache-control', 'no-store').send(PIXEL);

  app.get('/hit', async (request, reply) => {
    try {
      const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
      if (search.length > HIT_QUERY_MAX_LENGTH) return pixel(reply);
      const limit = await rateLimiter.consume(`hit:ip:${request.ip}`, HITS_PER_IP_PER_MINUTE, 60);
      if (!limit.allowed) return pixel(reply);
      const query = new URLSearchParams(search);
      const parsed = parseTrackingParams(query);
      if (parsed.kind !== 'params') return pixel(reply);
      const refererText = query.get('referer') ?? undefined;
      const referer = cleanReferer(refererText);
      // A referer or session that is there but unreadable makes the whole hit forged: nothing stored.
      if (refererText !== undefined && refererText !== '' && referer === null) return pixel(reply);
      const session = query.get('session');
      if (session !== null && !FRAUD_SESSION_PATTERN.test(session)) return pixel(reply);
      const visitKey = await tracking.recordVisit({ params: parsed.params, referer, fraudSession: session });
      // First touch: a browser that already carries a recorded visit keeps it.
      if (!(await tracking.isKnownVisit(request.cookies[VISIT_COOKIE]))) {
        reply.setCookie(VISIT_COOKIE, visitKey, {
          path: '/',
          httpOnly: true,
          sameSite: 'lax',
          secure,
          maxAge: VISIT_COOKIE_MAX_AGE_SECONDS,
        });
      }
    } catch (error) {
      // An image request has no one to show an error to: log it, answer the pixel.
      request.log.warn({ err: error }, 'hit not recorded');
    }
    return pixel(reply);
  });

  app.post('/fraud-check', { bodyLimit: 1024 }, async (request, reply) => {
    const noContent = () => reply.status(204).header('cache-control', 'no-store').send();
    if (options.isCrossSite(request)) {
      return reply.status(403).header('cache-control', 'no-store').send({ error: 'cross_site' });
    }
    const body = fraudCheckBody.safeParse(request.body);
    if (!body.success || !FRAUD_SESSION_PATTERN.test(body.data.session)) {
      return reply.status(400).header('cache-control', 'no-store').send({ error: 'invalid_session' });
    }
    if (!tracking.fraudEnabled) return noContent();
    const limit = await rateLimiter.consume(
      `fraud-check:ip:${request.ip}`,
      FRAUD_CHECKS_PER_IP_PER_MINUTE,
      60,
    );
    if (!limit.allowed) {
      return reply
        .status(429)
        .header('retry-after', String(limit.retryAfterSeconds))
        .send({ error: 'too_many' });
    }
    const player = await sessions.resolve(request.cookies[SESSION_COOKIE]);
    try {
      await tracking.fraudCheck({
        session: body.data.session,
        playerId: player?.playerId ?? null,
        ip: request.ip,
        userAgent: firstHeader(request, 'user-agent') ?? null,
      });
    } catch (error) {
      if (isDatabaseUnavailableError(error)) throw error;
      // The provider failed: no score is stored; withdrawals are not held for a missing score.
      request.log.warn({ err: error }, 'fraud check not scored');
    }
    return noContent();
  });

  app.get('/fraud/agent.js', async (_request, reply) => {
    const url = tracking.fraudScriptUrl();
    if (!url) return reply.status(404).header('cache-control', 'no-store').send();
    return reply.header('cache-control', 'no-store').redirect(url, 302);
  });

  await app.register(async (operator) => {
    operator.setErrorHandler(operatorErrorHandler(messages));

    // Per publisher, link and UTC day; at most REPORT_MAX_DAYS days per request.
    operator.get('/nfx/operator/affiliates/report', async (request, reply) => {
      const spec = { permission: 'affiliates.read' as const, action: 'affiliates.report' };
      const report = await staffAction(request, spec, async () => {
        const query = reportQuery.parse(request.query);
        return { result: await tracking.affiliateReport(query) };
      });
      return reply
        .header('cache-control', 'no-store')
        .send({ data: { ...report, max_days: REPORT_MAX_DAYS } });
    });
  });
}
