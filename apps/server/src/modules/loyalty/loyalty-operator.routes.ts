/**
 * Marketing's loyalty desk (issue #18, ADR 049), for staff with `promotions.edit`, each call a staff
 * action with its audit row: `GET /nfx/operator/loyalty/programmes`, `GET …/:id`, `POST …` (create),
 * `PUT …/:id` (texts, expiry, rates and levels, with the `version` read; levels that would demote a
 * player are refused: `level_demotes_players`).
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
  version,
} from '../backoffice/operator-desk.ts';
import { operatorErrorHandler, rawParam, sendData } from '../backoffice/operator-errors.ts';
import { staffAction } from '../backoffice/require-backoffice-role.ts';
import type { LoyaltyService } from './loyalty.service.ts';

const level = z
  .object({
    position: z.number().int().min(1).max(100),
    threshold: z.number().int().min(0).max(1_000_000_000),
    name: localized(100),
    perks: z
      .object({ en: z.array(z.string().max(200)).max(20), fr: z.array(z.string().max(200)).max(20) })
      .strict(),
    image: z.string().max(500),
  })
  .strict();
const rate = z
  .object({
    product: z.enum(['casino', 'sport']),
    game_type: z.string().min(1).max(40).nullable(),
    currency,
    points: z.number().int().min(1).max(1_000_000),
    per_amount: money,
  })
  .strict();
const programmeFields = {
  name: localized(200),
  description: optionalText,
  points_alias: localized(40),
  /** The singular of the alias ("coin"), per language; a language left out uses the alias. */
  points_alias_one: z
    .object({
      en: z.string().trim().min(1).max(40).optional(),
      fr: z.string().trim().min(1).max(40).optional(),
    })
    .strict()
    .optional(),
  expiry_days: z.number().int().min(1).max(3650).nullable(),
  downgrade: z.enum(['keep', 'reset']),
  rates: z.array(rate).max(100),
  levels: z.array(level).min(1).max(100),
};
const programmeCreate = z.object({ key, ...programmeFields }).strict();
const programmeUpdate = z.object({ version, ...programmeFields }).strict();

/** The singulars given, without the languages left out. */
function aliasOne(given: { en?: string | undefined; fr?: string | undefined } | undefined) {
  const one: { en?: string; fr?: string } = {};
  if (given?.en !== undefined) one.en = given.en;
  if (given?.fr !== undefined) one.fr = given.fr;
  return one;
}

function programmeInput(body: z.infer<typeof programmeUpdate> | z.infer<typeof programmeCreate>) {
  return {
    name: body.name,
    description: body.description,
    pointsAlias: body.points_alias,
    pointsAliasOne: aliasOne(body.points_alias_one),
    expiryDays: body.expiry_days,
    downgrade: body.downgrade,
    rates: body.rates.map((r) => ({
      product: r.product,
      gameType: r.game_type,
      currency: r.currency,
      points: r.points,
      perMinor: minor(r.per_amount, r.currency, 'rates'),
    })),
    levels: body.levels,
  };
}

export async function loyaltyOperatorRoutes(
  app: FastifyInstance,
  options: { loyalty: LoyaltyService; messages: MessageRegistry },
) {
  const { loyalty } = options;
  app.setErrorHandler(operatorErrorHandler(options.messages, deskText));
  const permission = 'promotions.edit' as const;
  const target = (type: string) => (request: FastifyRequest) => ({ type, id: rawParam(request, 'id') });
  const id = (request: FastifyRequest) => BigInt(idParams.parse(request.params).id);

  // --- loyalty -----------------------------------------------------------------------------------
  const programme = target('loyalty_programme');

  app.get('/nfx/operator/loyalty/programmes', async (request, reply) => {
    const items = await staffAction(request, { permission, action: 'loyalty.list' }, async () => ({
      result: await loyalty.staffList(),
    }));
    return sendData(reply, { items });
  });

  app.get('/nfx/operator/loyalty/programmes/:id', async (request, reply) => {
    const spec = { permission, action: 'loyalty.view', target: programme(request) };
    const found = await staffAction(request, spec, async () => ({
      result: await loyalty.staffGet(id(request)),
    }));
    return sendData(reply, found);
  });

  app.post('/nfx/operator/loyalty/programmes', async (request, reply) => {
    const created = await staffAction(request, { permission, action: 'loyalty.create' }, async () => {
      const body = programmeCreate.parse(request.body);
      const result = await loyalty.staffCreate({ key: body.key, ...programmeInput(body) });
      return { result, after: result };
    });
    return sendData(reply, created);
  });

  app.put('/nfx/operator/loyalty/programmes/:id', async (request, reply) => {
    const spec = { permission, action: 'loyalty.update', target: programme(request) };
    const updated = await staffAction(request, spec, async () => {
      const programmeId = id(request);
      const body = programmeUpdate.parse(request.body);
      const { before, after } = await loyalty.staffUpdate(programmeId, body.version, programmeInput(body));
      return { result: after, before, after };
    });
    return sendData(reply, updated);
  });
}
