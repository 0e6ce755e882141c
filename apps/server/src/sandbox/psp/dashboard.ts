/** The sandbox dashboard: the latest payments, payouts and webhook deliveries with their attempts. */
import type { PspContext } from './payment-state.ts';
import { paymentDto, payoutDto } from './payment-state.ts';

const DASHBOARD_LIMIT = 50;

export interface DashboardData {
  payments: Array<{
    id: string;
    merchant_reference: string;
    amount: string;
    currency: string;
    method: string;
    status: string;
    failure_code: string | null;
    card: string | null;
    created_at: string;
  }>;
  payouts: Array<{
    id: string;
    merchant_reference: string;
    amount: string;
    currency: string;
    destination: string;
    status: string;
    failure_code: string | null;
    created_at: string;
  }>;
  webhooks: Array<{
    id: string;
    event_id: string;
    type: string;
    object_id: string;
    url: string;
    status: string;
    attempts: number;
    next_attempt_at: string | null;
    last_status_code: number | null;
    last_error: string | null;
    delivered_at: string | null;
    attempt_log: Array<{
      attempt: number;
      at: string;
      duration_ms: number;
      status_code: number | null;
      error: string | null;
    }>;
  }>;
}

export function createDashboard(context: PspContext) {
  const { repository } = context;

  return {
    async dashboard(): Promise<DashboardData> {
      const [payments, payouts, deliveries] = await Promise.all([
        repository.recentPayments(DASHBOARD_LIMIT),
        repository.recentPayouts(DASHBOARD_LIMIT),
        repository.recentDeliveries(DASHBOARD_LIMIT),
      ]);
      const attempts = await repository.attemptsOf(deliveries.map((delivery) => delivery.id));
      return {
        payments: payments.map((payment) => ({
          ...paymentDto(payment),
          failure_code: payment.failureCode,
          card: payment.cardLast4 ? `${payment.cardBrand ?? 'card'} •••• ${payment.cardLast4}` : null,
          created_at: payment.createdAt.toISOString(),
        })),
        payouts: payouts.map((payout) => ({
          ...payoutDto(payout),
          failure_code: payout.failureCode,
          destination:
            payout.destinationType === 'card'
              ? `card of ${payout.paymentId ?? '?'}`
              : `IBAN ${payout.iban ? `${payout.iban.slice(0, 4)} •••• ${payout.iban.slice(-4)}` : '?'}`,
          created_at: payout.createdAt.toISOString(),
        })),
        webhooks: deliveries.map((delivery) => ({
          id: String(delivery.id),
          event_id: delivery.eventId,
          type: delivery.eventType,
          object_id: delivery.objectId,
          url: delivery.url,
          status: delivery.status,
          attempts: delivery.attempts,
          next_attempt_at:
            delivery.status === 'pending' || delivery.status === 'sending'
              ? delivery.nextAttemptAt.toISOString()
              : null,
          last_status_code: delivery.lastStatusCode,
          last_error: delivery.lastError,
          delivered_at: delivery.deliveredAt?.toISOString() ?? null,
          attempt_log: attempts
            .filter((attempt) => attempt.deliveryId === delivery.id)
            .map((attempt) => ({
              attempt: attempt.attempt,
              at: attempt.startedAt.toISOString(),
              duration_ms: attempt.durationMs,
              status_code: attempt.statusCode,
              error: attempt.error,
            })),
        })),
      };
    },
  };
}
