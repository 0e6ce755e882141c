/** The operator's withdrawal queue (`/nfx/operator/withdrawals`, cashier.routes.ts). */

/** The statuses an operator lists, as the server's `OPERATOR_WITHDRAWAL_STATUSES`. */
export const WITHDRAWAL_STATUSES = [
  'pending',
  'approved',
  'processing',
  'paid',
  'failed',
  'rejected',
  'canceled',
] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

/**
 * Why a withdrawal is refused: the server takes a code (`^[a-z][a-z0-9_]{0,39}$`), kept in the
 * audit log and the player's history; the screen shows its translation.
 */
export const REJECT_REASONS = [
  'kyc_required',
  'requisites_invalid',
  'suspected_fraud',
  'bonus_abuse',
  'duplicate_request',
  'player_request',
  'limits_exceeded',
  'other',
] as const;

export const WITHDRAWALS_PAGE_SIZE = 20;

export interface OperatorWithdrawal {
  id: number;
  type: 'withdrawal';
  method: string;
  status: string;
  amount: { amount: string; currency: string };
  requisites: Record<string, string>;
  created_at: string;
  updated_at: string;
  failure_code: string | null;
  player_id: number;
  /** A high fraud score held it: approving it needs `reviewed: true`. */
  review_hold: boolean;
  /** What staff weigh before paying it (absent from an older server). */
  risk?: WithdrawalRisk;
}

export interface WithdrawalRisk {
  kyc?: 'verified' | 'pending' | 'none';
  kyc_block?: boolean;
  /** The latest recent fraud score, 0–100, or null. */
  fraud_score?: number | null;
  /** At or above the score that holds a withdrawal for review. */
  fraud_score_high?: boolean;
  /** Bonuses still active or wagering. */
  open_bonuses?: number;
  deposited: { amount: string; currency: string };
  withdrawn: { amount: string; currency: string };
  /** Credited deposits minus withdrawals approved, processing or paid. */
  net_deposits: { amount: string; currency: string };
}

export function parseStatus(value: string | null): WithdrawalStatus {
  return (WITHDRAWAL_STATUSES as readonly string[]).includes(value ?? '')
    ? (value as WithdrawalStatus)
    : 'pending';
}

export function parseOffset(value: string | null): number {
  const offset = Number(value);
  return Number.isInteger(offset) && offset >= 0 && offset <= 1_000_000 ? offset : 0;
}
