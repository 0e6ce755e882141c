/**
 * Marketing's jackpots desk (issue #18, ADR 049), for staff with `promotions.edit`, each call a staff
 * action with its audit row: `GET /nfx/operator/jackpots`, `GET …/:id`, `POST …` (create; the first
 * seed funded from the reserve), `PUT …/:id` (name, running, games, with the `version` read; the
 * money rules must come back unchanged: `jackpot_rules_locked`).
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
  sysnames,
  version,
} from '../backoffice/operator-desk.ts';
import { operatorErrorHandler, rawParam, sendData } from '../backoffice/operator-errors.ts';
import { staffAction } from '../backoffice/require-backoffice-role.ts';
import type { JackpotsService } from './jackpots.service.ts';

const jackpotRules = {
  name: localized(200),
  contribution_bp: z.number().int().min(1).max(10_000),
  reserve_bp: z.number().int().min(0).max(9_999),
  seed: money,
  ceiling: money,
  games: sysnames,
};
const jackpotCreate = z.object({ key, currency, ...jackpotRules }).strict();
const jackpotUpdate = z.object({ version, enabled: z.boolean(), ...jackpotRules }).strict();

export async function jackpotsOperatorRoutes(
  app: FastifyInstance,
  options: { jackpots: JackpotsService; messages: MessageRegistry },
) {
  const { jackpots } = options;
  app.setErrorHandler(operatorErrorHandler(options.messages, deskText));
  const permission = 'promotions.edit' as const;
  const target = (type: string) => (request: FastifyRequest) => ({ type, id: rawParam(request, 'id') });
  const id = (request: FastifyRequest) => BigInt(idParams.parse(request.params).id);

  // --- jackpots ----------------------------------------------------------------------------------
  const jackpot = target('jackpot');

  app.get('/nfx/operator/jackpots', async (request, reply) => {
    const items = await staffAction(request, { permission, action: 'jackpots.list' }, async () => ({
      result: await jackpots.staffList(),
    }));
    return sendData(reply, { items });
  });

  app.get('/nfx/operator/jackpots/:id', async (request, reply) => {
    const spec = { permission, action: 'jackpots.view', target: jackpot(request) };
    const found = await staffAction(request, spec, async () => ({
      result: await jackpots.staffGet(id(request)),
    }));
    return sendData(reply, found);
  });

  app.post('/nfx/operator/jackpots', async (request, reply) => {
    const spec = { permission, action: 'jackpots.create', money: true };
    const created = await staffAction(request, spec, async () => {
      const body = jackpotCreate.parse(request.body);
      const result = await jackpots.staffCreate({
        key: body.key,
        name: body.name,
        currency: body.currency,
        contributionBp: body.contribution_bp,
        reserveBp: body.reserve_bp,
        seedMinor: minor(body.seed, body.currency, 'seed'),
        ceilingMinor: minor(body.ceiling, body.currency, 'ceiling'),
        games: body.games,
      });
      return { result, after: result };
    });
    return sendData(reply, created);
  });

  app.put('/nfx/operator/jackpots/:id', async (request, reply) => {
    const spec = { permission, action: 'jackpots.update', target: jackpot(request) };
    const updated = await staffAction(request, spec, async () => {
      const jackpotId = id(request);
      const body = jackpotUpdate.parse(request.body);
      const current = await jackpots.staffGet(jackpotId);
      const { before, after } = await jackpots.staffUpdate(jackpotId, body.version, {
        name: body.name,
        enabled: body.enabled,
        games: body.games,
        contributionBp: body.contribution_bp,
        reserveBp: body.reserve_bp,
        seedMinor: minor(body.seed, current.currency, 'seed'),
        ceilingMinor: minor(body.ceiling, current.currency, 'ceiling'),
      });
      return { result: after, before, after };
    });
    return sendData(reply, updated);
  });
}
