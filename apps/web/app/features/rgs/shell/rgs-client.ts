/**
 * The RGS client API (docs/game-server.md, "Client API"): the only server the game
 * page talks to. Every call carries `X-Rgs-Session` with the session id from the page URL; the
 * platform's own /api is never called from a game (the game server is a provider like any other).
 *
 * Money: top-level `balance`, `stake`, `payout` and `limits` are decimal strings in the session
 * currency; amounts inside game payloads (`bet`, `action`, `view`, `describe`) are integer strings
 * of minor units (see money.ts).
 */

export type RgsMode = 'real' | 'demo' | 'guest';
export type RgsEngine = 'slot' | 'roulette' | 'blackjack' | 'dice' | 'plinko';

export interface RgsFairness {
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
}

export interface RoundView<View = unknown> {
  id: string;
  status: 'open' | 'settling' | 'settled';
  done: boolean;
  /** Decimal string: everything staked in the round so far. */
  stake: string;
  /** Decimal string: total paid for the round (0 until done). */
  payout: string;
  /** Decimal string: the player's balance after this step. */
  balance: string;
  view: View;
  nonce: number;
  /** A spin of a free-spin pack (bonus free rounds): the pack and the spins it has left. */
  freeRound?: { packId: string; remaining: number };
}

/** The player's next free-spin pack in this game (real mode): played before paid spins. */
export interface RgsFreeRounds {
  packId: string;
  remaining: number;
  total: number;
  /** Decimal string: the fixed stake of each free spin (paid by the casino). */
  stake: string;
}

export interface StartRoundOptions {
  /** Plays a spin of this free-spin pack (the bet's stake must be the pack's). */
  freeRound?: { packId: string };
}

export interface RgsSession {
  game: { code: string; engine: RgsEngine; theme: string; name: string };
  mode: RgsMode;
  currency: string;
  /** Minor-unit digits of the currency (EUR 2). */
  exponent: number;
  balance: string;
  /** Decimal strings, inclusive. */
  limits: { min: string; max: string };
  /** Declared RTP in percent, e.g. "96.12". */
  rtp: string;
  describe: unknown;
  fairness: RgsFairness;
  openRound: RoundView | null;
  lobbyUrl: string | null;
  /** Absent from servers before free rounds; null when there is none to play. */
  freeRounds?: RgsFreeRounds | null;
}

export interface RoundSummary {
  id: string;
  createdAt: string;
  stake: string;
  payout: string;
  status: 'open' | 'settling' | 'settled';
}

export interface RoundDetail extends RoundSummary {
  /** Engine name (slot, dice, …). */
  game: RgsEngine;
  view: unknown;
  fairness: {
    serverSeedHash: string;
    /** Null until the seed pair is rotated. */
    serverSeed: string | null;
    clientSeed: string;
    nonce: number;
    bet: unknown;
    actions: unknown[];
  };
}

export interface SeedRotation {
  revealed: { serverSeed: string; serverSeedHash: string; clientSeed: string; rounds: number };
  next: RgsFairness;
}

/** Error codes the RGS answers with, plus the client's own `network` and `unknown`. */
export const RGS_ERROR_CODES = [
  'session_invalid',
  'bad_bet',
  'illegal_action',
  'round_in_progress',
  'insufficient_funds',
  'bet_limit_exceeded',
  'rg_loss_limit_reached',
  'rg_wager_limit_reached',
  'rg_excluded',
  'rg_session_limit_reached',
  'free_rounds_unavailable',
  'round_not_found',
  'seed_invalid',
  'wallet_unavailable',
  'too_many_requests',
  'network',
  'unknown',
] as const;
export type RgsErrorCode = (typeof RGS_ERROR_CODES)[number];

