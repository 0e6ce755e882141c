/**
 * Marketing's operator endpoints for offers and promo codes (issue #18), for staff with
 * `promotions.edit`, each a staff action with its audit row:
 * - `GET /nfx/operator/offers`: every offer;
 * - `GET /nfx/operator/offers/:id/promo-codes?offset=&count=`;
 * - `POST /nfx/operator/offers/:id/promo-codes` with `{codes: [...]}` or `{batch: {prefix, count}}`,
 *   and `usage_limit`, optional `starts_at`, `ends_at`: all codes land or none.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { MessageRegistry } from '../../lib/messages.ts';
import { operatorErrorHandler, rawParam, sendData } from '../backoffice/operator-errors.ts';
import { staffAction } from '../backoffice/require-backoffice-role.ts';
import type { CampaignsService } from './campaigns.service.ts';

/** The most codes one batch makes. */
export const PROMO_BATCH_MAX = 1000;

const idParams = z.object({ id: z.string().regex(/^[1-9][0-9]{0,17}$/) }).strict();
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
}
