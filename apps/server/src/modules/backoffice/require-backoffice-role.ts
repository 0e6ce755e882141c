/**
 * Guards for operator endpoints: the request must carry a back-office JWT (`Authorization: Bearer
 * …`) of a user holding at least `role` (admin ⊇ editor). Both throw AppError —
 * AuthorizationException (401) without a valid token, AccessDeniedException (403) with too low a
 * role — which every edge of the server already turns into its own error body.
 *
 * - `requireBackofficeRole`: reads (lists, views).
 * - `staffAction`: a change; the service checks the role and writes the audit row (issue #18).
 */
import type { FastifyRequest } from 'fastify';
import type { AuditOrigin } from './backoffice.audit.ts';
import type { AuditedResult, BackofficeActor, BackofficeRole } from './backoffice.service.ts';

function bearer(request: FastifyRequest): string | undefined {
  const value = request.headers.authorization;
  return Array.isArray(value) ? value[0] : value;
}

export async function requireBackofficeRole(
  request: FastifyRequest,
  role: BackofficeRole,
): Promise<BackofficeActor> {
  return request.server.services.backoffice.requireRole(bearer(request), role);
}

/** Where a staff request came from, for the audit log. */
export function auditOrigin(request: FastifyRequest): AuditOrigin {
  const userAgent = request.headers['user-agent'];
  return {
    ip: request.ip,
    userAgent: typeof userAgent === 'string' ? userAgent : null,
    requestId: request.id,
  };
}

export function staffAction<T>(
  request: FastifyRequest,
  spec: { role: BackofficeRole; action: string; target?: { type: string; id: string }; money?: boolean },
  run: (actor: BackofficeActor) => Promise<AuditedResult<T>>,
): Promise<T> {
  return request.server.services.backoffice.act(
    bearer(request),
    { ...spec, origin: auditOrigin(request) },
    run,
  );
}
