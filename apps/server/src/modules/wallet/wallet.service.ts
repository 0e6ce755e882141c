/**
 * The wallet: the only place the platform touches the ledger for players (ARCHITECTURE.md §4).
 * Balances come out as `{amount, currency}` decimal strings from bigint minor units with the
 * currency's ISO 4217 exponent; every movement is one ledger transfer whose idempotency key comes
 * from the outside fact (`psp:payment:<id>`, `wd:<id>:hold` …), so a replayed fact moves nothing.
 *
 * Withdrawals park the money in the house `pending_withdrawals` account: main → pending (hold),
 * then pending → world `psp` (payout) or pending → main (release). Callers pass `{ tx }` to post
 * inside their own transaction, so a status change and its posting commit together or not at all.
 */

import type { BalancesOutput } from '@croupier/contract/account/common';
import type { Money } from '@croupier/contract/params';
import { type AccountRef, logicalKey, type PlayerBalanceKind } from '@croupier/ledger/accounts';
import {
  createLedger,
  encodeTransfer,
  LedgerError,
  type LedgerTransferArguments,
  type TransferRequest,
  type TransferResult,
  transferProblem,
} from '@croupier/ledger/ledger';
import { currencyExponent } from '@croupier/money/currencies';
import { formatMinor } from '@croupier/money/decimal';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import type { MetadataService } from '../metadata/metadata.service.ts';
import { createLedgerReport } from './ledger-report.ts';
import { createWalletRepository, type WalletExecutor } from './wallet.repository.ts';

export type { WalletExecutor } from './wallet.repository.ts';
export { gameBalancesLockSql } from './wallet.repository.ts';

/**
 * Where money from and to the payment provider enters and leaves the books: the world `psp`
 * account, split by player into `psp_00` … `psp_15`. One row would be the hottest in the database
 * (every deposit of every player locks it until commit, so deposits would queue one fsync at a
 * time); the ledger shards house accounts but not world ones, so the wallet spreads this one
 * itself. The split is a function of the player, so a replayed fact posts the same accounts.
 * Reports add the shards up (`pspBalanceMinor`).
 */
export const PSP_ACCOUNT_SHARDS = 16;
export function pspAccountName(playerId: bigint): string {
  return `psp_${(playerId % BigInt(PSP_ACCOUNT_SHARDS)).toString().padStart(2, '0')}`;
}
/** The operator's account holding withdrawals between request and payout. */
const PENDING_WITHDRAWALS_ACCOUNT = 'pending_withdrawals';
/** The house side of staff balance adjustments (back office). */
const MANUAL_ADJUSTMENTS_ACCOUNT = 'manual_adjustments';

export interface PostOptions {
  /** Post inside this transaction, so it commits with the caller's writes. */
  tx?: WalletExecutor;
  /**
   * The caller rolls its whole transaction back when the posting is refused (insufficient funds),
   * so the posting needs no savepoint to keep the transaction usable: two round trips fewer.
   */
  rollsBackOnRefusal?: boolean;
  /**
   * Real-money game movements: the caller's statement already locked the player's main and bonus
   * accounts in `tx` (`gameBalancesLockSql`) and read these balances; the wallet does not lock again.
   */
  lockedGameBalances?: { main: bigint; bonus: bigint } | null;
}

export interface DepositCredit {
  playerId: bigint;
  currency: string;
  amountMinor: bigint;
  /** The provider's payment id: the key is `psp:payment:<id>`, whatever delivered the fact. */
  paymentId: string;
}

/** The ledger transfer crediting a paid deposit: world psp → player main, key `psp:payment:<id>`. */
export function depositCreditRequest(credit: DepositCredit): TransferRequest {
  return {
    idempotencyKey: `psp:payment:${credit.paymentId}`,
    kind: 'deposit',
    postings: [
      {
        account: { type: 'world', name: pspAccountName(credit.playerId), currency: credit.currency },
        amountMinor: -credit.amountMinor,
      },
      {
        account: { type: 'player', playerId: credit.playerId, currency: credit.currency, kind: 'main' },
        amountMinor: credit.amountMinor,
      },
    ],
    metadata: { payment_id: credit.paymentId },
  };
}

