/** A player's own transactions: one by id, and the history page by page. */
import type { TransactionOutput } from '@croupier/contract/cashier/common';
import { rowIdOf } from '../../lib/row-id.ts';
import type { TransactionType } from './cashier.repository.ts';
import type { CashierContext } from './cashier-context.ts';
import { invalidField } from './request-checks.ts';
import { toOutput } from './transaction-output.ts';

export function createHistory(context: Pick<CashierContext, 'repository' | 'exponents'>) {
  const { repository, exponents } = context;

  return {
    /**
     * Staff's deposit search (the back office's payments desk): `query` is a transaction or player
     * id (digits) or a provider payment id; with a status and a UTC day window. Newest first.
     */
    async searchDeposits(input: {
      query?: string | undefined;
      status?: string | undefined;
      from?: Date | undefined;
      before?: Date | undefined;
      offset: number;
      count: number;
    }) {
      const query = input.query?.trim();
      const digits = rowIdOf(query) ?? undefined;
      const { rows, more } = await repository.searchDeposits({
        ...(digits !== undefined ? { id: digits, playerId: digits } : {}),
        ...(query && digits === undefined ? { paymentId: query } : {}),
        status: input.status,
        from: input.from,
        before: input.before,
        offset: input.offset,
        count: input.count,
      });
      const exponentByCode = await exponents();
      return {
        items: rows.map((row) => ({
          ...toOutput(row, exponentByCode),
          player_id: Number(row.playerId),
          provider_payment_id: row.providerPaymentId,
        })),
        more,
      };
    },

    async transactionInfo(playerId: bigint, id: number): Promise<TransactionOutput> {
      // Another player's transaction answers exactly like a missing one: ids reveal nothing.
      const record = await repository.findOwn(playerId, BigInt(id));
      if (!record) throw invalidField('id', 'not_found', 'cashier.not_found');
      return toOutput(record, await exponents());
    },

    async history(
      playerId: bigint,
      input: {
        offset: number;
        count: number;
        type: 'deposit' | 'withdrawal' | 'all';
        statuses?: string[] | undefined;
      },
    ): Promise<{ items: TransactionOutput[]; total: number }> {
      const types: TransactionType[] = input.type === 'all' ? ['deposit', 'withdrawal'] : [input.type];
      const { rows, total } = await repository.listForPlayer(playerId, {
        types,
        statuses: input.statuses,
        offset: input.offset,
        count: input.count,
      });
      const exponentByCode = await exponents();
      return { items: rows.map((row) => toOutput(row, exponentByCode)), total };
    },
  };
}
