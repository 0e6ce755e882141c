/**
 * Request shapes of the wallet API actions (docs/game-wallet-protocol.md) and the amount rule.
 * Unknown fields are ignored rather than refused: aggregator protocols grow optional fields over
 * time, and nothing outside these shapes is ever read, stored or hashed.
 */
import { MAX_AMOUNT_MINOR } from '@croupier/ledger/ledger';
import { parseMinor } from '@croupier/money/decimal';
import { z } from 'zod';
import { rowId } from '../../lib/row-id.ts';

export const WALLET_ACTIONS = [
  'authenticate',
  'balance',
  'bet',
  'win',
  'rollback',
  'freerounds',
  // Sports bets that settle later (ADR 031).
  'sport_reserve',
  'sport_settle',
  'sport_resettle',
  'sport_cancel',
] as const;
export type WalletAction = (typeof WALLET_ACTIONS)[number];

export function isWalletAction(value: string): value is WalletAction {
  return (WALLET_ACTIONS as readonly string[]).includes(value);
}

/** 256-bit base64url launch tokens are 43 characters; a little slack, never unbounded. */
const token = z.string().regex(/^[A-Za-z0-9_-]{16,128}$/);
/** Provider ids (transaction, round, game): printable ASCII, bounded (they end up in ledger keys). */
const providerId = z.string().regex(/^[\x21-\x7e]{1,100}$/);
const currency = z.string().regex(/^[A-Z]{3}$/);
/** Checked further by `parseProtocolAmount` once the currency's exponent is known. */
const amount = z.string().min(1).max(40);

export const authenticateRequest = z.object({ token, game: providerId });
export const balanceRequest = z.object({ token });
/** A free-spin pack id (ADR 024): a positive decimal integer, as a string like every id. */
const packId = rowId;
export const winRequest = z.object({
  token,
  transaction_id: providerId,
  round_id: providerId,
  game: providerId,
  amount,
  currency,
});
/**
 * A bet; with `free_round` it plays a spin of the player's free-spin pack: the stake is not debited.
 * `round_closed: true` (as Hub88's bet has it, ADR 066): the bet opens its round and closes it, a
 * round the provider knows is lost as it bets, so no `win` of 0 follows.
 */
export const betRequest = winRequest.extend({
  free_round: z.object({ pack_id: packId }).optional(),
  round_closed: z.boolean().optional(),
});
export const freeroundsRequest = z.object({ token });
export const rollbackRequest = z.object({
  token,
  transaction_id: providerId,
  reference_transaction_id: providerId,
  round_id: providerId,
  game: providerId,
});

/** Sports bets (ADR 031): the sportsbook's bet id, for ever unique per provider. */
export const sportReserveRequest = z.object({
  token,
  transaction_id: providerId,
  bet_id: providerId,
  amount,
  currency,
  /**
   * Where the stake comes from: the main balance (default), the betting-bonus balance, or a free bet
   * of the sportsbook (`free_bet`: nothing is taken; the payout will be the winnings only).
   */
  funds: z.enum(['main', 'betting_bonus', 'free_bet']).optional(),
});
/** settle: the bet's payout (0 for a lost bet); resettle: the new payout after a rollback of the settlement. */
export const sportSettleRequest = z.object({
  transaction_id: providerId,
  bet_id: providerId,
  amount,
  currency,
});
export const sportCancelRequest = z.object({ transaction_id: providerId, bet_id: providerId });

export type SportReserveRequest = z.infer<typeof sportReserveRequest>;
export type SportSettleRequest = z.infer<typeof sportSettleRequest>;
export type SportCancelRequest = z.infer<typeof sportCancelRequest>;

export type AuthenticateRequest = z.infer<typeof authenticateRequest>;
export type BalanceRequest = z.infer<typeof balanceRequest>;
export type BetRequest = z.infer<typeof betRequest>;
export type WinRequest = z.infer<typeof winRequest>;
export type RollbackRequest = z.infer<typeof rollbackRequest>;
export type FreeroundsRequest = z.infer<typeof freeroundsRequest>;

export const REQUEST_SCHEMAS = {
  authenticate: authenticateRequest,
  balance: balanceRequest,
  bet: betRequest,
  win: winRequest,
  rollback: rollbackRequest,
  freerounds: freeroundsRequest,
  sport_reserve: sportReserveRequest,
  sport_settle: sportSettleRequest,
  sport_resettle: sportSettleRequest,
  sport_cancel: sportCancelRequest,
} as const;

export type AmountProblem = 'format' | 'fraction' | 'zero' | 'too_big';

/** The protocol's bounds on top of packages/money's grammar: no sign, no leading zero. */
const DECIMAL = /^(0|[1-9][0-9]{0,17})(?:\.([0-9]{1,18}))?$/;

/**
 * A protocol amount (`"1.50"` EUR, `"100"` JPY) → minor units. Plain decimal digits only: no
 * sign, exponent, grouping or spaces; at most `exponent` decimals (`"1.500"` EUR is refused: a
 * provider sending more precision than the currency has is computing with something else);
 * never above the ledger's largest amount. `allowZero` for wins (a lost round closes with 0).
 */
export function parseProtocolAmount(
  text: string,
  exponent: number,
  options: { allowZero: boolean },
): { ok: true; amountMinor: bigint } | { ok: false; problem: AmountProblem } {
  const match = DECIMAL.exec(text);
  if (!match) return { ok: false, problem: /^-?[0-9]{19,}/.test(text) ? 'too_big' : 'format' };
  const parsed = parseMinor(text, exponent);
  if (!parsed.ok) return { ok: false, problem: parsed.problem === 'fraction' ? 'fraction' : 'format' };
  const { amountMinor } = parsed;
  if (amountMinor > MAX_AMOUNT_MINOR) return { ok: false, problem: 'too_big' };
  if (amountMinor === 0n && !options.allowZero) return { ok: false, problem: 'zero' };
  return { ok: true, amountMinor };
}
