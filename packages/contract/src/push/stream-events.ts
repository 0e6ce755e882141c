/**
 * The push streams' events (ADR 037): `GET /api/stream` for a signed-in player, `GET /api/stream/public`
 * for anyone. Server-sent events, one JSON object per `data:` line, an `id:` on every event (the
 * browser resumes after it with `Last-Event-ID`). Not API methods: no registry entry.
 */
export const PLAYER_STREAM_PATH = '/api/stream';
export const PUBLIC_STREAM_PATH = '/api/stream/public';

/**
 * - `balance`: the four balances of Account info (an `account.getBalance` answer), after every
 *   ledger commit that changed one of them, and once when the stream opens;
 * - `notice`: a notice was posted to the player's notifications menu (`{ kind }`);
 * - `bonus`, `cashback`: a bonus or cashback of the player moved money (`{ id }`); the page reloads
 *   what it shows of them;
 * - `tournament`: a rank change (payload set by the tournaments module);
 * - `jackpots`: current amounts `[{ id, amount, currency }]`, when they change;
 * - `big_win`: a real-money win of 10× its bet or more, as a `games.getWinners` item (public);
 * - `resync`: the stream could not replay what was missed: reload what the page shows.
 */
export const PUSH_EVENT_KINDS = [
  'balance',
  'notice',
  'bonus',
  'cashback',
  'tournament',
  'jackpots',
  'big_win',
  'resync',
] as const;
export type PushEventKind = (typeof PUSH_EVENT_KINDS)[number];

export interface JackpotAmount {
  id: number;
  /** Decimal string in the jackpot's currency. */
  amount: string;
  currency: string;
}