/**
 * What packages/ledger sends to `ledger_transfer` for `depositCreditRequest(credit)`, for a caller
 * posting it inside a statement of its own (the cashier's one-statement webhook credit): the
 * ledger's own encoding (`encodeTransfer`), so the key, the request hash and the account rows are
 * the same whichever road posts the deposit. A deposit touches no house account, so no random shard
 * is involved and a replay builds the same rows. Null when the ledger would refuse the request (the
 * caller then goes through `creditDeposit`, which reports why).
 */
export function depositLedgerArguments(credit: DepositCredit): LedgerTransferArguments | null {
  const request = depositCreditRequest(credit);
  if (credit.amountMinor <= 0n || transferProblem(request) !== null) return null;
  return encodeTransfer(request);
}

export interface WithdrawalMovement {
  playerId: bigint;
  currency: string;
  amountMinor: bigint;
  withdrawalId: bigint;
}

export function createWalletService(
  deps: Pick<Deps, 'db' | 'log' | 'now'> & Partial<Pick<Deps, 'config'>>,
  collaborators: { metadata: MetadataService },
) {
  const { metadata } = collaborators;
  const repository = createWalletRepository(deps.db);
  const ledger = createLedger(deps.db);
  const report = createLedgerReport(deps.db);

  const player = (playerId: bigint, currency: string, kind: PlayerBalanceKind): AccountRef => ({
    type: 'player',
    playerId,
    currency,
    kind,
  });
  const psp = (playerId: bigint, currency: string): AccountRef => ({
    type: 'world',
    name: pspAccountName(playerId),
    currency,
  });
  const pending = (currency: string): AccountRef => ({
    type: 'house',
    name: PENDING_WITHDRAWALS_ACCOUNT,
    currency,
  });

  async function exponentOf(currency: string): Promise<number> {
    const found = (await metadata.currencies()).find((c) => c.code === currency);
    if (!found) {
      throw new AppError('InvalidParameterException', {
        code: 'invalid_parameter',
        fields: { currency: 'unsupported' },
      });
    }
    // The catalogue says whether the site offers it; packages/money says how many decimals it has
    // (the seed refuses catalogue rows that disagree with it).
    return currencyExponent(found.code);
  }

  /** Ledger failures as the catalogue's typed errors; `declined` names the error of the flow. */
  function toAppError(
    error: unknown,
    declined: 'WithdrawalDeclinedException' | 'BillingServiceErrorException',
  ) {
    if (!(error instanceof LedgerError)) return error;
    switch (error.code) {
      case 'insufficient_funds':
        return new AppError(declined, {
          code: 'insufficient_funds',
          message: 'wallet.insufficient_funds',
          cause: error,
        });
      case 'retries_exhausted':
        return new AppError('BillingUnavailableException', { code: 'ledger_busy', cause: error });
      case 'idempotency_conflict':
        // The same outside fact arrived with another amount: never post it, say so loudly.
        deps.log.error({ err: error }, 'ledger idempotency conflict');
        return new AppError('BillingServiceErrorException', { code: 'idempotency_conflict', cause: error });
      default:
        deps.log.error({ err: error }, 'ledger refused a wallet transfer');
        return new AppError('BillingServiceErrorException', { code: 'ledger_invalid_request', cause: error });
    }
  }

  async function post(
    request: Parameters<ReturnType<typeof createLedger>['transfer']>[0],
    options: PostOptions,
    declined: 'WithdrawalDeclinedException' | 'BillingServiceErrorException',
  ): Promise<TransferResult> {
    // A ledger on the caller's transaction posts in it: one commit for both. A transfer that can be
    // refused (it takes money from a player) runs in a savepoint so the refusal leaves the
    // caller's transaction usable; one that only credits players cannot be refused and skips it.
    const refusable = request.postings.some((p) => p.account.type === 'player' && p.amountMinor < 0n);
    const target = options.tx
      ? createLedger(options.tx, { savepoint: refusable && options.rollsBackOnRefusal !== true })
      : ledger;
    try {
      return await target.transfer(request);
    } catch (error) {
      throw toAppError(error, declined);
    }
  }

  function assertPositive(amountMinor: bigint): void {
    if (amountMinor <= 0n) throw new Error('wallet movements take a positive amount');
  }

  function bonusIsolation(): boolean {
    return deps.config?.BONUS_ISOLATION_ENABLED === true;
  }

  /** Locks the player's main and bonus accounts of a real-money game movement (lock order: ADR 019). */
  async function lockGameBalances(
    movement: GameMovement,
    options: PostOptions,
  ): Promise<{ main: bigint; bonus: bigint }> {
    if (options.lockedGameBalances && options.tx) return options.lockedGameBalances;
    const target = options.tx ? createLedger(options.tx) : ledger;
    const balances = await target.lockPlayerBalances(movement.playerId, movement.currency, ['main', 'bonus']);
    return { main: balances.get('main') ?? 0n, bonus: balances.get('bonus') ?? 0n };
  }

  /** Posts a real-money movement of the player's main and bonus balances (deltas) against house games. */
  async function postReal(
    movement: GameMovement,
    options: PostOptions,
    kind: 'bet' | 'win' | 'rollback',
    locked: { main: bigint; bonus: bigint },
    delta: { realMinor: bigint; bonusMinor: bigint },
  ): Promise<GamePostingResult> {
    const main = player(movement.playerId, movement.currency, 'main');
    const bonus = player(movement.playerId, movement.currency, 'bonus');
    const postings = [
      { account: gameHouse(movement), amountMinor: -(delta.realMinor + delta.bonusMinor) },
      ...(delta.realMinor !== 0n ? [{ account: main, amountMinor: delta.realMinor }] : []),
      ...(delta.bonusMinor !== 0n ? [{ account: bonus, amountMinor: delta.bonusMinor }] : []),
    ];
    const result = await post(
      {
        idempotencyKey: gameKey(movement, kind),
        kind: `game_${kind}`,
        postings,
        metadata: gameMetadata(movement),
      },
      options,
      'BillingServiceErrorException',
    );
    // The accounts are locked by this transaction: their balances after are the locked ones plus
    // what this transfer moved (nothing when it was a replay).
    const moved = result.replayed ? { realMinor: 0n, bonusMinor: 0n } : delta;
    return {
      ledgerTransactionId: result.transactionId,
      replayed: result.replayed,
      balanceMinor: playableMinor(
        locked.main + moved.realMinor,
        locked.bonus + moved.bonusMinor,
        bonusIsolation(),
      ),
      realMinor: delta.realMinor < 0n ? -delta.realMinor : delta.realMinor,
      bonusMinor: delta.bonusMinor < 0n ? -delta.bonusMinor : delta.bonusMinor,
    };
  }

  /** A win or a refund: house → player; real money split main / bonus by `bonusMinor`. */
  async function postCredit(
    movement: GameMovement & { bonusMinor?: bigint },
    options: PostOptions,
    kind: 'win' | 'rollback',
  ): Promise<GamePostingResult> {
    assertPositive(movement.amountMinor);
    const bonusMinor = movement.bonusMinor ?? 0n;
    if (bonusMinor < 0n || bonusMinor > movement.amountMinor)
      throw new Error('the bonus part is out of range');
    if (movement.mode === 'demo') {
      if (bonusMinor !== 0n) throw new Error('demo play has no bonus money');
      const account = player(movement.playerId, movement.currency, 'fun');
      const result = await post(
        {
          idempotencyKey: gameKey(movement, kind),
          kind: `game_${kind}`,
          postings: [
            { account: gameHouse(movement), amountMinor: -movement.amountMinor },
            { account, amountMinor: movement.amountMinor },
          ],
          metadata: gameMetadata(movement),
        },
        options,
        'BillingServiceErrorException',
      );
      return { ...gameResult(result, account), realMinor: movement.amountMinor, bonusMinor: 0n };
    }
    const locked = await lockGameBalances(movement, options);
    return postReal(movement, options, kind, locked, {
      realMinor: movement.amountMinor - bonusMinor,
      bonusMinor,
    });
  }

  return {
    exponentOf,

    /** Daily money reports read from the ledger (ledger-report.ts). */
    dailyReport: report.daily,
    /** Σ of players' main balances per currency (the reports' reconciliation). */
    mainBalances: report.mainBalances,

    /** `{amount, currency}` of a minor-unit amount, in the currency's precision. */
    async toMoney(amountMinor: bigint, currency: string): Promise<Money> {
      return { amount: formatMinor(amountMinor, await exponentOf(currency)), currency };
    },

    /** The four balances of Account info in `currency` (zeros for a guest or an unused account). */
    async balances(playerId: bigint | null, currency: string): Promise<BalancesOutput> {
      const exponent = currencyExponent(currency);
      const byKind = new Map<string, bigint>();
      if (playerId !== null) {
        for (const row of await ledger.playerBalances(playerId)) {
          if (row.currency === currency) byKind.set(row.kind, row.balanceMinor);
        }
      }
      const money = (kind: PlayerBalanceKind): Money => ({
        amount: formatMinor(byKind.get(kind) ?? 0n, exponent),
        currency,
      });
      return {
        balance_main: money('main'),
        balance_bonus: money('bonus'),
        balance_betting_bonus: money('betting_bonus'),
        balance_fun: money('fun'),
      };
    },

    /** One balance in minor units. */
    async balanceMinor(
      playerId: bigint,
      currency: string,
      kind: PlayerBalanceKind = 'main',
    ): Promise<bigint> {
      return ledger.balance(player(playerId, currency, kind));
    },

    /** The provider clearing position in a currency (all shards): minus what players have paid in, net. */
    async pspBalanceMinor(currency: string): Promise<bigint> {
      let total = 0n;
      for (let shard = 0; shard < PSP_ACCOUNT_SHARDS; shard += 1) {
        total += await ledger.balance({ type: 'world', name: pspAccountName(BigInt(shard)), currency });
      }
      return total;
    },

    /**
     * Whether real money has moved or is on its way (then the currency is fixed): a posting on a
     * real-money account, or a currency lock taken when a payment was started. Fun money is play
     * money and fixes nothing.
     */
    async hasMoneyMovements(playerId: bigint): Promise<boolean> {
      if ((await repository.lockedCurrency(playerId)) !== null) return true;
      return (await ledger.playerBalances(playerId)).some((row) => row.kind !== 'fun');
    },

    /** Fixes the player's currency (see wallet.tables.ts); idempotent. */
    async lockCurrency(
      playerId: bigint,
      currency: string,
      reason: 'deposit' | 'withdrawal' | 'deposit_limit',
      options: PostOptions = {},
    ): Promise<void> {
      await repository.lockCurrency(options.tx ?? deps.db, { playerId, currency, reason, now: deps.now() });
    },

    /** Credits a paid deposit: world psp → player main, once per provider payment. */
    async creditDeposit(credit: DepositCredit, options: PostOptions = {}): Promise<TransferResult> {
      assertPositive(credit.amountMinor);
      return post(depositCreditRequest(credit), options, 'BillingServiceErrorException');
    },

    /** Holds a requested withdrawal: player main → house pending; refused when main is short. */
    async holdWithdrawal(movement: WithdrawalMovement, options: PostOptions = {}): Promise<TransferResult> {
      assertPositive(movement.amountMinor);
      return post(
        {
          idempotencyKey: `wd:${movement.withdrawalId}:hold`,
          kind: 'withdrawal_hold',
          postings: [
            {
              account: player(movement.playerId, movement.currency, 'main'),
              amountMinor: -movement.amountMinor,
            },
            { account: pending(movement.currency), amountMinor: movement.amountMinor },
          ],
          metadata: { withdrawal_id: movement.withdrawalId.toString() },
        },
        options,
        'WithdrawalDeclinedException',
      );
    },

    /** Returns held money (rejected, cancelled, payout failed): house pending → player main. */
    async releaseWithdrawal(
      movement: WithdrawalMovement,
      options: PostOptions = {},
    ): Promise<TransferResult> {
      assertPositive(movement.amountMinor);
      return post(
        {
          idempotencyKey: `wd:${movement.withdrawalId}:release`,
          kind: 'withdrawal_release',
          postings: [
            { account: pending(movement.currency), amountMinor: -movement.amountMinor },
            {
              account: player(movement.playerId, movement.currency, 'main'),
              amountMinor: movement.amountMinor,
            },
          ],
          metadata: { withdrawal_id: movement.withdrawalId.toString() },
        },
        options,
        'BillingServiceErrorException',
      );
    },

    /** The provider paid the withdrawal out: house pending → world psp. */
    async payoutWithdrawal(movement: WithdrawalMovement, options: PostOptions = {}): Promise<TransferResult> {
      assertPositive(movement.amountMinor);
      return post(
        {
          idempotencyKey: `wd:${movement.withdrawalId}:payout`,
          kind: 'withdrawal_payout',
          postings: [
            { account: pending(movement.currency), amountMinor: -movement.amountMinor },
            { account: psp(movement.playerId, movement.currency), amountMinor: movement.amountMinor },
          ],
          metadata: {
            withdrawal_id: movement.withdrawalId.toString(),
            player_id: movement.playerId.toString(),
          },
        },
        options,
        'BillingServiceErrorException',
      );
    },

    // --- game postings (modules/gamewallet) ------------------------------------------------------
    // Real play moves the player's main balance against the house `games` account, demo play the
    // fun balance against `fun_games` (the ledger shards house accounts). Keys come from the
    // provider's transaction ids (`gw:<provider>:<id>:<kind>`), so a replayed call moves nothing.
    // Callers post inside their own transaction (`{ tx }`): the wallet-API record and the money
    // commit together.

    /**
     * The balance a game session plays with: demo the fun balance; real the main and bonus balances
     * a bet may spend (`playableMinor`: both, or under bonus isolation the one it would spend).
     */
    async gameBalanceMinor(
      playerId: bigint,
      currency: string,
      mode: GameMode,
      options: PostOptions = {},
    ): Promise<bigint> {
      const target = options.tx ? createLedger(options.tx) : ledger;
      if (mode === 'demo') return target.balance(player(playerId, currency, 'fun'));
      // Locked by the caller's transaction, so still what the accounts hold: no statement needed.
      const locked = options.tx ? options.lockedGameBalances : null;
      if (locked) return playableMinor(locked.main, locked.bonus, bonusIsolation());
      const [main, bonus] = await Promise.all([
        target.balance(player(playerId, currency, 'main')),
        target.balance(player(playerId, currency, 'bonus')),
      ]);
      return playableMinor(main, bonus, bonusIsolation());
    },

    /**
     * A bet: the player's money → house games (demo: fun → fun_games). Real money is split by
     * `splitStake` from the main and bonus balances locked first (so nothing changes them before
     * the transfer); refused (insufficient_funds) when the rule's source cannot cover it. The
     * split is returned for the wager stream and the round.
     */
    async postGameBet(movement: GameMovement, options: PostOptions = {}): Promise<GamePostingResult> {
      assertPositive(movement.amountMinor);
      if (movement.mode === 'demo') {
        const account = player(movement.playerId, movement.currency, 'fun');
        const result = await post(
          {
            idempotencyKey: gameKey(movement, 'bet'),
            kind: 'game_bet',
            postings: [
              { account, amountMinor: -movement.amountMinor },
              { account: gameHouse(movement), amountMinor: movement.amountMinor },
            ],
            metadata: gameMetadata(movement),
          },
          options,
          'BillingServiceErrorException',
        );
        return { ...gameResult(result, account), realMinor: movement.amountMinor, bonusMinor: 0n };
      }
      const locked = await lockGameBalances(movement, options);
      const split = splitStake(locked.main, locked.bonus, movement.amountMinor, bonusIsolation());
      if (!split) {
        throw new AppError('BillingServiceErrorException', {
          code: 'insufficient_funds',
          message: 'wallet.insufficient_funds',
        });
      }
      return postReal(movement, options, 'bet', locked, {
        realMinor: -split.realMinor,
        bonusMinor: -split.bonusMinor,
      });
    },

    /**
     * A win: house games → player (demo: fun_games → fun). `bonusMinor` of it goes to the bonus
     * balance (the caller computes it with `winBonusShare` from the round's stakes), the rest to main.
     */
    async postGameWin(
      movement: GameMovement & { bonusMinor?: bigint },
      options: PostOptions = {},
    ): Promise<GamePostingResult> {
      return postCredit(movement, options, 'win');
    },

    /**
     * Refunds a bet (house → player) exactly as it was spent: `bonusMinor` back to bonus, the rest
     * to main. `transactionId` is the BET's id: the key names the bet, so two rollbacks of one bet
     * (whatever their own ids) refund it once; the second is `replayed`.
     */
    async postGameRollback(
      movement: GameMovement & { bonusMinor?: bigint },
      options: PostOptions = {},
    ): Promise<GamePostingResult> {
      return postCredit(movement, options, 'rollback');
    },

    /**
     * Locks a player's main and betting-bonus accounts (sports bets, ADR 031) in the caller's
     * transaction and returns their balances: a sports call decides its split (and a clawback what
     * it can recover) from them, and nothing changes them before its transfer commits.
     */
    async lockSportBalances(
      playerId: bigint,
      currency: string,
      options: { tx: WalletExecutor },
    ): Promise<{ main: bigint; bettingBonus: bigint }> {
      const balances = await createLedger(options.tx).lockPlayerBalances(playerId, currency, [
        'main',
        'betting_bonus',
      ]);
      return { main: balances.get('main') ?? 0n, bettingBonus: balances.get('betting_bonus') ?? 0n };
    },

    /**
     * A sports-bet movement between the player's main and betting-bonus balances and the house
     * `sportsbook` account (ADR 031): deltas seen from the player (negative: a stake or a
     * clawback). `idempotencyKey` names the provider's call (`gw:{provider}:sport:{tx id}`), so a
     * replay moves nothing. A debit the balances cannot cover is refused (`insufficient_funds`);
     * the caller locked them first (`lockSportBalances`) and only asks for what they hold.
     */
    async postSportMovement(
      movement: {
        playerId: bigint;
        currency: string;
        idempotencyKey: string;
        kind: 'sport_stake' | 'sport_payout' | 'sport_refund' | 'sport_clawback';
        mainDeltaMinor: bigint;
        bettingBonusDeltaMinor: bigint;
        metadata: Record<string, string | null>;
      },
      options: { tx: WalletExecutor; rollsBackOnRefusal?: boolean },
    ): Promise<{ ledgerTransactionId: bigint; replayed: boolean }> {
      const total = movement.mainDeltaMinor + movement.bettingBonusDeltaMinor;
      if (movement.mainDeltaMinor === 0n && movement.bettingBonusDeltaMinor === 0n) {
        throw new Error('a sports movement moves something');
      }
      const postings = [
        {
          account: { type: 'house', name: SPORTSBOOK_ACCOUNT, currency: movement.currency } as AccountRef,
          amountMinor: -total,
        },
        ...(movement.mainDeltaMinor !== 0n
          ? [
              {
                account: player(movement.playerId, movement.currency, 'main'),
                amountMinor: movement.mainDeltaMinor,
              },
            ]
          : []),
        ...(movement.bettingBonusDeltaMinor !== 0n
          ? [
              {
                account: player(movement.playerId, movement.currency, 'betting_bonus'),
                amountMinor: movement.bettingBonusDeltaMinor,
              },
            ]
          : []),
      ];
      const result = await post(
        {
          idempotencyKey: movement.idempotencyKey,
          kind: movement.kind,
          postings,
          metadata: { ...movement.metadata, player_id: movement.playerId.toString() },
        },
        options,
        'BillingServiceErrorException',
      );
      return { ledgerTransactionId: result.transactionId, replayed: result.replayed };
    },

    /**
     * Brings the fun balance up to `targetMinor` from the world `fun_bank` (play money has no other
     * source) when it is below; returns what was added. The caller serializes top-ups of one player
     * (gamewallet takes an advisory lock in its transaction) and gives a key unique to the occasion.
     */
    /**
     * A staff adjustment of a player's main balance (the back office, issue #18): one ledger
     * transaction between the player and the house's manual-adjustments account, with who and why in
     * its metadata. Positive credits the player, negative debits (refused, typed, when the balance
     * does not cover it). `idempotencyKey` makes a retried request post once.
     */
    async adjustBalance(adjustment: {
      playerId: bigint;
      currency: string;
      amountMinor: bigint;
      idempotencyKey: string;
      staff: string;
      reason: string;
    }): Promise<TransferResult> {
      if (adjustment.amountMinor === 0n) throw new Error('an adjustment moves a non-zero amount');
      await exponentOf(adjustment.currency);
      const house: AccountRef = {
        type: 'house',
        name: MANUAL_ADJUSTMENTS_ACCOUNT,
        currency: adjustment.currency,
      };
      return post(
        {
          idempotencyKey: `staff-adjust:${adjustment.idempotencyKey}`,
          kind: 'manual_adjustment',
          postings: [
            { account: house, amountMinor: -adjustment.amountMinor },
            {
              account: player(adjustment.playerId, adjustment.currency, 'main'),
              amountMinor: adjustment.amountMinor,
            },
          ],
          metadata: {
            player_id: adjustment.playerId.toString(),
            staff: adjustment.staff,
            reason: adjustment.reason,
          },
        },
        {},
        'WithdrawalDeclinedException',
      );
    },

    async topUpFunBalance(
      topUp: { playerId: bigint; currency: string; targetMinor: bigint; idempotencyKey: string },
      options: PostOptions = {},
    ): Promise<bigint> {
      const target = options.tx ? createLedger(options.tx) : ledger;
      const account = player(topUp.playerId, topUp.currency, 'fun');
      const missing = topUp.targetMinor - (await target.balance(account));
      if (missing <= 0n) return 0n;
      await post(
        {
          idempotencyKey: topUp.idempotencyKey,
          kind: 'fun_topup',
          postings: [
            {
              account: { type: 'world', name: FUN_BANK_ACCOUNT, currency: topUp.currency },
              amountMinor: -missing,
            },
            { account, amountMinor: missing },
          ],
          metadata: { player_id: topUp.playerId.toString() },
        },
        options,
        'BillingServiceErrorException',
      );
      return missing;
    },
  };
}

