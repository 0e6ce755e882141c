/**
 * The sportsbook trading desk's operator endpoints (issue #18, ADR 047), every one a staff action
 * with its audit row (before and after):
 * - `GET /nfx/operator/sportsbook/events`: live first, with their markets' states (sportsbook.read);
 * - `GET …/events/:eventId`: markets, outcomes, odds, liability per outcome (sportsbook.read);
 * - `POST …/events/:eventId/suspend {reason}`, `POST …/events/:eventId/reopen {reason?}`
 *   (sportsbook.trade): a trader's hold on the whole event;
 * - `POST …/events/:eventId/markets/:marketKey/{suspend,reopen}` (sportsbook.trade);
 * - `POST …/markets/:marketKey/preview {mode, results}` (sportsbook.read): the money a settlement
 *   would move, nothing written;
 * - `POST …/markets/:marketKey/{settle,resettle} {results, reason, version}` (sportsbook.trade,
 *   money): through the sportsbook's feed consumer and bets outbox; `version` is the market's as the
 *   trader saw it (a changed market is `stale_version`, nothing written).
 * Answers `{data}`; errors in the content service's style (operator-errors.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { MessageRegistry } from '../../lib/messages.ts';
import { requestLocale } from '../../lib/request-locale.ts';
import { TRADER_RESULTS, type TradingDesk } from '../sportsbook/bets/trading.service.ts';
import { operatorErrorHandler, rawParam, sendData } from './operator-errors.ts';
import { staffRef } from './players.service.ts';
import { staffAction } from './require-backoffice-role.ts';

const eventParams = z.object({ eventId: z.string().min(1).max(100) }).strict();
const marketParams = z
  .object({ eventId: z.string().min(1).max(100), marketKey: z.string().min(1).max(200) })
  .strict();
/** Why staff did it: required to hold, settle and resettle; kept in the audit log. */
const reason = z.string().trim().min(3).max(500);
const reasonBody = z.object({ reason }).strict();
const reopenBody = z
  .object({ reason: reason.optional() })
  .strict()
  .optional()
  .transform((body) => body ?? {});
const results = z.record(z.string().min(1).max(100), z.enum(TRADER_RESULTS));
const previewBody = z.object({ mode: z.enum(['settle', 'resettle']), results }).strict();
const settleBody = z.object({ results, reason, version: z.string().min(1).max(100) }).strict();

export async function tradingRoutes(
  app: FastifyInstance,
  options: { trading: TradingDesk; messages: MessageRegistry },
) {
  const { trading } = options;
  app.setErrorHandler(operatorErrorHandler(options.messages));
  const base = '/nfx/operator/sportsbook/events';
  const eventTarget = (request: FastifyRequest) => ({ type: 'sb_event', id: rawParam(request, 'eventId') });
  const marketTarget = (request: FastifyRequest) => ({
    type: 'sb_market',
    id: `${rawParam(request, 'eventId')} ${rawParam(request, 'marketKey')}`.slice(0, 64),
  });

  app.get(base, async (request, reply) => {
    const items = await staffAction(
      request,
      { permission: 'sportsbook.read', action: 'sportsbook.events' },
      async () => ({ result: await trading.events(requestLocale(request)) }),
    );
    return sendData(reply, { items });
  });

  app.get(`${base}/:eventId`, async (request, reply) => {
    const spec = {
      permission: 'sportsbook.read' as const,
      action: 'sportsbook.event',
      target: eventTarget(request),
    };
    const event = await staffAction(request, spec, async () => {
      const { eventId } = eventParams.parse(request.params);
      return { result: await trading.event(eventId, requestLocale(request)) };
    });
    return sendData(reply, event);
  });

  for (const scope of ['event', 'market'] as const) {
    const where = (request: FastifyRequest): { eventId: string; marketKey: string | null } =>
      scope === 'event'
        ? { ...eventParams.parse(request.params), marketKey: null }
        : marketParams.parse(request.params);
    const path = scope === 'event' ? `${base}/:eventId` : `${base}/:eventId/markets/:marketKey`;
    app.post(`${path}/suspend`, async (request, reply) => {
      const spec = {
        permission: 'sportsbook.trade' as const,
        action: `sportsbook.suspend_${scope}`,
        target: scope === 'event' ? eventTarget(request) : marketTarget(request),
      };
      const result = await staffAction(request, spec, async (actor) => {
        const params = where(request);
        const body = reasonBody.parse(request.body);
        const moved = await trading.suspend({
          eventId: params.eventId,
          marketKey: params.marketKey,
          reason: body.reason,
          staff: staffRef(actor),
        });
        return { result: moved.after, before: moved.before, after: moved.after, detail: body.reason };
      });
      return sendData(reply, result);
    });

    app.post(`${path}/reopen`, async (request, reply) => {
      const spec = {
        permission: 'sportsbook.trade' as const,
        action: `sportsbook.reopen_${scope}`,
        target: scope === 'event' ? eventTarget(request) : marketTarget(request),
      };
      const result = await staffAction(request, spec, async () => {
        const params = where(request);
        const body = reopenBody.parse(request.body);
        const moved = await trading.reopen({
          eventId: params.eventId,
          marketKey: params.marketKey,
        });
        return { result: moved.after, before: moved.before, after: moved.after, detail: body.reason ?? null };
      });
      return sendData(reply, result);
    });
  }

  app.post(`${base}/:eventId/markets/:marketKey/preview`, async (request, reply) => {
    const spec = {
      permission: 'sportsbook.read' as const,
      action: 'sportsbook.preview',
      target: marketTarget(request),
    };
    const preview = await staffAction(request, spec, async () => {
      const params = marketParams.parse(request.params);
      const body = previewBody.parse(request.body);
      return { result: await trading.preview({ ...params, mode: body.mode, results: body.results }) };
    });
    return sendData(reply, preview);
  });

  for (const mode of ['settle', 'resettle'] as const) {
    app.post(`${base}/:eventId/markets/:marketKey/${mode}`, async (request, reply) => {
      const spec = {
        permission: 'sportsbook.trade' as const,
        action: `sportsbook.${mode}`,
        target: marketTarget(request),
        money: true,
      };
      const result = await staffAction(request, spec, async () => {
        const params = marketParams.parse(request.params);
        const body = settleBody.parse(request.body);
        const done = await trading.settle({ ...params, results: body.results, version: body.version, mode });
        return { ...done, detail: body.reason };
      });
      return sendData(reply, result);
    });
  }
}
