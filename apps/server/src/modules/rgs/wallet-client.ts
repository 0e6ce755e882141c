/**
 * The game server's side of the seamless wallet protocol (docs/game-wallet-protocol.md): signed
 * JSON POSTs to `{walletUrl}/{action}` and typed results. The RGS reaches the platform through this
 * client only, over HTTP, exactly as a third-party provider would.
 *
 * Every call ends in one of three ways:
 * - `ok`: the platform did it (`status: "ok"`);
 * - `refused`: the platform answered and did nothing (`status: "error"` with a code, or HTTP 400 /
 *   401): repeating the same call gives the same answer;
 * - `unavailable`: no usable answer (timeout, network error, HTTP 5xx, a body that is not the
 *   protocol's): the call may or may not have been applied, so a bet is rolled back and a win or
 *   rollback is sent again with the same transaction id.
 */
import { createJsonPost, type JsonPost, type PostAnswer } from '../../lib/json-post.ts';
import { signatureHeader } from '../../lib/signature.ts';

export type WalletAction = 'authenticate' | 'balance' | 'bet' | 'win' | 'rollback' | 'freerounds';

export const SIGNATURE_HEADER = 'x-signature';
export const PROVIDER_HEADER = 'x-provider';
/** How long the player waits for the platform before the call counts as unanswered. */
export const DEFAULT_WALLET_TIMEOUT_MS = 5_000;
const ERROR_TEXT_LIMIT = 200;

export interface WalletAnswer {
  status: 'ok';
  balance: string;
  currency: string;
  [field: string]: unknown;
}

export interface AuthenticateAnswer extends WalletAnswer {
  player_id: string;
  mode: 'real' | 'demo';
  session_expires_at: string;
}

export interface TransactionAnswer extends WalletAnswer {
  transaction_id: string;
  /** A free-round bet (ADR 024): the pack and the spins it has left. */
  free_round_pack_id?: string;
  free_rounds_remaining?: string;
}

/** `freerounds`: the next free-spin pack playable in the session's game, if any (ADR 024). */
export interface FreeRoundsAnswer extends WalletAnswer {
  free_round_packs: string;
  free_round_pack_id?: string;
  free_rounds_remaining?: string;
  free_rounds_total?: string;
  free_round_bet?: string;
}

export type WalletResult<T extends WalletAnswer> =
  | { kind: 'ok'; answer: T }
  | {
      kind: 'refused';
      code: string;
      httpStatus: number;
      /** The whole error answer (e.g. `balance` and `currency` with insufficient_funds). */
      answer: Record<string, unknown>;
    }
  | { kind: 'unavailable'; reason: string };

export interface MoneyCall {
  token: string;
  transactionId: string;
  roundId: string;
  game: string;
  /** Decimal string in the currency's exponent. */
  amount: string;
  currency: string;
  /** A free round: the pack whose spin this bet plays (the amount is the pack's stake; nothing is debited). */
  freeRoundPackId?: string;
  /** A bet: it opens its round and closes it, a round already lost (`round_closed`, ADR 066). */
  roundClosed?: boolean;
}

export interface RollbackCall {
  token: string;
  transactionId: string;
  referenceTransactionId: string;
  roundId: string;
  game: string;
}

export interface WalletClientOptions {
  walletUrl: string;
  providerId: string;
  secret: string;
  timeoutMs?: number;
  /** Clock for the signature's `t` (the deps clock, so tests that move time stay in the window). */
  nowSeconds?: () => number;
  /** How the calls are sent (tests answer them without a server). */
  post?: JsonPost;
}

export type WalletClient = ReturnType<typeof createWalletClient>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function shortText(value: unknown): string {
  const text = value instanceof Error ? `${value.name}: ${value.message}` : String(value);
  return text.slice(0, ERROR_TEXT_LIMIT);
}

