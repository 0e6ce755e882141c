/**
 * The KYC review desk's operator endpoints (issue #18), for staff with `kyc.review`, each a staff
 * action with its audit row:
 * - `GET /nfx/operator/kyc/reviews?status=pending,retry&offset=&count=`: the queue, longest first;
 * - `POST /nfx/operator/kyc/reviews/:playerId/decision {expected, status, reason}`: a manual
 *   decision (verified, retry, rejected) on the review the reviewer saw (`expected`); a review that
 *   moved meanwhile answers `stale_version`.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { MessageRegistry } from '../../lib/messages.ts';
import { operatorErrorHandler, rawParam, sendData } from '../backoffice/operator-errors.ts';
import { staffAction } from '../backoffice/require-backoffice-role.ts';
import type { KycService } from './kyc.service.ts';
import { KYC_STATUSES } from './kyc.tables.ts';

const queueQuery = z
  .object({
    status: z
      .string()
      .max(100)
      .default('pending,retry')
      .transform((value) => value.split(','))
      .pipe(z.array(z.enum(KYC_STATUSES)).min(1).max(KYC_STATUSES.length)),
    offset: z.coerce.number().int().min(0).max(100_000).default(0),
    count: z.coerce.number().int().min(1).max(100).default(20),
  })
  .strict();
const playerParams = z.object({ playerId: z.string().regex(/^[1-9][0-9]{0,17}$/) }).strict();
const decisionBody = z
  .object({
    expected: z.enum(['not_started', 'pending', 'verified', 'retry', 'rejected']),
    status: z.enum(['verified', 'retry', 'rejected']),
    reason: z.string().trim().min(3).max(500),
  })
  .strict();

export async function kycOperatorRoutes(
  app: FastifyInstance,
  options: { kyc: KycService; messages: MessageRegistry },
) {
  const { kyc } = options;
  app.setErrorHandler(operatorErrorHandler(options.messages));

  app.get('/nfx/operator/kyc/reviews', async (request, reply) => {
    const items = await staffAction(request, { permission: 'kyc.review', action: 'kyc.queue' }, async () => {
      const query = queueQuery.parse(request.query);
      return {
        result: await kyc.reviewQueue({ statuses: query.status, offset: query.offset, count: query.count }),
      };
    });
    return sendData(reply, { items });
  });

  app.post('/nfx/operator/kyc/reviews/:playerId/decision', async (request, reply) => {
    const raw = rawParam(request, 'playerId');
    const spec = {
      permission: 'kyc.review' as const,
      action: 'kyc.decide',
      target: { type: 'player', id: raw },
      money: true,
    };
    const result = await staffAction(request, spec, async () => {
      const { playerId } = playerParams.parse(request.params);
      const body = decisionBody.parse(request.body);
      const moved = await kyc.overrideReview(BigInt(playerId), body.expected, body.status);
      return {
        result: { status: moved.after },
        before: { status: moved.before },
        after: { status: moved.after },
        detail: body.reason,
      };
    });
    return sendData(reply, result);
  });
}