export type WalletService = ReturnType<typeof createWalletService>;

// --- game postings: types and helpers (modules/gamewallet) ---------------------------------------

export type GameMode = 'real' | 'demo';

/** One game movement of a seamless-wallet provider (docs/game-wallet-protocol.md). */
export interface GameMovement {
  provider: string;
  playerId: bigint;
  currency: string;
  mode: GameMode;
  amountMinor: bigint;
  /** The provider's transaction id (for a rollback: the bet's). */
  transactionId: string;
  /** The provider's round id (metadata only). */
  roundId: string | null;
  /** The game's code (metadata only: the back office's GGR per game). */
  game?: string | null;
}

export interface GamePostingResult {
  ledgerTransactionId: bigint;
  /** The key was already applied: nothing moved now. */
  replayed: boolean;
  /** The player's game balance after the posting (`gameBalanceMinor`). */
  balanceMinor: bigint;
  /** What this movement took from (bet) or gave to (win, rollback) the player's real money (demo: fun). */
  realMinor: bigint;
  /** … and bonus money. */
  bonusMinor: bigint;
}

/**
 * Which money a real-money bet spends (ADR 019). Without bonus isolation: the main balance first,
 * then bonus for the rest. With isolation (General info `is_bonus_isolation_enabled`): only the
 * bonus balance while the player has bonus money (a bonus in wagering: its money lives in the
 * bonus account until wagering completes, and completion converts it, cancel or expiry burns it),
 * otherwise only main. Null: the source cannot cover the stake (insufficient funds).
 */
