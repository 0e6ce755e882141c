/**
 * Marketing's operator endpoints for offers and promo codes (issue #18), for staff with
 * `promotions.edit`, each a staff action with its audit row:
 * - `GET /nfx/operator/offers`: every offer; `GET /nfx/operator/offers/:id`;
 * - `POST /nfx/operator/offers`, `PUT /nfx/operator/offers/:id` (ADR 048: the `version` the edit was
 *   made from, `stale_version` when it changed meanwhile; `taken` for a key that exists;
 *   `invalid_bonus_template` for a template bonuses does not know);
 * - `GET|POST /nfx/operator/popups`, `GET|PUT /nfx/operator/popups/:id`: campaign popups, plain
 *   text (markup refused);
 * - `GET /nfx/operator/offers/:id/promo-codes?offset=&count=`;
 * - `POST /nfx/operator/offers/:id/promo-codes` with `{codes: [...]}` or `{batch: {prefix, count}}`,
 *   and `usage_limit`, optional `starts_at`, `ends_at`: all codes land or none.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { MessageRegistry } from '../../lib/messages.ts';
import { idParams } from '../../lib/row-id.ts';
import { operatorErrorHandler, rawParam, sendData } from '../backoffice/operator-errors.ts';
import { staffAction } from '../backoffice/require-backoffice-role.ts';
import type { CampaignsService } from './campaigns.service.ts';

/** The most codes one batch makes. */
export const PROMO_BATCH_MAX = 1000;

const pageQuery = z
  .object({
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
    count: z.coerce.number().int().min(1).max(PROMO_BATCH_MAX).default(100),
  })
  .strict();
const createBody = z
  .object({
    codes: z.array(z.string().max(32)).min(1).max(100).optional(),
    batch: z
      .object({
        prefix: z.string().regex(/^[A-Za-z0-9_-]{0,16}$/),
        count: z.number().int().min(1).max(PROMO_BATCH_MAX),
      })
      .strict()
      .optional(),
    usage_limit: z.number().int().min(1).max(1_000_000),
    starts_at: z.iso.datetime({ offset: true }).optional(),
    ends_at: z.iso.datetime({ offset: true }).nullable().optional(),
  })
  .strict()
  .refine((body) => (body.codes === undefined) !== (body.batch === undefined), {
    message: 'codes_or_batch',
    path: ['codes'],
  });

const text = (max: number) => z.object({ en: z.string().max(max), fr: z.string().max(max) }).strict();
const version = z.string().regex(/^[0-9a-f]{24}$/);
const offerFields = {
  trigger: z.string().max(32),
  title: text(200),
  description: text(4000),
  first_deposit_only: z.boolean().default(false),
  min_deposit: z.record(z.string().max(8), z.string().max(40)).default({}),
  currencies: z.array(z.string().max(8)).max(60).default([]),
  exclude_methods: z.array(z.string().max(64)).max(60).default([]),
  template_ids: z.array(z.number().int().min(1).max(Number.MAX_SAFE_INTEGER)).max(20),
  starts_at: z.iso.datetime({ offset: true }),
  ends_at: z.iso.datetime({ offset: true }).nullable().default(null),
  enabled: z.boolean().default(true),
};
const offerCreate = z.object({ key: z.string().max(64), ...offerFields }).strict();
const offerUpdate = z.object({ version, ...offerFields }).strict();
const popupFields = {
  title: text(200),
  content: text(2000),
  offer_id: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).nullable().default(null),
  starts_at: z.iso.datetime({ offset: true }),
  ends_at: z.iso.datetime({ offset: true }).nullable().default(null),
  enabled: z.boolean().default(true),
};
const popupCreate = z.object({ key: z.string().max(64), ...popupFields }).strict();
const popupUpdate = z.object({ version, ...popupFields }).strict();

function offerInput(body: Omit<z.infer<typeof offerCreate>, 'key'>) {
  return {
    trigger: body.trigger,
    title: body.title,
    description: body.description,
    firstDepositOnly: body.first_deposit_only,
    minDeposit: body.min_deposit,
    currencies: body.currencies,
    excludeMethods: body.exclude_methods,
    templateIds: body.template_ids.map((id) => BigInt(id)),
    startsAt: new Date(body.starts_at),
    endsAt: body.ends_at === null ? null : new Date(body.ends_at),
    enabled: body.enabled,
  };
}

function popupInput(body: Omit<z.infer<typeof popupCreate>, 'key'>) {
  return {
    title: body.title,
    content: body.content,
    offerId: body.offer_id === null ? null : BigInt(body.offer_id),
    startsAt: new Date(body.starts_at),
    endsAt: body.ends_at === null ? null : new Date(body.ends_at),
    enabled: body.enabled,
  };
}

