/**
 * A player's deposit limits (responsible gaming, spec §5): what each one leaves to deposit in its
 * period, the one that binds, and a change of them (lowering at once, raising after a wait: the
 * rules live in `deposit-limits.ts`).
 */
import type { DepositLimitOutput } from '@croupier/contract/cashier/common';
import type { Locale } from '@croupier/contract/locales';
import { currencyExponent } from '@croupier/money/currencies';
import { parseAmount } from '../wallet/typed-amount.ts';
import type { CashierQueries, DepositLimitRecord, LimitPeriod } from './cashier.repository.ts';
import type { CashierContext } from './cashier-context.ts';
import {
  effectiveLimit,
  PENDING_DEPOSIT_COUNTS_MS,
  periodWindow,
  planLimitChange,
  waitingChange,
} from './deposit-limits.ts';
import { invalidField } from './request-checks.ts';
import { moneyOf } from './transaction-output.ts';

export interface LimitState {
  output: DepositLimitOutput;
  /** What may still be deposited (minor units) under the binding limit; null: no limit. */
  availableMinor: bigint | null;
}

export function createDepositLimitSettings(
  context: Pick<CashierContext, 'deps' | 'repository' | 'wallet' | 'facts' | 'pinCurrency'>,
) {
  const { deps, repository, wallet, facts, pinCurrency } = context;

  async function depositLimitState(
    repo: CashierQueries,
    playerId: bigint,
    currency: string,
    now: Date,
  ): Promise<LimitState> {
    const entries: (DepositLimitOutput['limits'][number] & { availableMinor: bigint })[] = [];
    for (const record of await repo.listDepositLimits(playerId)) {
      const limitMinor = effectiveLimit(record, now);
      if (limitMinor === null) continue;
      const exponent = currencyExponent(record.currency);
      const window = periodWindow(record.period, now);
      const used = await repo.depositedSince(
        playerId,
        record.currency,
        window.start,
        new Date(now.getTime() - PENDING_DEPOSIT_COUNTS_MS),
      );
      // A limit kept in another currency than the deposit's cannot be compared: nothing is left.
      const left = record.currency === currency ? limitMinor - used : 0n;
      const availableMinor = left > 0n ? left : 0n;
      const waiting = waitingChange(record, now);
      entries.push({
        period: record.period,
        limit_amount: moneyOf(limitMinor, record.currency, exponent),
        available_amount: moneyOf(availableMinor, record.currency, exponent),
        expired_at: window.end.toISOString(),
        pending_limit_amount:
          waiting && waiting.limitMinor !== null
            ? moneyOf(waiting.limitMinor, record.currency, exponent)
            : null,
        pending_removal: waiting !== null && waiting.limitMinor === null,
        pending_effective_at: waiting ? waiting.effectiveAt.toISOString() : null,
        availableMinor,
      });
    }
    const order: Record<LimitPeriod, number> = { day: 0, week: 1, month: 2 };
    entries.sort((a, b) => order[a.period] - order[b.period]);
    // The lowest applies: the limit leaving the least to deposit binds (ties: the shortest period).
    let binding: (typeof entries)[number] | undefined;
    for (const entry of entries)
      if (!binding || entry.availableMinor < binding.availableMinor) binding = entry;
    return {
      availableMinor: binding ? binding.availableMinor : null,
      output: {
        period: binding ? binding.period : 'none',
        limit_amount: binding ? binding.limit_amount : null,
        available_amount: binding ? binding.available_amount : null,
        expired_at: binding ? binding.expired_at : null,
        // Responsible gaming: a player may always set or lower a limit (raising waits 24 hours).
        can_edit: true,
        limits: entries.map(({ availableMinor: _available, ...entry }) => entry),
      },
    };
  }

  return {
    /** The limits and what they leave, read with `repo` (inside a transaction: under its locks). */
    depositLimitState,

    async depositLimit(playerId: bigint, locale: Locale): Promise<DepositLimitOutput> {
      const { currency } = await facts(playerId, locale);
      return (await depositLimitState(repository, playerId, currency, deps.now())).output;
    },

    async setDepositLimit(
      playerId: bigint,
      input: { period: 'none' | LimitPeriod; amount?: string | undefined },
      locale: Locale,
    ): Promise<DepositLimitOutput> {
      const { currency } = await facts(playerId, locale);
      const exponent = await wallet.exponentOf(currency);
      let wanted: bigint | null = null;
      const blank = input.amount === undefined || input.amount.trim() === '';
      if (input.period !== 'none' && !blank) {
        const parsed = parseAmount(input.amount, exponent);
        if (!parsed.ok)
          throw invalidField('amount', 'amount', 'cashier.amount_invalid', { digits: exponent });
        wanted = parsed.amountMinor;
      }
      const periods: LimitPeriod[] = input.period === 'none' ? ['day', 'week', 'month'] : [input.period];
      await pinCurrency(playerId, currency);
      const now = deps.now();
      return repository.transaction(async (repo, tx) => {
        await repo.lockPlayer(playerId);
        const current = new Map(
          (await repo.listDepositLimits(playerId)).map((record) => [record.period, record]),
        );
        for (const period of periods) {
          const existing: DepositLimitRecord | null = current.get(period) ?? null;
          const next = planLimitChange(existing, period, currency, wanted, now);
          if (next === null) {
            if (existing) await repo.deleteDepositLimit(playerId, period);
          } else if (next !== existing) {
            await repo.saveDepositLimit(playerId, next, now);
          }
        }
        // A limit is an amount in a currency: from now on the account's currency is fixed.
        await wallet.lockCurrency(playerId, currency, 'deposit_limit', { tx });
        return (await depositLimitState(repo, playerId, currency, now)).output;
      });
    },
  };
}
