/** A tournament as the operator defines it (ADR 036); validated by the service before it is stored. */
import type { Scoring } from './tournament-scoring.ts';
import type { PrizeLine } from './tournaments.tables.ts';

type LocalizedText = { en: string; fr: string };

export interface TournamentDefinition {
  /** The series key; the first occurrence's key too (later ones are `<key>#<n>`). */
  key: string;
  name: LocalizedText;
  description: LocalizedText;
  imageUrl?: string;
  tags?: string[];
  startsAt: Date;
  endsAt: Date;
  recurDays?: number | null;
  currency: string;
  scoring: Scoring;
  pointsPerBet?: number | null;
  minStakeMinor?: bigint | null;
  entry: 'opt_in' | 'automatic' | 'buy_in';
  buyInMinor?: bigint | null;
  maxParticipants?: number | null;
  resetOnCashout?: boolean;
  prizes: PrizeLine[];
  /** Game sysnames. */
  games: string[];
}
