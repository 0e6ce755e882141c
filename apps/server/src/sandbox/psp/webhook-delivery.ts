/**
 * Webhook delivery: each due event POSTed, signed, to the merchant's URL with a 10 s timeout; a
 * failure is retried with exponential back-off for up to 3 days (protocol doc); every attempt is
 * logged for the dashboard. Deliveries are claimed with a lease, so a dead node's are retried.
 */

import { SIGNATURE_HEADER, signatureHeader } from '../../lib/signature.ts';
import type { PspContext } from './payment-state.ts';
import type { ClaimedDelivery } from './psp.repository.ts';
import { MAX_BATCHES_PER_PASS } from './settlement.ts';

/** Protocol doc: each delivery attempt times out after 10 s. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** Protocol doc: back-off 1 s, 2 s, 4 s … capped at an hour, for up to 3 days. */
const WEBHOOK_BASE_RETRY_MS = 1_000;
const WEBHOOK_MAX_RETRY_MS = 3_600_000;
export const WEBHOOK_RETRY_WINDOW_MS = 3 * 24 * 3_600_000;
/** A claim lapses after this long (well past the timeout), so a dead node's deliveries are retried. */
const WEBHOOK_LEASE_MS = 60_000;
const DELIVERY_BATCH = 20;
const RESPONSE_EXCERPT_BYTES = 500;
const USER_AGENT = 'CroupierPay-Sandbox/1.0 (+webhooks)';

export function webhookRetryDelayMs(attempts: number): number {
  return Math.min(WEBHOOK_MAX_RETRY_MS, WEBHOOK_BASE_RETRY_MS * 2 ** Math.min(32, Math.max(0, attempts - 1)));
}

function errorText(error: unknown): string {
  if (error instanceof Error) {
    // undici hides the reason (ECONNREFUSED, timeout) in `cause`.
    const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
    return `${error.name === 'TimeoutError' ? 'timeout' : error.message}${cause}`.slice(0, 500);
  }
  return String(error).slice(0, 500);
}

/** Reads at most `maxBytes` of a response body, then lets the rest go. */
async function readExcerpt(response: Response, maxBytes: number): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < maxBytes) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return Buffer.concat(chunks).toString('utf8').slice(0, maxBytes);
}

export function createWebhookDelivery(context: PspContext) {
  const { deps, repository } = context;

  async function deliver(delivery: ClaimedDelivery): Promise<void> {
    const startedAt = deps.now();
    const timestamp = Math.floor(startedAt.getTime() / 1000);
    // Wall time for the duration: the injectable clock may stand still in tests.
    const startedMs = performance.now();
    let statusCode: number | null = null;
    let failure: string | null = null;
    let excerpt: string | null = null;
    try {
      const response = await fetch(delivery.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': USER_AGENT,
          [SIGNATURE_HEADER]: signatureHeader(delivery.webhookSecret, timestamp, delivery.body),
        },
        body: delivery.body,
        // A redirect is not an acknowledgement; following it could also re-post elsewhere.
        redirect: 'manual',
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      });
      statusCode = response.status;
      excerpt = await readExcerpt(response, RESPONSE_EXCERPT_BYTES).catch(() => null);
      if (statusCode < 200 || statusCode >= 300) failure = `HTTP ${statusCode}`;
    } catch (error) {
      failure = errorText(error);
    }
    await repository.recordAttempt({
      deliveryId: delivery.id,
      attempt: delivery.attempts,
      startedAt,
      durationMs: Math.round(performance.now() - startedMs),
      statusCode,
      error: failure,
      responseExcerpt: excerpt,
    });
    const now = deps.now();
    if (failure === null && statusCode !== null) {
      await repository.markDelivered(delivery.id, statusCode, now);
      return;
    }
    const next = new Date(now.getTime() + webhookRetryDelayMs(delivery.attempts));
    const giveUp = next.getTime() - delivery.eventCreatedAt.getTime() > WEBHOOK_RETRY_WINDOW_MS;
    const log = { deliveryId: String(delivery.id), eventId: delivery.eventId, attempt: delivery.attempts };
    if (giveUp) deps.log.error({ ...log, reason: failure }, 'sandbox PSP webhook given up');
    else deps.log.warn({ ...log, reason: failure }, 'sandbox PSP webhook will be retried');
    await repository.markUndelivered(
      delivery.id,
      next,
      statusCode,
      failure ?? 'no response',
      giveUp ? 'give_up' : 'retry',
    );
  }

  async function deliverWebhooks(): Promise<number> {
    let handled = 0;
    for (let batch = 0; batch < MAX_BATCHES_PER_PASS; batch += 1) {
      const now = deps.now();
      const claimed = await repository.claimDueDeliveries(
        now,
        new Date(now.getTime() + WEBHOOK_LEASE_MS),
        DELIVERY_BATCH,
      );
      // Side by side: one slow receiver must not hold up the rest of the batch for its 10 s.
      await Promise.all(claimed.map((delivery) => deliver(delivery)));
      handled += claimed.length;
      if (claimed.length < DELIVERY_BATCH) break;
    }
    return handled;
  }

  return { deliverWebhooks };
}
