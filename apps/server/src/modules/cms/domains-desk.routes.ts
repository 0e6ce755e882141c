/**
 * Content's domains desk (issue #18, ADR 053), for staff with `content.edit`, each call a staff action
 * with its audit row (before and after for writes):
 * - `GET /nfx/operator/domains`: every domain with its robots rules, canonical origin, sitemap URL,
 *   SEO documents per language and version;
 * - `GET /nfx/operator/domains/:host` (`*` allowed, URL-encoded or not);
 * - `POST /nfx/operator/domains` `{host, canonical_url, sitemap_url, robots_rules, seo: {en, fr}}`;
 * - `PUT /nfx/operator/domains/:host` `{version, canonical_url, sitemap_url, robots_rules, seo}`;
 * - `DELETE /nfx/operator/domains/:host?version=…` (never `*`).
 * The robots.txt preview needs no endpoint: the screen formats it with the contract's function, the
 * one the server serves robots.txt with. Answers `{data}`.
 */
import type { Locale } from '@croupier/contract/locales';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppError } from '../../lib/app-error.ts';
import type { MessageRegistry } from '../../lib/messages.ts';
import { operatorErrorHandler, sendData } from '../backoffice/operator-errors.ts';
import { staffAction } from '../backoffice/require-backoffice-role.ts';
import type { DomainsDesk } from './domains-desk.ts';

const deleteQuery = z.object({ version: z.string().max(40) }).strict();

/** The desk's own refusals, in the staff member's language. */
const TEXTS: Record<Locale, Record<string, string>> = {
  en: {
    domain_taken: 'This domain exists already.',
    domain_not_found: 'Domain not found.',
    domain_fallback_kept: 'The * domain serves every other host: it cannot be deleted.',
  },
  fr: {
    domain_taken: 'Ce domaine existe déjà.',
    domain_not_found: 'Domaine introuvable.',
    domain_fallback_kept: 'Le domaine * sert tous les autres hôtes : il ne peut pas être supprimé.',
  },
};

function deskText(locale: Locale, error: AppError): string | undefined {
  return TEXTS[locale][error.code];
}

/** The host named in the path, as sent (Fastify has decoded `%2A`), cut for the audit row. */
function hostParam(request: FastifyRequest): string {
  return String((request.params as Record<string, unknown> | undefined)?.host ?? '').slice(0, 253);
}

export async function domainsDeskRoutes(
  app: FastifyInstance,
  options: { domains: DomainsDesk; messages: MessageRegistry },
) {
  const { domains } = options;
  app.setErrorHandler(operatorErrorHandler(options.messages, deskText));
  const permission = 'content.edit' as const;
  const target = (request: FastifyRequest) => ({ type: 'domain', id: hostParam(request) });

  app.get('/nfx/operator/domains', async (request, reply) => {
    const items = await staffAction(request, { permission, action: 'domains.list' }, async () => ({
      result: await domains.list(),
    }));
    return sendData(reply, { items });
  });

  app.get('/nfx/operator/domains/:host', async (request, reply) => {
    const spec = { permission, action: 'domains.view', target: target(request) };
    const found = await staffAction(request, spec, async () => ({
      result: await domains.get(hostParam(request)),
    }));
    return sendData(reply, found);
  });

  app.post('/nfx/operator/domains', async (request, reply) => {
    const body = request.body as Record<string, unknown> | null | undefined;
    const host = typeof body?.host === 'string' ? body.host.slice(0, 253) : '';
    const spec = { permission, action: 'domains.create', target: { type: 'domain', id: host } };
    const created = await staffAction(request, spec, async () => {
      const result = await domains.create(request.body);
      return { result, after: result };
    });
    return sendData(reply, created);
  });

  app.put('/nfx/operator/domains/:host', async (request, reply) => {
    const spec = { permission, action: 'domains.update', target: target(request) };
    const updated = await staffAction(request, spec, async () => {
      const { before, after } = await domains.update(hostParam(request), request.body);
      return { result: after, before, after };
    });
    return sendData(reply, updated);
  });

  app.delete('/nfx/operator/domains/:host', async (request, reply) => {
    const spec = { permission, action: 'domains.delete', target: target(request) };
    const result = await staffAction(request, spec, async () => {
      const { version } = deleteQuery.parse(request.query);
      const { before } = await domains.remove(hostParam(request), version);
      return { result: { host: before.host, deleted: true }, before };
    });
    return sendData(reply, result);
  });
}
