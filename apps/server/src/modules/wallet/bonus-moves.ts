/**
 * The ledger moves of bonuses (modules/bonuses, ADR 020), always inside the caller's transaction
 * so the bonus status change and its money commit together. Bonus money lives in the player's
 * `bonus` (casino) or `betting_bonus` (sport) account and comes from the house `promotions`
 * account (sharded like every house account):
 *
 * - fund:    house promotions → player bonus (activation), key `bonus:<id>:fund:<n>`
 * - unfund:  player bonus → house promotions (deactivation before any stake), `bonus:<id>:unfund:<n>`
 * - burn:    the whole bonus balance → house promotions (cancel, expiry), `bonus:<id>:burn`
 * - convert: the bonus balance → player main up to max win, the excess → house promotions,
 *            `bonus:<id>:convert`
 *
 * Burn and convert take the balance as it is in the transaction (the caller holds the bonus row
 * lock; a funded bonus is the only one on its account), so what play left is what moves.
 */
import type { AccountRef } from '@croupier/ledger/accounts';
import { createLedger, LedgerError, type Posting } from '@croupier/ledger/ledger';
import { AppError } from '../../lib/app-error.ts';
import type { WalletExecutor } from './wallet.repository.ts';

/** The operator's account bonus money comes from and returns to. */
export const PROMOTIONS_ACCOUNT = 'promotions';

export type BonusAccountKind = 'bonus' | 'betting_bonus';

export interface BonusMoveTarget {
  bonusId: bigint;
  playerId: bigint;
  currency: string;
  account: BonusAccountKind;
}

function refs(target: BonusMoveTarget) {
  const bonus: AccountRef = {
    type: 'player',
    playerId: target.playerId,
    currency: target.currency,
    kind: target.account,
  };
  const main: AccountRef = {
    type: 'player',
    playerId: target.playerId,
    currency: target.currency,
    kind: 'main',
  };
  const house: AccountRef = { type: 'house', name: PROMOTIONS_ACCOUNT, currency: target.currency };
  return { bonus, main, house };
}

function metadata(target: BonusMoveTarget) {
  return { bonus_id: target.bonusId.toString(), player_id: target.playerId.toString() };
}

async function transfer(
  tx: WalletExecutor,
  idempotencyKey: string,
  kind: string,
  postings: Posting[],
  target: BonusMoveTarget,
  options: { conflictMeansDone?: boolean } = {},
): Promise<boolean> {
  try {
    // A refusal (insufficient funds) aborts the caller's whole transaction: no savepoint needed.
    await createLedger(tx, { savepoint: false }).transfer({
      idempotencyKey,
      kind,
      postings,
      metadata: metadata(target),
    });
    return true;
  } catch (error) {
    // The key was used with other amounts: the move it names was made earlier (the ledger found
    // the key and wrote nothing, so the transaction stays usable).
    if (options.conflictMeansDone && error instanceof LedgerError && error.code === 'idempotency_conflict') {
      return false;
    }
    if (error instanceof LedgerError && error.code === 'retries_exhausted') {
      throw new AppError('BillingUnavailableException', { code: 'ledger_busy', cause: error });
    }
    if (error instanceof LedgerError) {
      throw new AppError('BillingServiceErrorException', { code: `ledger_${error.code}`, cause: error });
    }
    throw error;
  }
}

export interface ConvertResult {
  /** What reached main. */
  convertedMinor: bigint;
  /** What went back to the house (over max win). */
  forfeitedMinor: bigint;
}

/** The bonus moves, each posted on `tx`. */
export const bonusMoves = {
  /** The bonus balance the caller's transaction sees. */
  async balanceMinor(tx: WalletExecutor, target: BonusMoveTarget): Promise<bigint> {
    return createLedger(tx).balance(refs(target).bonus);
  },

  async fund(tx: WalletExecutor, target: BonusMoveTarget, amountMinor: bigint, cycle: number): Promise<void> {
    if (amountMinor <= 0n) return;
    const { bonus, house } = refs(target);
    await transfer(
      tx,
      `bonus:${target.bonusId}:fund:${cycle}`,
      'bonus_fund',
      [
        { account: house, amountMinor: -amountMinor },
        { account: bonus, amountMinor },
      ],
      target,
    );
  },

  /** Deactivation: the funded amount back to the house (nothing was staked, the balance is intact). */
  async unfund(
    tx: WalletExecutor,
    target: BonusMoveTarget,
    amountMinor: bigint,
    cycle: number,
  ): Promise<void> {
    if (amountMinor <= 0n) return;
    const { bonus, house } = refs(target);
    await transfer(
      tx,
      `bonus:${target.bonusId}:unfund:${cycle}`,
      'bonus_unfund',
      [
        { account: bonus, amountMinor: -amountMinor },
        { account: house, amountMinor },
      ],
      target,
    );
  },

  /** Forfeits the whole bonus balance; returns what was burned. */
  async burn(tx: WalletExecutor, target: BonusMoveTarget): Promise<bigint> {
    const { bonus, house } = refs(target);
    const balance = await createLedger(tx).balance(bonus);
    if (balance <= 0n) return 0n;
    await transfer(
      tx,
      `bonus:${target.bonusId}:burn`,
      'bonus_burn',
      [
        { account: bonus, amountMinor: -balance },
        { account: house, amountMinor: balance },
      ],
      target,
    );
    return balance;
  },

  /**
   * Forfeits bonus money that reached the bonus account when no bonus was funded there (a win or
   * a refund of a round left open across a burn, expiry or completion): at most `amountMinor`,
   * never more than the balance. Key `bonus:sweep:<event id>`: once per wager event. An event
   * applied again (a replayed stream) whose sweep was made finds its key and moves nothing, even
   * though the balance it sees now, and so the amount it would sweep, may differ.
   */
  async sweep(
    tx: WalletExecutor,
    target: Omit<BonusMoveTarget, 'bonusId'>,
    amountMinor: bigint,
    eventId: bigint,
  ): Promise<bigint> {
    const { bonus, house } = refs({ ...target, bonusId: 0n });
    const balance = await createLedger(tx).balance(bonus);
    const swept = amountMinor < balance ? amountMinor : balance;
    if (swept <= 0n) return 0n;
    const made = await transfer(
      tx,
      `bonus:sweep:${eventId}`,
      'bonus_sweep',
      [
        { account: bonus, amountMinor: -swept },
        { account: house, amountMinor: swept },
      ],
      { ...target, bonusId: 0n },
      { conflictMeansDone: true },
    );
    return made ? swept : 0n;
  },

  /** Converts the bonus balance to main up to `maxWinMinor` (null: all); the excess is burned. */
  async convert(
    tx: WalletExecutor,
    target: BonusMoveTarget,
    maxWinMinor: bigint | null,
  ): Promise<ConvertResult> {
    const { bonus, main, house } = refs(target);
    const balance = await createLedger(tx).balance(bonus);
    if (balance <= 0n) return { convertedMinor: 0n, forfeitedMinor: 0n };
    const converted = maxWinMinor !== null && balance > maxWinMinor ? maxWinMinor : balance;
    const forfeited = balance - converted;
    const postings: Posting[] = [{ account: bonus, amountMinor: -balance }];
    if (converted > 0n) postings.push({ account: main, amountMinor: converted });
    if (forfeited > 0n) postings.push({ account: house, amountMinor: forfeited });
    await transfer(tx, `bonus:${target.bonusId}:convert`, 'bonus_convert', postings, target);
    return { convertedMinor: converted, forfeitedMinor: forfeited };
  },
};

export type BonusMoves = typeof bonusMoves;
