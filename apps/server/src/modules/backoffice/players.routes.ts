/**
 * The players desk's operator endpoints (issue #18), every one a staff action with its audit row:
 * - `GET /nfx/operator/players?q=&offset=&count=`: search by id, login, email or phone (players.read);
 * - `GET /nfx/operator/players/:id`: the player's file (players.read);
 * - `POST …/:id/notes {body}` (players.note);
 * - `POST …/:id/ban {reason}`, `POST …/:id/unban {reason}` (players.ban);
 * - `POST …/:id/end-sessions` (players.sessions);
 * - `POST …/:id/password-reset {reason}` (players.password_reset): the password stops working,
 *   sessions end, a reset link goes to the player's email;
 * - `POST …/:id/adjustments {amount, currency, reason, idempotency_key}` (players.adjust_balance):
 *   a ledger transaction on the player's main balance.
 * Answers `{data}`; errors in the content service's style (operator-errors.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { MessageRegistry } from '../../lib/messages.ts';
import { requestLocale } from '../../lib/request-locale.ts';
import { idParams } from '../../lib/row-id.ts';
import { operatorErrorHandler, rawParam, sendData } from './operator-errors.ts';
import type { PlayersDesk } from './players.service.ts';
import { staffAction } from './require-backoffice-role.ts';

const searchQuery = z
  .object({
    q: z.string().trim().min(1).max(254),
    offset: z.coerce.number().int().min(0).max(100_000).default(0),
    count: z.coerce.number().int().min(1).max(100).default(20),
  })
  .strict();
/** Why staff did it: required on every change to a player, kept in the audit log. */
const reason = z.string().trim().min(3).max(500);
const reasonBody = z.object({ reason }).strict();
const noteBody = z.object({ body: z.string().trim().min(1).max(2000) }).strict();
const adjustmentBody = z
  .object({
    amount: z.string().regex(/^-?[0-9]{1,15}(\.[0-9]{1,8})?$/),
    currency: z.string().regex(/^[A-Z]{3}$/),
    reason,
    /** The client's key for this adjustment: a retried request posts once. */
    idempotency_key: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
  })
  .strict();

export async function playersRoutes(
  app: FastifyInstance,
  options: { desk: PlayersDesk; messages: MessageRegistry },
) {
  const { desk } = options;
  app.setErrorHandler(operatorErrorHandler(options.messages));
  /** The `:id` as sent, for the audit row's target (validated inside the action). */
  const target = (request: FastifyRequest) => ({
    type: 'player',
    id: rawParam(request, 'id'),
  });
  const playerId = (request: FastifyRequest) => BigInt(idParams.parse(request.params).id);

  app.get('/nfx/operator/players', async (request, reply) => {
    const items = await staffAction(
      request,
      { permission: 'players.read', action: 'players.search' },
      async () => {
        const query = searchQuery.parse(request.query);
        return { result: await desk.search(query.q, query), detail: query.q };
      },
    );
    return sendData(reply, { items });
  });

  app.get('/nfx/operator/players/:id', async (request, reply) => {
    const spec = { permission: 'players.read' as const, action: 'players.view', target: target(request) };
    const file = await staffAction(request, spec, async () => ({
      result: await desk.file(playerId(request), requestLocale(request)),
    }));
    return sendData(reply, file);
  });

  app.post('/nfx/operator/players/:id/notes', async (request, reply) => {
    const spec = { permission: 'players.note' as const, action: 'players.add_note', target: target(request) };
    const note = await staffAction(request, spec, async (actor) => {
      const id = playerId(request);
      const body = noteBody.parse(request.body);
      const note = await desk.addNote(actor, id, body.body);
      return { result: note, after: note };
    });
    return sendData(reply, note);
  });

  for (const action of ['ban', 'unban'] as const) {
    app.post(`/nfx/operator/players/:id/${action}`, async (request, reply) => {
      const spec = {
        permission: 'players.ban' as const,
        action: `players.${action}`,
        target: target(request),
      };
      const result = await staffAction(request, spec, async () => {
        const id = playerId(request);
        const body = reasonBody.parse(request.body);
        const moved = action === 'ban' ? await desk.ban(id) : await desk.unban(id);
        return {
          result: { status: moved.after },
          before: { status: moved.before },
          after: { status: moved.after },
          detail: body.reason,
        };
      });
      return sendData(reply, result);
    });
  }

  app.post('/nfx/operator/players/:id/end-sessions', async (request, reply) => {
    const spec = {
      permission: 'players.sessions' as const,
      action: 'players.end_sessions',
      target: target(request),
    };
    const result = await staffAction(request, spec, async () => {
      const ended = await desk.endSessions(playerId(request));
      return { result: ended, after: ended };
    });
    return sendData(reply, result);
  });

  app.post('/nfx/operator/players/:id/password-reset', async (request, reply) => {
    const spec = {
      permission: 'players.password_reset' as const,
      action: 'players.password_reset',
      target: target(request),
    };
    const result = await staffAction(request, spec, async () => {
      const id = playerId(request);
      const body = reasonBody.parse(request.body);
      const reset = await desk.forcePasswordReset(id);
      return { result: reset, after: reset, detail: body.reason };
    });
    return sendData(reply, result);
  });

  app.post('/nfx/operator/players/:id/adjustments', async (request, reply) => {
    const spec = {
      permission: 'players.adjust_balance' as const,
      action: 'players.adjust_balance',
      target: target(request),
      money: true,
    };
    const result = await staffAction(request, spec, async (actor) => {
      const id = playerId(request);
      const body = adjustmentBody.parse(request.body);
      const adjusted = await desk.adjustBalance(actor, id, {
        amount: body.amount,
        currency: body.currency,
        reason: body.reason,
        idempotencyKey: body.idempotency_key,
      });
      return { ...adjusted, detail: body.reason };
    });
    return sendData(reply, result);
  });
}
