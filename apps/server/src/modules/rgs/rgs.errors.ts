/**
 * The game client API's errors (docs/game-server.md, "Client API"): `{ error: { code, message, field?,
 * balance? } }` with a fixed HTTP status per code. The game server has its own envelope, not the
 * platform's: its client is the game page, not the site.
 */

export const RGS_ERROR_STATUS = {
  session_invalid: 401,
  bad_bet: 400,
  illegal_action: 409,
  round_in_progress: 409,
  insufficient_funds: 409,
  bet_limit_exceeded: 409,
  /** Responsible gaming (ADR 025): the player's loss or wager limit, or a time-out / self-exclusion. */
  rg_loss_limit_reached: 409,
  rg_wager_limit_reached: 409,
  rg_excluded: 403,
  rg_session_limit_reached: 403,
  /** The free spins asked for cannot be played (used up, expired, cancelled): ADR 024. */
  free_rounds_unavailable: 409,
  round_not_found: 404,
  seed_invalid: 400,
  wallet_unavailable: 503,
  too_many_requests: 429,
} as const;

export type RgsErrorCode = keyof typeof RGS_ERROR_STATUS;

export interface RgsErrorBody {
  error: { code: RgsErrorCode; message: string; field?: string; balance?: string };
}

export class RgsError extends Error {
  readonly code: RgsErrorCode;
  readonly field: string | undefined;
  /** Decimal string in the session currency (insufficient_funds). */
  readonly balance: string | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(
    code: RgsErrorCode,
    message: string,
    extra: { field?: string; balance?: string; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = 'RgsError';
    this.code = code;
    this.field = extra.field;
    this.balance = extra.balance;
    this.retryAfterSeconds = extra.retryAfterSeconds;
  }

  get httpStatus(): number {
    return RGS_ERROR_STATUS[this.code];
  }

  toBody(): RgsErrorBody {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.field !== undefined ? { field: this.field } : {}),
        ...(this.balance !== undefined ? { balance: this.balance } : {}),
      },
    };
  }
}

export const sessionInvalid = () =>
  new RgsError('session_invalid', 'This game session is not valid any more: reopen the game');
export const roundNotFound = () => new RgsError('round_not_found', 'No such round');
export const walletUnavailable = () =>
  new RgsError('wallet_unavailable', 'The casino wallet did not answer: nothing was played, try again');