export function splitStake(
  mainMinor: bigint,
  bonusMinor: bigint,
  stakeMinor: bigint,
  isolation: boolean,
): { realMinor: bigint; bonusMinor: bigint } | null {
  if (stakeMinor <= 0n) return null;
  if (isolation) {
    if (bonusMinor > 0n) return stakeMinor <= bonusMinor ? { realMinor: 0n, bonusMinor: stakeMinor } : null;
    return stakeMinor <= mainMinor ? { realMinor: stakeMinor, bonusMinor: 0n } : null;
  }
  if (stakeMinor > mainMinor + bonusMinor) return null;
  const realMinor = stakeMinor < mainMinor ? stakeMinor : mainMinor;
  return { realMinor, bonusMinor: stakeMinor - realMinor };
}

/** What a real-money session can bet with (the balance the game shows), by the same rule. */
export function playableMinor(mainMinor: bigint, bonusMinor: bigint, isolation: boolean): bigint {
  if (isolation) return bonusMinor > 0n ? bonusMinor : mainMinor;
  return mainMinor + bonusMinor;
}

/**
 * The part of a round's win credited to the bonus balance: the win in the proportion the round's
 * stakes were bonus money, rounded down (the remainder minor unit goes to real money, so bonus
 * money never grows by rounding). Zero when the round staked nothing.
 */
