/**
 * Guard for operator endpoints (e.g. the cashier's withdrawal approval): the request must carry a
 * back-office JWT (`Authorization: Bearer …`) of a user holding at least `role` (admin ⊇ editor).
 * Throws AppError — AuthorizationException (401) without a valid token, AccessDeniedException (403)
 * with too low a role — which every edge of the server already turns into its own error body.
 */
import type { FastifyRequest } from 'fastify';
import type { BackofficeActor, BackofficeRole } from './backoffice.service.ts';

export async function requireBackofficeRole(
  request: FastifyRequest,
  role: BackofficeRole,
): Promise<BackofficeActor> {
  const value = request.headers.authorization;
  return request.server.services.backoffice.requireRole(Array.isArray(value) ? value[0] : value, role);
}
