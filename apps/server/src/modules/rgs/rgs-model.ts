/**
 * What the parts of the in-house game server share: the views it answers with, the verified
 * session a request carries, and the few rules more than one part applies (the call lease, the
 * retry back-off, fresh seeds).
 */
import { randomBytes } from 'node:crypto';
import type { BetLimits, GameEngine, GameName } from '@croupier/games/engine';
import { commitServerSeed } from '@croupier/games/fair';
import type { GameCodeEntry } from './game-codes.ts';
import type { SessionRecord } from './rgs.repository.ts';

/**
 * A call in flight is leased this long: the live request owns it until then, after which the
 * background loop takes over (a bet whose request died is rolled back, a win is resent).
 */
export const CALL_LEASE_MS = 60_000;
/** Back-off of undelivered wins and rollbacks: 1 s, 2 s, 4 s … at most 15 min apart, for ever. */
const RETRY_BASE_MS = 1_000;
const RETRY_MAX_MS = 15 * 60_000;

export type RgsMode = 'real' | 'demo' | 'guest';

export interface RoundView {
  id: string;
  status: 'open' | 'settling' | 'settled';
  done: boolean;
  stake: string;
  payout: string;
  balance: string;
  view: unknown;
  nonce: number;
  /** A free round: the pack it played and the spins left (ADR 024). */
  freeRound?: { packId: string; remaining: number };
}

export interface RoundSummary {
  id: string;
  createdAt: string;
  stake: string;
  payout: string;
  status: string;
  /** Additions to the brief's summary: a player's history can mix demo and real rounds. */
  currency: string;
  mode: RgsMode;
}

export interface RoundDetail extends RoundSummary {
  game: string;
  view: unknown;
  fairness: {
    serverSeedHash: string;
    serverSeed: string | null;
    clientSeed: string;
    nonce: number;
    bet: unknown;
    actions: unknown[];
  };
}

export interface SessionInfo {
  game: { code: string; engine: GameName; theme: string; name: string };
  mode: RgsMode;
  currency: string;
  exponent: number;
  balance: string;
  limits: { min: string; max: string };
  rtp: string;
  describe: unknown;
  fairness: { serverSeedHash: string; clientSeed: string; nonce: number };
  openRound: RoundView | null;
  lobbyUrl: string | null;
  /** The next free-spin pack the player can play here (real mode), played before paid spins (ADR 024). */
  freeRounds: FreeRoundsView | null;
}

export interface FreeRoundsView {
  packId: string;
  remaining: number;
  total: number;
  /** The stake of each free spin (decimal string): fixed, nothing debited. */
  stake: string;
}

export interface SeedRotation {
  revealed: { serverSeed: string; serverSeedHash: string; clientSeed: string; rounds: number };
  next: { serverSeedHash: string; clientSeed: string; nonce: number };
}

/** A verified session with everything a request needs. */
export interface RgsContext {
  session: SessionRecord;
  mode: RgsMode;
  game: GameCodeEntry;
  engine: GameEngine;
  exponent: number;
  limits: BetLimits;
  lobbyUrl: string | null;
}

export interface LaunchQuery {
  token?: unknown;
  game?: unknown;
  mode?: unknown;
  lang?: unknown;
  currency?: unknown;
  lobby_url?: unknown;
}

export function retryDelayMs(attempts: number): number {
  return Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.min(30, Math.max(0, attempts - 1)));
}

export function newServerSeed(): { serverSeed: string; serverSeedHash: string } {
  const serverSeed = randomBytes(32).toString('hex');
  return { serverSeed, serverSeedHash: commitServerSeed(serverSeed) };
}

/** The first client seed of a pair, until the player picks one (16 characters of the allowed set). */
export function randomClientSeed(): string {
  return randomBytes(12).toString('base64url');
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