export class RgsApiError extends Error {
  readonly code: RgsErrorCode;
  /** The code exactly as the server sent it (may be one this client does not know). */
  readonly serverCode: string | undefined;
  readonly status: number;
  readonly field: string | undefined;
  /** Decimal string, with insufficient_funds. */
  readonly balance: string | undefined;
  constructor(input: {
    code: string;
    message: string;
    status: number;
    field?: string | undefined;
    balance?: string | undefined;
  }) {
    super(input.message);
    this.name = 'RgsApiError';
    this.serverCode = input.code;
    this.code = (RGS_ERROR_CODES as readonly string[]).includes(input.code)
      ? (input.code as RgsErrorCode)
      : 'unknown';
    this.status = input.status;
    this.field = input.field;
    this.balance = input.balance;
  }
}

export interface RgsClient {
  sessionId: string;
  getSession(): Promise<RgsSession>;
  startRound(bet: unknown, options?: StartRoundOptions): Promise<RoundView>;
  act(roundId: string, action: unknown): Promise<RoundView>;
  rotateSeeds(clientSeed: string): Promise<SeedRotation>;
  listRounds(limit?: number): Promise<RoundSummary[]>;
  getRound(roundId: string): Promise<RoundDetail>;
}

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/** Most rounds the history asks for (the server caps it too). */
export const MAX_HISTORY_ROUNDS = 50;

function errorFromBody(status: number, body: unknown): RgsApiError {
  const error =
    typeof body === 'object' && body !== null && 'error' in body
      ? (body as { error: unknown }).error
      : undefined;
  if (typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string') {
    const { code, message, field, balance } = error as {
      code: string;
      message?: unknown;
      field?: unknown;
      balance?: unknown;
    };
    return new RgsApiError({
      code,
      message: typeof message === 'string' ? message : code,
      status,
      field: typeof field === 'string' ? field : undefined,
      balance: typeof balance === 'string' ? balance : undefined,
    });
  }
  const fallback = status === 429 ? 'too_many_requests' : status === 503 ? 'wallet_unavailable' : 'unknown';
  return new RgsApiError({ code: fallback, message: `HTTP ${status}`, status });
}

export function createRgsClient(options: {
  sessionId: string;
  /** Default: the page's origin. */
  baseUrl?: string;
  fetch?: FetchLike;
}): RgsClient {
  const base = options.baseUrl ?? '';
  const doFetch: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    let response: Response;
    try {
      response = await doFetch(`${base}/rgs/api${path}`, {
        method,
        headers: {
          accept: 'application/json',
          'x-rgs-session': options.sessionId,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        credentials: 'omit',
        cache: 'no-store',
      });
    } catch (error) {
      throw new RgsApiError({
        code: 'network',
        message: error instanceof Error ? error.message : 'network error',
        status: 0,
      });
    }
    let parsed: unknown;
    try {
      parsed = await response.json();
    } catch {
      parsed = undefined;
    }
    if (!response.ok) throw errorFromBody(response.status, parsed);
    if (parsed === undefined) {
      throw new RgsApiError({ code: 'unknown', message: 'Malformed response', status: response.status });
    }
    return parsed as T;
  }

  return {
    sessionId: options.sessionId,
    getSession: () => call<RgsSession>('GET', '/session'),
    startRound: (bet, options) =>
      call<RoundView>(
        'POST',
        '/rounds',
        options?.freeRound ? { bet, freeRound: options.freeRound } : { bet },
      ),
    act: (roundId, action) =>
      call<RoundView>('POST', `/rounds/${encodeURIComponent(roundId)}/actions`, { action }),
    rotateSeeds: (clientSeed) => call<SeedRotation>('POST', '/seeds', { clientSeed }),
    listRounds: async (limit = 20) => {
      const capped = Math.max(1, Math.min(MAX_HISTORY_ROUNDS, Math.trunc(limit)));
      const answer = await call<{ rounds: RoundSummary[] }>('GET', `/rounds?limit=${capped}`);
      return answer.rounds;
    },
    getRound: (roundId) => call<RoundDetail>('GET', `/rounds/${encodeURIComponent(roundId)}`),
  };
}
