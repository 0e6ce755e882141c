/**
 * Guards for operator endpoints: the request must carry a back-office JWT (`Authorization: Bearer
 * …`) of a staff member whose role holds the endpoint's permission (backoffice.roles.ts) and, for
 * roles that touch money, whose sign-in passed a second factor. They throw AppError —
 * AuthorizationException (401) without a valid token, AccessDeniedException (403, `forbidden` or
 * `mfa_required`) otherwise — which every edge of the server already turns into its own error body.
 *
 * Every operator endpoint, reads included, is a `staffAction`: the service checks the permission and
 * writes the audit row (issue #18).
 */
import type { FastifyRequest } from 'fastify';
import type { AuditOrigin } from './backoffice.audit.ts';
import type { AuditedResult, BackofficeActor, Permission } from './backoffice.service.ts';

function bearer(request: FastifyRequest): string | undefined {
  const value = request.headers.authorization;
  return Array.isArray(value) ? value[0] : value;
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
  spec: { permission: Permission; action: string; target?: { type: string; id: string }; money?: boolean },
  run: (actor: BackofficeActor) => Promise<AuditedResult<T>>,
): Promise<T> {
  return request.server.services.backoffice.act(
    bearer(request),
    { ...spec, origin: auditOrigin(request) },
    run,
  );
}
