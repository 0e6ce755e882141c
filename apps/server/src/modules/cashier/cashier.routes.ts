/**
 * The cashier's HTTP routes outside /api:
 * - `POST /webhooks/psp`: the provider's signed webhooks, read as raw bytes (the HMAC covers the
 *   exact body) by a content-type parser that exists only inside this route's plugin;
 * - `GET /cashier/payresult/:id` (and `/fr/cashier/payresult/:id`): where the provider sends the
 *   player back; redirects to the spec §2 result page of the outcome, in the language of the page
 *   the deposit was made on;
 * - `/nfx/operator/…`: withdrawal approval for back-office users (until the back office exists),
 *   answering in the content service's error style.
 */
import { DEFAULT_LOCALE, LOCALES, localizePath } from '@croupier/contract/locales';
import { currencyExponent } from '@croupier/money/currencies';
import { formatMinor } from '@croupier/money/decimal';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { MessageRegistry } from '../../lib/messages.ts';
import { requestLocale } from '../../lib/request-locale.ts';
import { idParams, ROW_ID } from '../../lib/row-id.ts';
import { SIGNATURE_HEADER } from '../../lib/signature.ts';
import { acceptRawBodies, firstHeader, handleWebhookErrors, rawBody } from '../../lib/webhook-scope.ts';
import type { BackofficeActor } from '../backoffice/backoffice.service.ts';
import { operatorErrorHandler, rawParam, sendData } from '../backoffice/operator-errors.ts';
import { staffAction } from '../backoffice/require-backoffice-role.ts';
import { type CashierMessageKey, cashierMessages, cashierText } from './cashier.messages.ts';
import type { CashierService } from './cashier.service.ts';
import { OPERATOR_WITHDRAWAL_STATUSES } from './withdrawal.ts';

/** Webhook events are small JSON documents; anything bigger is not one. */
const WEBHOOK_BODY_LIMIT_BYTES = 64 * 1024;

/** The provider's `status` query → the spec §2 payment result page. */
const RESULT_PAGES: Record<string, string> = {
  success: 'paysuccess',
  fail: 'payfail',
  pending: 'paypending',
  cancel: 'paycancel',
};

const listQuery = z
  .object({
    status: z.enum(OPERATOR_WITHDRAWAL_STATUSES).default('pending'),
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
    count: z.coerce.number().int().min(1).max(100).default(20),
  })
  .strict();
/** Staff's deposit search: a transaction or player id, or a provider payment id; a status; UTC days. */
const DEPOSIT_STATUSES = ['pending', 'processing', 'succeeded', 'failed', 'canceled'] as const;
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'invalid_date');
const depositsQuery = z
  .object({
    q: z.string().trim().min(1).max(128).optional(),
    status: z.enum(DEPOSIT_STATUSES).optional(),
    from: day.optional(),
    to: day.optional(),
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
    count: z.coerce.number().int().min(1).max(100).default(20),
  })
  .strict()
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    path: ['to'],
    message: 'before_from',
  });
const rejectBody = z
  .object({
    reason: z
      .string()
      .regex(/^[a-z][a-z0-9_]{0,39}$/)
      .optional(),
  })
  .strict()
  .nullish();
const approveBody = z.object({ reviewed: z.boolean().optional() }).strict().nullish();
const settingsBody = z.object({ kyc_block_enabled: z.boolean() }).strict();
const playerKycBlockBody = z.object({ enabled: z.boolean() }).strict();

function isCashierKey(key: string | undefined): key is CashierMessageKey {
  return key !== undefined && Object.hasOwn(cashierMessages.en, key);
}

