/**
 * The content manager's operator endpoints (spec §7 generic wrappers, issue #18), for staff with
 * `content.edit`, each a staff action with its audit row:
 * - `GET /nfx/content-manager/:collection?start=&limit=&locale=` and `GET …/:collection/:id`;
 * - `POST /nfx/content-manager/pages/preview` `{data: {body_html}}`: the sanitised HTML the site
 *   would show, nothing written (ADR 050);
 * - `POST /nfx/content-manager/:collection` `{data: {...}}`;
 * - `PUT /nfx/content-manager/:collection/:id` `{data: {..., updated_at}}`;
 * - `DELETE /nfx/content-manager/:collection/:id?updated_at=…`.
 * - `GET /nfx/content-manager/config?locale=`, `GET …/config/:locale/:section` and
 *   `PUT …/config/:locale/:section` `{data: {document, updated_at}}`: the content config sections,
 *   one document per section and locale, validated by the contract's schema (ADR 050).
 * Collections: pages, seos, redirects, custom-codes (content-manager.ts). Answers `{data}`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { MessageRegistry } from '../../lib/messages.ts';
import { rowId } from '../../lib/row-id.ts';
import { operatorErrorHandler, rawParam, sendData } from '../backoffice/operator-errors.ts';
import { staffAction } from '../backoffice/require-backoffice-role.ts';
import { CONFIG_SECTIONS, CONTENT_COLLECTIONS, type ContentManager } from './content-manager.ts';

const collectionParams = z.object({ collection: z.enum(CONTENT_COLLECTIONS) }).strict();
const entryParams = collectionParams.extend({ id: rowId }).strict();
const listQuery = z
  .object({
    start: z.coerce.number().int().min(0).max(100_000).default(0),
    limit: z.coerce.number().int().min(1).max(100).default(50),
    locale: z.enum(['en', 'fr']).optional(),
  })
  .strict();
const configList = z.object({ locale: z.enum(['en', 'fr']).optional() }).strict();
const configParams = z.object({ locale: z.enum(['en', 'fr']), section: z.enum(CONFIG_SECTIONS) }).strict();
const deleteQuery = z.object({ updated_at: z.string().max(40) }).strict();

export async function contentManagerRoutes(
  app: FastifyInstance,
  options: { content: ContentManager; messages: MessageRegistry },
) {
  const { content } = options;
  app.setErrorHandler(operatorErrorHandler(options.messages));
  /** What the audit row names, as sent (validated inside the action). */
  const target = (request: FastifyRequest) => ({
    type: `content:${rawParam(request, 'collection')}`,
    id: rawParam(request, 'id'),
  });
  const base = '/nfx/content-manager/:collection';

  app.get(base, async (request, reply) => {
    const spec = { permission: 'content.edit' as const, action: 'content.list', target: target(request) };
    const items = await staffAction(request, spec, async () => {
      const { collection } = collectionParams.parse(request.params);
      return { result: await content.list(collection, listQuery.parse(request.query)) };
    });
    return sendData(reply, items);
  });

  const configTarget = (request: FastifyRequest) => ({
    type: 'content:config',
    id: `${rawParam(request, 'locale')}/${rawParam(request, 'section')}`.slice(0, 40),
  });

  app.get('/nfx/content-manager/config', async (request, reply) => {
    const spec = { permission: 'content.edit' as const, action: 'content.config_list' };
    const items = await staffAction(request, spec, async () => {
      const { locale } = configList.parse(request.query);
      return { result: await content.listConfig(locale) };
    });
    return sendData(reply, items);
  });

  app.get('/nfx/content-manager/config/:locale/:section', async (request, reply) => {
    const spec = {
      permission: 'content.edit' as const,
      action: 'content.config_view',
      target: configTarget(request),
    };
    const entry = await staffAction(request, spec, async () => {
      const { locale, section } = configParams.parse(request.params);
      return { result: await content.getConfig(locale, section) };
    });
    return sendData(reply, entry);
  });

  app.put('/nfx/content-manager/config/:locale/:section', async (request, reply) => {
    const spec = {
      permission: 'content.edit' as const,
      action: 'content.config_update',
      target: configTarget(request),
    };
    const entry = await staffAction(request, spec, async () => {
      const { locale, section } = configParams.parse(request.params);
      const { before, after } = await content.updateConfig(locale, section, request.body);
      return { result: after, before, after };
    });
    return sendData(reply, entry);
  });

  app.post('/nfx/content-manager/pages/preview', async (request, reply) => {
    const spec = {
      permission: 'content.edit' as const,
      action: 'content.preview',
      target: { type: 'content:pages', id: '' },
    };
    const preview = await staffAction(request, spec, async () => ({ result: content.preview(request.body) }));
    return sendData(reply, preview);
  });

  app.get(`${base}/:id`, async (request, reply) => {
    const spec = { permission: 'content.edit' as const, action: 'content.view', target: target(request) };
    const entry = await staffAction(request, spec, async () => {
      const { collection, id } = entryParams.parse(request.params);
      return { result: await content.get(collection, BigInt(id)) };
    });
    return sendData(reply, entry);
  });

  app.post(base, async (request, reply) => {
    const spec = { permission: 'content.edit' as const, action: 'content.create', target: target(request) };
    const entry = await staffAction(request, spec, async () => {
      const { collection } = collectionParams.parse(request.params);
      const created = await content.create(collection, request.body);
      return { result: created, after: created };
    });
    return sendData(reply, entry);
  });

  app.put(`${base}/:id`, async (request, reply) => {
    const spec = { permission: 'content.edit' as const, action: 'content.update', target: target(request) };
    const entry = await staffAction(request, spec, async () => {
      const { collection, id } = entryParams.parse(request.params);
      const { before, after } = await content.update(collection, BigInt(id), request.body);
      return { result: after, before, after };
    });
    return sendData(reply, entry);
  });

  app.delete(`${base}/:id`, async (request, reply) => {
    const spec = { permission: 'content.edit' as const, action: 'content.delete', target: target(request) };
    const result = await staffAction(request, spec, async () => {
      const { collection, id } = entryParams.parse(request.params);
      const { updated_at } = deleteQuery.parse(request.query);
      const { before } = await content.remove(collection, BigInt(id), updated_at);
      return { result: { id: Number(id), deleted: true }, before };
    });
    return sendData(reply, result);
  });
}
