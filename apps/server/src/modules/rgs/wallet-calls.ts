/**
 * The calls that must reach the platform's wallet after the request that started them: a round's
 * win (sent at once, resent by the background loop until the platform answers) and the rollback of
 * a bet whose answer was lost. Transaction ids are stable, so a resend is a duplicate the platform
 * answers with its first result.
 */

import { currencyExponent, isKnownCurrency } from '@croupier/money/currencies';
import { formatMinor } from '@croupier/money/decimal';
import type { Deps } from '../../deps.ts';
import type { ClaimedCall, RgsRepository } from './rgs.repository.ts';
import { retryDelayMs } from './rgs-model.ts';
import type { WalletClient } from './wallet-client.ts';
import { parseWalletDecimal } from './wallet-decimal.ts';

export interface WalletCallsContext {
  deps: Pick<Deps, 'db' | 'log' | 'now'>;
  repository: RgsRepository;
  wallet: WalletClient;
  later: (ms: number) => Date;
}

export function createWalletCalls({ deps, repository, wallet, later }: WalletCallsContext) {
  interface WinTarget {
    callId: bigint;
    roundId: string;
    txId: string;
    amountMinor: bigint;
    gameCode: string;
    currency: string;
    exponent: number;
    token: string;
  }

  /**
   * Sends a round's win. `ok` settles the round in the commit that marks the call done; no answer
   * leaves the round `settling` with the call rescheduled for the loop. Returns the balance after.
   */
  async function deliverWin(target: WinTarget, attempts: number): Promise<bigint | undefined> {
    const result = await wallet.win({
      token: target.token,
      transactionId: target.txId,
      roundId: target.roundId,
      game: target.gameCode,
      amount: formatMinor(target.amountMinor, target.exponent),
      currency: target.currency,
    });
    if (result.kind === 'ok') {
      await repository.settleWin(target.callId, result.answer, deps.now());
      return parseWalletDecimal(result.answer.balance, target.exponent);
    }
    if (result.kind === 'refused') {
      // The platform will never take this win (it dedupes by id, so this is not a lost answer):
      // the round stays settling and the call failed, for an operator to look at.
      deps.log.error(
        { roundId: target.roundId, txId: target.txId, code: result.code },
        'wallet refused a win for good',
      );
      await repository.finishCall(deps.db, target.callId, {
        status: 'failed',
        response: result.answer,
        lastError: result.code,
      });
      return undefined;
    }
    await repository.rescheduleCall(target.callId, {
      attempts,
      nextAttemptAt: later(retryDelayMs(attempts)),
      lastError: result.reason,
    });
    return undefined;
  }

  async function deliverRollback(call: ClaimedCall): Promise<void> {
    const result = await wallet.rollback({
      token: call.walletToken ?? '',
      transactionId: call.txId,
      referenceTransactionId: call.referenceTxId ?? '',
      roundId: call.roundId,
      game: call.gameCode,
    });
    if (result.kind === 'ok') {
      await repository.finishCall(deps.db, call.id, { status: 'done', response: result.answer });
      return;
    }
    if (result.kind === 'refused') {
      deps.log.error(
        { roundId: call.roundId, txId: call.txId, code: result.code },
        'wallet refused a rollback',
      );
      await repository.finishCall(deps.db, call.id, {
        status: 'failed',
        response: result.answer,
        lastError: result.code,
      });
      return;
    }
    await repository.rescheduleCall(call.id, {
      nextAttemptAt: later(retryDelayMs(call.attempts)),
      lastError: result.reason,
    });
  }

  /**
   * A bet call still pending after its lease: the request that sent it died without recording the
   * answer. Whether the platform took it is unknown, so it is rolled back (refund or tombstone);
   * a round whose first bet it was is cancelled.
   */
  async function abandonBet(call: ClaimedCall): Promise<void> {
    await repository.transaction(async (tx) => {
      if (
        !(await repository.finishCall(tx, call.id, { status: 'failed', lastError: 'abandoned: no answer' }))
      ) {
        return;
      }
      await repository.insertCall(tx, {
        roundId: call.roundId,
        kind: 'rollback',
        txId: call.txId.replace(/-bet-(\d+)$/, '-rb-$1'),
        referenceTxId: call.txId,
        amountMinor: call.amountMinor,
        nextAttemptAt: deps.now(),
        createdAt: deps.now(),
      });
      if (call.txId.endsWith('-bet-0')) {
        const round = await repository.lockRoundById(tx, call.roundId);
        if (round && round.status === 'open' && round.stakeMinor === 0n) {
          await repository.updateRound(tx, call.roundId, { status: 'cancelled', settledAt: deps.now() });
        }
      }
    });
  }

  async function processCall(call: ClaimedCall): Promise<void> {
    const exponent = isKnownCurrency(call.currency) ? currencyExponent(call.currency) : undefined;
    if (exponent === undefined || call.walletToken === null) {
      deps.log.error({ callId: call.id.toString() }, 'RGS wallet call without a currency or token');
      await repository.finishCall(deps.db, call.id, { status: 'failed', lastError: 'unsendable' });
      return;
    }
    switch (call.kind) {
      case 'bet':
        return abandonBet(call);
      case 'rollback':
        return deliverRollback(call);
      case 'win':
        await deliverWin(
          {
            callId: call.id,
            roundId: call.roundId,
            txId: call.txId,
            amountMinor: call.amountMinor,
            gameCode: call.gameCode,
            currency: call.currency,
            exponent,
            token: call.walletToken,
          },
          call.attempts,
        );
        return;
    }
  }

  return { deliverWin, processCall };
}

export type WalletCalls = ReturnType<typeof createWalletCalls>;