export function winBonusShare(
  winMinor: bigint,
  roundStakeMinor: bigint,
  roundBonusStakeMinor: bigint,
): bigint {
  if (winMinor <= 0n || roundStakeMinor <= 0n || roundBonusStakeMinor <= 0n) return 0n;
  return (winMinor * roundBonusStakeMinor) / roundStakeMinor;
}

/** The house side of sports bets (stakes in, payouts out; ADR 031). */
const SPORTSBOOK_ACCOUNT = 'sportsbook';

/** Where play money comes from: demo sessions top the fun balance up from here. */
const FUN_BANK_ACCOUNT = 'fun_bank';

function gameHouse(movement: GameMovement): AccountRef {
  return {
    type: 'house',
    name: movement.mode === 'demo' ? 'fun_games' : 'games',
    currency: movement.currency,
  };
}

function gameKey(movement: GameMovement, kind: 'bet' | 'win' | 'rollback'): string {
  return `gw:${movement.provider}:${movement.transactionId}:${kind}`;
}

function gameMetadata(movement: GameMovement): Record<string, string | null> {
  return {
    provider: movement.provider,
    transaction_id: movement.transactionId,
    round_id: movement.roundId,
    player_id: movement.playerId.toString(),
    ...(movement.game ? { game: movement.game } : {}),
  };
}

function gameResult(
  result: TransferResult,
  account: AccountRef,
): Pick<GamePostingResult, 'ledgerTransactionId' | 'replayed' | 'balanceMinor'> {
  const balanceMinor = result.balances[logicalKey(account)];
  if (balanceMinor === undefined) throw new Error('the ledger did not report the player balance');
  return { ledgerTransactionId: result.transactionId, replayed: result.replayed, balanceMinor };
}