/** Fields an `ok` answer of each action must carry; anything less is not the protocol. */
const REQUIRED_OK_FIELDS: Record<WalletAction, readonly string[]> = {
  authenticate: ['balance', 'currency', 'player_id', 'mode'],
  balance: ['balance', 'currency'],
  bet: ['balance', 'currency', 'transaction_id'],
  win: ['balance', 'currency', 'transaction_id'],
  rollback: ['balance', 'currency', 'transaction_id'],
  freerounds: ['balance', 'currency', 'free_round_packs'],
};

export function createWalletClient(options: WalletClientOptions) {
  const walletUrl = options.walletUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? DEFAULT_WALLET_TIMEOUT_MS;
  const nowSeconds = options.nowSeconds ?? (() => Math.floor(Date.now() / 1000));
  const post = options.post ?? createJsonPost();

  async function call<T extends WalletAnswer>(
    action: WalletAction,
    body: Record<string, string | boolean | Record<string, string>>,
  ): Promise<WalletResult<T>> {
    const raw = JSON.stringify(body);
    let response: PostAnswer;
    try {
      response = await post(`${walletUrl}/${action}`, {
        headers: {
          'content-type': 'application/json',
          [PROVIDER_HEADER]: options.providerId,
          [SIGNATURE_HEADER]: signatureHeader(options.secret, nowSeconds(), raw),
        },
        body: raw,
        timeoutMs,
      });
    } catch (error) {
      return { kind: 'unavailable', reason: shortText(error) };
    }
    const { text } = response;
    if (response.status >= 500) return { kind: 'unavailable', reason: `HTTP ${response.status}` };
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    if (response.status === 400 || response.status === 401) {
      const code = isRecord(parsed) && typeof parsed.code === 'string' ? parsed.code : 'invalid_request';
      return { kind: 'refused', code, httpStatus: response.status, answer: isRecord(parsed) ? parsed : {} };
    }
    if (response.status !== 200 || !isRecord(parsed)) {
      return { kind: 'unavailable', reason: `HTTP ${response.status}: not a protocol answer` };
    }
    if (parsed.status === 'error' && typeof parsed.code === 'string') {
      return { kind: 'refused', code: parsed.code, httpStatus: 200, answer: parsed };
    }
    if (parsed.status !== 'ok') return { kind: 'unavailable', reason: 'answer without a status' };
    for (const field of REQUIRED_OK_FIELDS[action]) {
      if (typeof parsed[field] !== 'string') {
        return { kind: 'unavailable', reason: `ok answer without ${field}` };
      }
    }
    return { kind: 'ok', answer: parsed as T };
  }

  return {
    authenticate(input: { token: string; game: string }) {
      return call<AuthenticateAnswer>('authenticate', { token: input.token, game: input.game });
    },
    balance(input: { token: string }) {
      return call<WalletAnswer>('balance', { token: input.token });
    },
    bet(input: MoneyCall) {
      return call<TransactionAnswer>('bet', {
        ...moneyBody(input),
        ...(input.freeRoundPackId === undefined ? {} : { free_round: { pack_id: input.freeRoundPackId } }),
        ...(input.roundClosed ? { round_closed: true } : {}),
      });
    },
    freerounds(input: { token: string }) {
      return call<FreeRoundsAnswer>('freerounds', { token: input.token });
    },
    win(input: MoneyCall) {
      return call<TransactionAnswer>('win', moneyBody(input));
    },
    rollback(input: RollbackCall) {
      return call<TransactionAnswer>('rollback', {
        token: input.token,
        transaction_id: input.transactionId,
        reference_transaction_id: input.referenceTransactionId,
        round_id: input.roundId,
        game: input.game,
      });
    },
  };
}

function moneyBody(input: MoneyCall): Record<string, string> {
  return {
    token: input.token,
    transaction_id: input.transactionId,
    round_id: input.roundId,
    game: input.game,
    amount: input.amount,
    currency: input.currency,
  };
}
