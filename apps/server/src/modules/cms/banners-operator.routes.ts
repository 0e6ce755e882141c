/**
 * The banners desk's operator endpoints (issue #18, ADR 052), for staff with `content.edit`, each a
 * staff action with its audit row (before and after for writes):
 * - `GET /nfx/operator/banners`: every banner (scheduled and finished too), both languages' texts,
 *   its schedule state and version;
 * - `GET /nfx/operator/banners/:id`;
 * - `POST /nfx/operator/banners` (`taken` for a key that exists);
 * - `PUT /nfx/operator/banners/:id` with the `version` the edit was made from (`stale_version`);
 * - `DELETE /nfx/operator/banners/:id?version=…`.
 * Answers `{data}`; refusals are the operator error body, in the staff member's language.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { MessageRegistry } from '../../lib/messages.ts';
import { idParams } from '../../lib/row-id.ts';
import { operatorErrorHandler, rawParam, sendData } from '../backoffice/operator-errors.ts';
import { staffAction } from '../backoffice/require-backoffice-role.ts';
import type { BannersDesk } from './banners-desk.ts';

const deleteQuery = z.object({ version: z.string().max(40) }).strict();

export async function bannersOperatorRoutes(
  app: FastifyInstance,
  options: { banners: BannersDesk; messages: MessageRegistry },
) {
  const { banners } = options;
  app.setErrorHandler(operatorErrorHandler(options.messages));
  const edit = 'content.edit' as const;
  const target = (request: FastifyRequest) => ({ type: 'banner', id: rawParam(request, 'id') });
  const bannerId = (request: FastifyRequest) => BigInt(idParams.parse(request.params).id);

  app.get('/nfx/operator/banners', async (request, reply) => {
    const items = await staffAction(request, { permission: edit, action: 'banners.list' }, async () => ({
      result: await banners.list(),
    }));
    return sendData(reply, { items });
  });

  app.get('/nfx/operator/banners/:id', async (request, reply) => {
    const spec = { permission: edit, action: 'banners.view', target: target(request) };
    const banner = await staffAction(request, spec, async () => ({
      result: await banners.get(bannerId(request)),
    }));
    return sendData(reply, banner);
  });

  app.post('/nfx/operator/banners', async (request, reply) => {
    const banner = await staffAction(request, { permission: edit, action: 'banners.create' }, async () => {
      const created = await banners.create(request.body);
      return { result: created, after: created, detail: created.key };
    });
    return sendData(reply, banner);
  });

  app.put('/nfx/operator/banners/:id', async (request, reply) => {
    const spec = { permission: edit, action: 'banners.update', target: target(request) };
    const banner = await staffAction(request, spec, async () => {
      const { before, after } = await banners.update(bannerId(request), request.body);
      return { result: after, before, after };
    });
    return sendData(reply, banner);
  });

  app.delete('/nfx/operator/banners/:id', async (request, reply) => {
    const spec = { permission: edit, action: 'banners.delete', target: target(request) };
    const result = await staffAction(request, spec, async () => {
      const id = bannerId(request);
      const { version } = deleteQuery.parse(request.query);
      const { before } = await banners.remove(id, version);
      return { result: { id: Number(id), deleted: true }, before };
    });
    return sendData(reply, result);
  });
}
