/**
 * A deposit as named steps, each with its compensation:
 *
 *   record_deposit   the pending record, after the limit check, under the player's lock, with the
 *                    account's currency fixed (taken by `makeDeposit`, in one transaction)
 *                      ⟲ marks the record failed, for the history
 *   create_payment   the payment at the provider, `dep_<id>` as reference and Idempotency-Key
 *                    (a replayed request resumes here: the same key gets the same payment)
 *
 * Any failure to create the payment ends the record (refused or unreachable alike); a late
 * `payment.succeeded` for it would still credit, since the provider is the one holding the money.
 * Nothing is credited in this flow: only the provider's signed webhook does that (`webhook.ts`).
 */

import { type Locale, localizePath } from '@croupier/contract/locales';
import { formatMinor } from '@croupier/money/decimal';
import type { FastifyBaseLogger } from 'fastify';
import { linkOrigin } from '../../lib/public-origin.ts';
import type { TransactionRecord } from './cashier.repository.ts';
import type { CashierContext } from './cashier-context.ts';
import type { Flow } from './flow-step.ts';
import { ProviderRefusedError, ProviderUnavailableError } from './payment-provider.ts';

export interface DepositRun {
  record: TransactionRecord;
  email: string | null;
  /** The language of the page the deposit was made on: the player comes back to it. */
  locale: Locale;
  /** The exponent of the record's currency, for the amount sent to the provider. */
  exponent: number;
  log: FastifyBaseLogger;
  /** Set by `create_payment`: where the player pays. */
  payment?: { redirectUrl: string };
}

export function createDepositFlow(
  context: Pick<CashierContext, 'deps' | 'repository' | 'requireProvider' | 'origin'>,
): Flow<DepositRun> {
  const { deps, repository, requireProvider, origin } = context;
  return {
    name: 'deposit',
    steps: [
      {
        name: 'record_deposit',
        async compensate({ record, log }, error) {
          const refused = error instanceof ProviderRefusedError;
          const failureCode = refused ? error.code : 'provider_unavailable';
          log.warn({ err: error, transactionId: String(record.id) }, 'payment creation failed');
          await repository.failIfPending(record.id, failureCode, deps.now());
        },
      },
      {
        name: 'create_payment',
        async invoke(run) {
          const { record, email, exponent, locale } = run;
          const payment = await requireProvider().createPayment(
            {
              merchantReference: `dep_${record.id}`,
              amount: formatMinor(record.amountMinor, exponent),
              currency: record.currency,
              method: record.providerMethod,
              customer: { id: record.playerId.toString(), email },
              ...(record.requisites.iban ? { requisites: { iban: record.requisites.iban } } : {}),
              // The browser comes back here, in the deposit page's language: PUBLIC_URL, else the
              // host the player used (its cookies live there).
              returnUrl: `${linkOrigin(deps.config)}${localizePath(`/cashier/payresult/${record.id}`, locale)}`,
              webhookUrl: `${origin()}/webhooks/psp`,
            },
            `dep_${record.id}`,
          );
          if (
            !(await repository.attachProviderPayment(record.id, payment.id, payment.redirectUrl, deps.now()))
          ) {
            throw new ProviderUnavailableError(`deposit ${record.id} already has another payment`);
          }
          run.payment = { redirectUrl: payment.redirectUrl };
        },
      },
    ],
    // The record is marked failed whatever went wrong: the player sees it ended and may try again.
    isDefinitive: () => true,
  };
}
