/**
 * Marketing's tournaments desk (issue #18, ADR 049), for staff with `promotions.edit`, each call a
 * staff action with its audit row (before and after on a change): `GET /nfx/operator/tournaments`,
 * `GET …/:id`, `POST …` (create), `PUT …/:id` (edit, with the `version` read; refused from the start),
 * `POST …/:id/cancel {version, reason}` (buy-ins refunded through the ledger). Money is a decimal
 * string of the tournament's currency; bad input, a stale version or a refusal writes nothing.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { MessageRegistry } from '../../lib/messages.ts';
import { idParams } from '../../lib/row-id.ts';
import {
  currency,
  deskText,
  key,
  localized,
  minor,
  money,
  optionalText,
  sysnames,
  version,
} from '../backoffice/operator-desk.ts';
import { operatorErrorHandler, rawParam, sendData } from '../backoffice/operator-errors.ts';
import { staffAction } from '../backoffice/require-backoffice-role.ts';
import type { TournamentDefinition, TournamentsService } from './tournaments.service.ts';

const prizeLine = z
  .object({
    from: z.number().int().min(1).max(1000),
    to: z.number().int().min(1).max(1000),
    kind: z.enum(['cash', 'bonus', 'free_spins', 'loyalty_points']),
    amount: money.nullish(),
    template_key: z.string().min(1).max(100).nullish(),
    points: z.number().int().min(1).max(100_000_000).nullish(),
    label: localized(100).nullish(),
  })
  .strict();

const tournamentFields = {
  name: localized(200),
  description: optionalText,
  image_url: z.string().max(500).optional(),
  tags: z.array(z.string().min(1).max(40)).max(20).optional(),
  starts_at: z.iso.datetime({ offset: true }),
  ends_at: z.iso.datetime({ offset: true }),
  recur_days: z.number().int().min(1).max(365).nullish(),
  currency,
  scoring: z.enum(['total_bet', 'total_win', 'biggest_multiplier', 'points_per_bet']),
  points_per_bet: z.number().int().min(1).max(1_000_000).nullish(),
  min_stake: money.nullish(),
  entry: z.enum(['opt_in', 'automatic', 'buy_in']),
  buy_in: money.nullish(),
  max_participants: z.number().int().min(1).max(1_000_000).nullish(),
  reset_on_cashout: z.boolean().optional(),
  prizes: z.array(prizeLine).max(100),
  games: sysnames,
};
const tournamentCreate = z.object({ key, ...tournamentFields }).strict();
const tournamentUpdate = z.object({ version, ...tournamentFields }).strict();
const cancelBody = z.object({ version, reason: z.string().trim().min(3).max(500) }).strict();

function tournamentDefinition(
  body: z.infer<typeof tournamentUpdate> | z.infer<typeof tournamentCreate>,
): Omit<TournamentDefinition, 'key'> {
  const c = body.currency;
  return {
    name: body.name,
    description: body.description,
    imageUrl: body.image_url ?? '',
    tags: body.tags ?? [],
    startsAt: new Date(body.starts_at),
    endsAt: new Date(body.ends_at),
    recurDays: body.recur_days ?? null,
    currency: c,
    scoring: body.scoring,
    pointsPerBet: body.points_per_bet ?? null,
    minStakeMinor: body.min_stake == null ? null : minor(body.min_stake, c, 'min_stake'),
    entry: body.entry,
    buyInMinor: body.buy_in == null ? null : minor(body.buy_in, c, 'buy_in'),
    maxParticipants: body.max_participants ?? null,
    resetOnCashout: body.reset_on_cashout ?? false,
    prizes: body.prizes.map((line) => ({
      from: line.from,
      to: line.to,
      kind: line.kind,
      ...(line.kind === 'cash'
        ? { amountMinor: line.amount == null ? '' : minor(line.amount, c, 'prizes').toString() }
        : {}),
      ...(line.template_key ? { templateKey: line.template_key } : {}),
      ...(line.points != null ? { points: line.points } : {}),
      ...(line.label ? { label: line.label } : {}),
    })),
    games: body.games,
  };
}

export async function tournamentsOperatorRoutes(
  app: FastifyInstance,
  options: { tournaments: TournamentsService; messages: MessageRegistry },
) {
  const { tournaments } = options;
  app.setErrorHandler(operatorErrorHandler(options.messages, deskText));
  const permission = 'promotions.edit' as const;
  const target = (type: string) => (request: FastifyRequest) => ({ type, id: rawParam(request, 'id') });
  const id = (request: FastifyRequest) => BigInt(idParams.parse(request.params).id);

  // --- tournaments -------------------------------------------------------------------------------
  const tournament = target('tournament');

  app.get('/nfx/operator/tournaments', async (request, reply) => {
    const items = await staffAction(request, { permission, action: 'tournaments.list' }, async () => ({
      result: await tournaments.staffList(),
    }));
    return sendData(reply, { items });
  });

  app.get('/nfx/operator/tournaments/:id', async (request, reply) => {
    const spec = { permission, action: 'tournaments.view', target: tournament(request) };
    const found = await staffAction(request, spec, async () => ({
      result: await tournaments.staffGet(id(request)),
    }));
    return sendData(reply, found);
  });

  app.post('/nfx/operator/tournaments', async (request, reply) => {
    const created = await staffAction(request, { permission, action: 'tournaments.create' }, async () => {
      const body = tournamentCreate.parse(request.body);
      const result = await tournaments.staffCreate({ key: body.key, ...tournamentDefinition(body) });
      return { result, after: result };
    });
    return sendData(reply, created);
  });

  app.put('/nfx/operator/tournaments/:id', async (request, reply) => {
    const spec = { permission, action: 'tournaments.update', target: tournament(request) };
    const updated = await staffAction(request, spec, async () => {
      const tournamentId = id(request);
      const body = tournamentUpdate.parse(request.body);
      const { before, after } = await tournaments.staffUpdate(
        tournamentId,
        body.version,
        tournamentDefinition(body),
      );
      return { result: after, before, after };
    });
    return sendData(reply, updated);
  });

  app.post('/nfx/operator/tournaments/:id/cancel', async (request, reply) => {
    const spec = { permission, action: 'tournaments.cancel', target: tournament(request), money: true };
    const cancelled = await staffAction(request, spec, async () => {
      const tournamentId = id(request);
      const body = cancelBody.parse(request.body);
      const done = await tournaments.staffCancel(tournamentId, body.version);
      return {
        result: { ...done.after, refunded: done.refunded, refunded_amount: done.refundedAmount },
        before: done.before,
        after: { ...done.after, refunded: done.refunded, refunded_amount: done.refundedAmount },
        detail: body.reason,
      };
    });
    return sendData(reply, cancelled);
  });
}
