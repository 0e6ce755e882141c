/**
 * RGS error → what the player reads. Every code of the RGS client API has a text in en and fr
 * (rgs.json `errors.*`); insufficient funds names the balance, and wallet_unavailable offers a
 * retry (`retryable`), as the wallet being briefly down is not the player's fault.
 */
import type { TFunction } from '../../../i18n/translator.ts';
import { RgsApiError, type RgsErrorCode } from './rgs-client.ts';

export interface ErrorMessage {
  code: RgsErrorCode;
  title: string;
  text: string | undefined;
  /** The same request may simply be sent again (wallet down, rate limited, network). */
  retryable: boolean;
  /** The session is gone: the page cannot go on without a new launch from the lobby. */
  fatal: boolean;
}

const RETRYABLE: ReadonlySet<RgsErrorCode> = new Set(['wallet_unavailable', 'too_many_requests', 'network']);

export function errorCodeOf(error: unknown): RgsErrorCode {
  return error instanceof RgsApiError ? error.code : 'unknown';
}

/**
 * `formatBalance` turns the decimal balance of an insufficient_funds answer into money text
 * (currency and exponent of the session).
 */
export function errorMessage(
  error: unknown,
  t: TFunction,
  formatBalance: (decimal: string) => string,
): ErrorMessage {
  const code = errorCodeOf(error);
  const balance = error instanceof RgsApiError ? error.balance : undefined;
  let text: string | undefined;
  if (code === 'insufficient_funds' && balance !== undefined) {
    text = t('rgs:errors.insufficient_funds_balance', { balance: safeFormat(formatBalance, balance) });
  } else {
    text = t(`rgs:errors.${code}_hint`, { defaultValue: '' }) || undefined;
  }
  return {
    code,
    title: t(`rgs:errors.${code}`),
    text,
    retryable: RETRYABLE.has(code),
    fatal: code === 'session_invalid',
  };
}

function safeFormat(formatBalance: (decimal: string) => string, decimal: string): string {
  try {
    return formatBalance(decimal);
  } catch {
    return decimal;
  }
}