export async function cashierRoutes(
  app: FastifyInstance,
  options: {
    cashier: CashierService;
    messages: MessageRegistry;
    /** The per-player KYC block (identity verification, ADR 029), set by an admin. */
    kycBlock?: (playerId: bigint, enabled: boolean) => Promise<void>;
    /**
     * What staff weigh before paying a withdrawal, from the modules that know it (the composition
     * root's services): identity verification, the latest fraud score, bonuses still wagering.
     */
    withdrawalSignals?: (playerId: bigint) => Promise<{
      kyc: 'verified' | 'pending' | 'none';
      kyc_block: boolean;
      fraud_score: number | null;
      /** At or above the score that holds a withdrawal (FRAUD_HOLD_SCORE). */
      fraud_score_high: boolean;
      open_bonuses: number;
    }>;
  },
) {
  const { cashier, messages, kycBlock, withdrawalSignals } = options;

  await app.register(async (webhooks) => {
    // Only here: the body stays the exact bytes the provider signed. A 5xx makes the provider
    // retry later (the event was not recorded); the event id (and the payment's ledger key) make a
    // redelivery of a committed one a no-op.
    acceptRawBodies(webhooks, WEBHOOK_BODY_LIMIT_BYTES);
    handleWebhookErrors(webhooks, 'webhook', (error) => ({ received: false, error }));
    webhooks.post('/webhooks/psp', async (request, reply) => {
      const answer = await cashier.receiveWebhook(
        rawBody(request),
        firstHeader(request, SIGNATURE_HEADER),
        request.log,
      );
      return reply.status(answer.status).header('cache-control', 'no-store').send(answer.body);
    });
  });

  // The deposit names its page's language in the return URL (`/fr/cashier/payresult/…`); an
  // unprefixed one falls back to the cookie and the browser's languages.
  for (const locale of LOCALES) {
    const prefix = locale === DEFAULT_LOCALE ? '' : `/${locale}`;
    app.get<{ Params: { id: string }; Querystring: Record<string, unknown> }>(
      `${prefix}/cashier/payresult/:id`,
      async (request, reply) => {
        const status = typeof request.query.status === 'string' ? request.query.status : '';
        // Without a known outcome the payment may still be under way: the pending page polls.
        const page = RESULT_PAGES[status] ?? 'paypending';
        const id = ROW_ID.test(request.params.id) ? request.params.id : null;
        const language = requestLocale(request, prefix ? locale : undefined);
        const path = localizePath(`/cashier/${page}${id ? `/${id}` : ''}`, language);
        return reply.header('cache-control', 'no-store').redirect(path, 302);
      },
    );
  }

  await app.register(async (operator) => {
    operator.setErrorHandler(
      operatorErrorHandler(messages, (locale, error) =>
        isCashierKey(error.messageKey) ? cashierText(locale, error.messageKey, error.values) : undefined,
      ),
    );

    /** The `:id` as sent, for the audit row's target (validated inside the action). */
    const rawId = (request: FastifyRequest) => rawParam(request, 'id');
    /** How the cashier's rows name the staff member who decided (`decided_by`). */
    const actorName = (actor: BackofficeActor) => `${actor.id}:${actor.username}`;

    operator.get('/nfx/operator/withdrawals', async (request, reply) => {
      const spec = { permission: 'withdrawals.read' as const, action: 'cashier.list_withdrawals' };
      const items = await staffAction(request, spec, async () => {
        const query = listQuery.parse(request.query);
        const items = await cashier.listWithdrawals({
          statuses: [query.status],
          offset: query.offset,
          count: query.count,
        });
        // Each row with its risk signals: the player's net deposits in the withdrawal's currency
        // (credited deposits minus withdrawals approved, processing or paid) and the other modules'.
        const withSignals = await Promise.all(
          items.map(async (item) => {
            const playerId = BigInt(item.player_id);
            const exponent = currencyExponent(item.amount.currency);
            const [money, others] = await Promise.all([
              cashier.netDeposits(playerId, item.amount.currency),
              withdrawalSignals?.(playerId) ?? null,
            ]);
            const amount = (minor: bigint) => ({
              amount: formatMinor(minor, exponent),
              currency: item.amount.currency,
            });
            return {
              ...item,
              risk: {
                ...others,
                deposited: amount(money.depositedMinor),
                withdrawn: amount(money.withdrawnMinor),
                net_deposits: amount(money.netMinor),
              },
            };
          }),
        );
        return { result: withSignals };
      });
      return sendData(reply, { items });
    });

    operator.get('/nfx/operator/deposits', async (request, reply) => {
      const spec = { permission: 'deposits.read' as const, action: 'cashier.search_deposits' };
      const page = await staffAction(request, spec, async () => {
        const query = depositsQuery.parse(request.query);
        const dayAfter = (value: string) => new Date(Date.parse(`${value}T00:00:00Z`) + 86_400_000);
        const found = await cashier.searchDeposits({
          query: query.q,
          status: query.status,
          from: query.from ? new Date(`${query.from}T00:00:00Z`) : undefined,
          before: query.to ? dayAfter(query.to) : undefined,
          offset: query.offset,
          count: query.count,
        });
        return { result: found, detail: query.q ?? null };
      });
      return sendData(reply, page);
    });

    // Changes are staff actions: the service checks the role and writes the audit row, refused
    // attempts included (issue #18).
    // The token first: an anonymous caller learns nothing from the input's validation, which runs
    // inside the action (a bad input is a `failed` row).
    operator.post('/nfx/operator/withdrawals/:id/approve', async (request, reply) => {
      const target = { type: 'withdrawal', id: rawId(request) };
      const spec = {
        permission: 'withdrawals.decide' as const,
        action: 'cashier.approve_withdrawal',
        target,
        money: true,
      };
      const result = await staffAction(request, spec, async (actor) => {
        const { id } = idParams.parse(request.params);
        const body = approveBody.parse(request.body);
        const before = await cashier.findWithdrawal(BigInt(id));
        const after = await cashier.approveWithdrawal(BigInt(id), actorName(actor), request.log, {
          reviewed: body?.reviewed === true,
        });
        return { result: after, before, after };
      });
      return sendData(reply, result);
    });

    operator.post('/nfx/operator/withdrawals/:id/reject', async (request, reply) => {
      const target = { type: 'withdrawal', id: rawId(request) };
      const spec = {
        permission: 'withdrawals.decide' as const,
        action: 'cashier.reject_withdrawal',
        target,
        money: true,
      };
      const result = await staffAction(request, spec, async (actor) => {
        const { id } = idParams.parse(request.params);
        const body = rejectBody.parse(request.body);
        const before = await cashier.findWithdrawal(BigInt(id));
        const reason = body?.reason ?? null;
        const after = await cashier.rejectWithdrawal(BigInt(id), actorName(actor), reason);
        return { result: after, before, after, detail: reason };
      });
      return sendData(reply, result);
    });

    operator.put('/nfx/operator/cashier/settings', async (request, reply) => {
      const spec = { permission: 'cashier.settings' as const, action: 'cashier.set_settings', money: true };
      const body = await staffAction(request, spec, async () => {
        const body = settingsBody.parse(request.body);
        const before = { kyc_block_enabled: await cashier.kycBlockEnabled() };
        await cashier.setKycBlockEnabled(body.kyc_block_enabled);
        return { result: body, before, after: body };
      });
      return sendData(reply, body);
    });

    // One player's KYC block (`is_kyc_block_enabled`): their deposits and withdrawals need a
    // verified identity whatever the thresholds and the switch above (ADR 029).
    operator.put('/nfx/operator/players/:id/kyc-block', async (request, reply) => {
      const spec = {
        permission: 'kyc.block' as const,
        action: 'cashier.set_player_kyc_block',
        target: { type: 'player', id: rawId(request) },
        money: true,
      };
      const body = await staffAction(request, spec, async () => {
        const { id } = idParams.parse(request.params);
        const body = playerKycBlockBody.parse(request.body);
        if (!kycBlock) throw new AppError('ApplicationUnavailableException', { code: 'kyc_unavailable' });
        await kycBlock(BigInt(id), body.enabled);
        return { result: body, after: body };
      });
      return sendData(reply, body);
    });
  });
}