export async function campaignsOperatorRoutes(
  app: FastifyInstance,
  options: { campaigns: CampaignsService; messages: MessageRegistry },
) {
  const { campaigns } = options;
  app.setErrorHandler(operatorErrorHandler(options.messages));
  const target = (request: FastifyRequest) => ({
    type: 'offer',
    id: rawParam(request, 'id'),
  });

  app.get('/nfx/operator/offers', async (request, reply) => {
    const items = await staffAction(
      request,
      { permission: 'promotions.edit', action: 'offers.list' },
      async () => ({
        result: await campaigns.staffOffers(),
      }),
    );
    return sendData(reply, { items });
  });

  app.get('/nfx/operator/offers/:id/promo-codes', async (request, reply) => {
    const spec = {
      permission: 'promotions.edit' as const,
      action: 'promo_codes.list',
      target: target(request),
    };
    const items = await staffAction(request, spec, async () => {
      const { id } = idParams.parse(request.params);
      return { result: await campaigns.staffCodes(BigInt(id), pageQuery.parse(request.query)) };
    });
    return sendData(reply, { items });
  });

  app.post('/nfx/operator/offers/:id/promo-codes', async (request, reply) => {
    const spec = {
      permission: 'promotions.edit' as const,
      action: 'promo_codes.create',
      target: target(request),
    };
    const items = await staffAction(request, spec, async () => {
      const { id } = idParams.parse(request.params);
      const body = createBody.parse(request.body);
      const created = await campaigns.createCodes({
        offerId: BigInt(id),
        codes: body.codes,
        batch: body.batch,
        usageLimit: body.usage_limit,
        startsAt: body.starts_at === undefined ? undefined : new Date(body.starts_at),
        endsAt: body.ends_at === undefined || body.ends_at === null ? body.ends_at : new Date(body.ends_at),
      });
      return {
        result: created,
        after: { count: created.length, codes: created.slice(0, 20).map((row) => row.code) },
      };
    });
    return sendData(reply, { items });
  });

  const edit = 'promotions.edit' as const;
  const offerId = (request: FastifyRequest) => BigInt(idParams.parse(request.params).id);

  app.get('/nfx/operator/offers/:id', async (request, reply) => {
    const spec = { permission: edit, action: 'offers.view', target: target(request) };
    const offer = await staffAction(request, spec, async () => ({
      result: await campaigns.staffOffer(offerId(request)),
    }));
    return sendData(reply, offer);
  });

  app.post('/nfx/operator/offers', async (request, reply) => {
    const offer = await staffAction(request, { permission: edit, action: 'offers.create' }, async () => {
      const { key, ...body } = offerCreate.parse(request.body);
      const created = await campaigns.createOffer({ key, ...offerInput(body) });
      return { result: created, after: created, detail: key };
    });
    return sendData(reply, offer);
  });

  app.put('/nfx/operator/offers/:id', async (request, reply) => {
    const spec = { permission: edit, action: 'offers.update', target: target(request) };
    const offer = await staffAction(request, spec, async () => {
      const id = offerId(request);
      const { version: sent, ...body } = offerUpdate.parse(request.body);
      const changed = await campaigns.updateOffer(id, sent, offerInput(body));
      return { result: changed.after, ...changed };
    });
    return sendData(reply, offer);
  });

  const popupTarget = (request: FastifyRequest) => ({ type: 'popup', id: rawParam(request, 'id') });

  app.get('/nfx/operator/popups', async (request, reply) => {
    const items = await staffAction(request, { permission: edit, action: 'popups.list' }, async () => ({
      result: await campaigns.staffPopups(),
    }));
    return sendData(reply, { items });
  });

  app.get('/nfx/operator/popups/:id', async (request, reply) => {
    const spec = { permission: edit, action: 'popups.view', target: popupTarget(request) };
    const popup = await staffAction(request, spec, async () => ({
      result: await campaigns.staffPopup(offerId(request)),
    }));
    return sendData(reply, popup);
  });

  app.post('/nfx/operator/popups', async (request, reply) => {
    const popup = await staffAction(request, { permission: edit, action: 'popups.create' }, async () => {
      const { key, ...body } = popupCreate.parse(request.body);
      const created = await campaigns.createPopup({ key, ...popupInput(body) });
      return { result: created, after: created, detail: key };
    });
    return sendData(reply, popup);
  });

  app.put('/nfx/operator/popups/:id', async (request, reply) => {
    const spec = { permission: edit, action: 'popups.update', target: popupTarget(request) };
    const popup = await staffAction(request, spec, async () => {
      const id = offerId(request);
      const { version: sent, ...body } = popupUpdate.parse(request.body);
      const changed = await campaigns.updatePopup(id, sent, popupInput(body));
      return { result: changed.after, ...changed };
    });
    return sendData(reply, popup);
  });
}
