/**
 * The game server reading an amount the platform's wallet answered (docs/game-wallet-protocol.md
 * "Money"). The arithmetic and the exponents are packages/money's; this file adds the protocol's
 * bounds: no sign, no leading zero, at most 18 integer and 8 fraction digits. Zeros beyond the
 * currency's exponent are exact and accepted; a significant one is refused, never rounded.
 */
import { parseMinor } from '@croupier/money/decimal';

const WALLET_DECIMAL = /^(0|[1-9][0-9]{0,17})(?:\.([0-9]{1,8}))?$/;

/** A non-negative decimal string → minor units; undefined when it cannot be read exactly. */
export function parseWalletDecimal(text: unknown, exponent: number): bigint | undefined {
  if (typeof text !== 'string' || !WALLET_DECIMAL.test(text)) return undefined;
  const parsed = parseMinor(text, exponent, { trailingZeros: true });
  return parsed.ok ? parsed.amountMinor : undefined;
}
