/** The players desk (`/nfx/operator/players…`, players.routes.ts on the server). */
import type { BonusOutput } from '@croupier/contract/bonuses/common';
import type { GameRound } from '@croupier/contract/games/get-history';
import type { RgLimitsOutput } from '@croupier/contract/responsible-gaming/common';
import type { Bet } from '@croupier/contract/sportsbook/betting';

export const PLAYERS_PAGE_SIZE = 20;

export interface PlayerSummary {
  id: number;
  login: string;
  login_type: string;
  status: string;
  currency: string | null;
  country_code: string | null;
  created_at: string;
}

export interface PlayerAccount extends PlayerSummary {
  locale: string;
  status_changed_at: string | null;
  registration_completed: boolean;
  two_factor_enabled: boolean;
  first_name: string | null;
  last_name: string | null;
  birth_date: string | null;
  contacts: { type: string; value: string; confirmed: boolean; is_login: boolean; subscribed: boolean }[];
}

export interface Money {
  amount: string;
  currency: string;
}

export interface PlayerTransaction {
  id: number;
  type: string;
  method: string;
  status: string;
  amount: Money;
  created_at: string;
}

export interface PlayerNote {
  id: number;
  staff: string | null;
  body: string;
  created_at: string;
}

/** A live session as staff see it: when and from where, never its id. */
export interface PlayerSession {
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  ip: string | null;
  user_agent: string | null;
}

export interface PlayerFile {
  account: PlayerAccount;
  balances: Record<string, Money> | null;
  transactions: { items: PlayerTransaction[]; total: number };
  verification: { onVerification?: boolean; verified?: boolean; kycBlock?: boolean } | null;
  exclusion: { kind?: string; endsAt?: string; ends_at?: string } | null;
  /** Null for an account without a currency yet. */
  limits: RgLimitsOutput | null;
  bonuses: { items: BonusOutput[]; total: number };
  bets: { items: Bet[]; total: number };
  rounds: { items: GameRound[]; total: number };
  sessions: PlayerSession[];
  notes: PlayerNote[];
}

/** The server's bounds: a reason of 3 to 500 characters, a note up to 2,000. */
export const REASON_MIN = 3;
export const REASON_MAX = 500;
export const NOTE_MAX = 2000;

/** A signed decimal amount as the adjustment endpoint takes it (`-12.50`, `100`). */
export const ADJUSTMENT_AMOUNT_PATTERN = '-?[0-9]{1,15}([.][0-9]{1,8})?';

/** A key per adjustment form: a retried post of the same adjustment is applied once. */
export function newIdempotencyKey(): string {
  return `adj-${crypto.randomUUID()}`;
}
