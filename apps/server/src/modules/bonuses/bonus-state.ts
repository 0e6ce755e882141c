/**
 * The player bonus state machine (ADR 020), pure: which status may follow which, and what each
 * action does to a bonus's status and wagering progress, with the money effect the service must
 * post in the same transaction. No I/O; the service and the property tests share it.
 *
 *   available ──activate──▶ active ──first counted stake──▶ wagering ──progress ≥ required──▶ completed
 *      │  ▲                   │ │                              │
 *      │  └──deactivate───────┘ │                              │
 *      ├─remove─▶ cancelled     ├─remove─▶ burned ◀──remove────┤
 *      └─expire─▶ expired       └─expire─▶ expired ◀──expire───┘
 *
 * available: granted, no money yet. active: activated, the bonus money is in the player's bonus
 * account, nothing wagered yet. wagering: stakes are counting. completed: the requirement is met and
 * the bonus balance converted to main (capped by max win). cancelled: removed before activation
 * (nothing moved). burned: removed while funded (balance forfeited). expired: a deadline passed
 * (forfeited if funded).
 */

export const BONUS_STATUSES = [
  'available',
  'active',
  'wagering',
  'completed',
  'expired',
  'cancelled',
  'burned',
] as const;
export type BonusStatus = (typeof BONUS_STATUSES)[number];

/** Statuses in which the bonus money is in the player's bonus account (at most one per account). */
export const FUNDED_STATUSES: readonly BonusStatus[] = ['active', 'wagering'];
export const FINAL_STATUSES: readonly BonusStatus[] = ['completed', 'expired', 'cancelled', 'burned'];

const TRANSITIONS: Record<BonusStatus, readonly BonusStatus[]> = {
  available: ['active', 'cancelled', 'expired'],
  active: ['available', 'wagering', 'completed', 'burned', 'expired'],
  wagering: ['completed', 'burned', 'expired'],
  completed: [],
  expired: [],
  cancelled: [],
  burned: [],
};

export function canTransition(from: BonusStatus, to: BonusStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

export function isFunded(status: BonusStatus): boolean {
  return FUNDED_STATUSES.includes(status);
}

/** An action the state machine refuses in this status (the service maps it to a typed error). */
export class BonusTransitionError extends Error {
  readonly from: BonusStatus;
  readonly action: BonusAction['type'];
  constructor(from: BonusStatus, action: BonusAction['type']) {
    super(`a bonus in status ${from} cannot ${action}`);
    this.name = 'BonusTransitionError';
    this.from = from;
    this.action = action;
  }
}

export interface BonusState {
  status: BonusStatus;
  /** Wagering requirement in minor units (bonus amount × multiplier). */
  requiredMinor: bigint;
  /** Counted stakes (stake × contribution), never negative. */
  progressMinor: bigint;
  /** A bonus that holds no money and completes at activation. */
  completesOnActivation: boolean;
  /**
   * A free-spin bonus (ADR 024): activation awards the pack and funds nothing; the bonus stays
   * `active` while the pack is played, each free round's win (credited to the bonus balance by the
   * game wallet) raising its wagering requirement (`free_round_win`); stakes count nothing until the
   * pack ends (`free_rounds_end`): then wagering when there is something to wager, else completed.
   */
  freeRounds?: boolean;
}

export type BonusAction =
  | { type: 'activate' }
  | { type: 'deactivate' }
  | { type: 'remove' }
  | { type: 'expire' }
  /** A counted stake (positive) or a rolled-back one (negative), already weighted by contribution. */
  | { type: 'wager'; contributionMinor: bigint }
  /** A free round won: the requirement grows by the win × the template's multiplier. */
  | { type: 'free_round_win'; requirementMinor: bigint }
  /** The pack's last free round settled. */
  | { type: 'free_rounds_end' };

/**
 * Money effects, in order: fund (house promotions → player bonus, the template amount), unfund
 * (back to house on deactivation), burn (the whole bonus balance → house), convert (bonus balance
 * → main up to max win, the excess → house).
 */
export type BonusEffect = 'fund' | 'unfund' | 'burn' | 'convert';

export interface BonusStep {
  state: BonusState;
  /** Statuses passed through, in order (each one audited); empty when the status did not change. */
  transitions: BonusStatus[];
  effects: BonusEffect[];
}

/** Applies an action; throws BonusTransitionError when the status does not allow it. */
export function nextBonusState(state: BonusState, action: BonusAction): BonusStep {
  const transitions: BonusStatus[] = [];
  const effects: BonusEffect[] = [];
  let current: BonusState = { ...state };
  const move = (to: BonusStatus) => {
    if (!canTransition(current.status, to)) throw new BonusTransitionError(current.status, action.type);
    current = { ...current, status: to };
    transitions.push(to);
  };
  switch (action.type) {
    case 'activate':
      if (current.status !== 'available') throw new BonusTransitionError(current.status, action.type);
      move('active');
      if (current.freeRounds) {
        // The pack is played first; nothing to fund (wins arrive as bonus money).
      } else if (current.completesOnActivation) {
        move('completed');
      } else {
        effects.push('fund');
        if (current.requiredMinor <= 0n) {
          move('completed');
          effects.push('convert');
        }
      }
      break;
    case 'deactivate':
      // Only before any stake counted: the money goes back untouched by play.
      // A free-spin bonus cannot be set aside: its pack is already awarded.
      if (current.status !== 'active' || current.freeRounds) {
        throw new BonusTransitionError(current.status, action.type);
      }
      move('available');
      effects.push('unfund');
      break;
    case 'remove':
      if (current.status === 'available') move('cancelled');
      else if (isFunded(current.status)) {
        move('burned');
        effects.push('burn');
      } else throw new BonusTransitionError(current.status, action.type);
      break;
    case 'expire':
      if (current.status === 'available') move('expired');
      else if (isFunded(current.status)) {
        move('expired');
        effects.push('burn');
      } else throw new BonusTransitionError(current.status, action.type);
      break;
    case 'free_round_win':
      if (!current.freeRounds || current.status !== 'active' || action.requirementMinor < 0n) {
        throw new BonusTransitionError(current.status, action.type);
      }
      current = { ...current, requiredMinor: current.requiredMinor + action.requirementMinor };
      break;
    case 'free_rounds_end':
      if (!current.freeRounds || current.status !== 'active') {
        throw new BonusTransitionError(current.status, action.type);
      }
      if (current.requiredMinor > current.progressMinor) move('wagering');
      else {
        move('completed');
        effects.push('convert');
      }
      break;
    case 'wager': {
      if (!isFunded(current.status)) throw new BonusTransitionError(current.status, action.type);
      // While the pack is played, stakes count nothing (the requirement is not known yet).
      if (current.freeRounds && current.status === 'active') break;
      const progress = current.progressMinor + action.contributionMinor;
      current = { ...current, progressMinor: progress < 0n ? 0n : progress };
      if (action.contributionMinor > 0n && current.status === 'active') move('wagering');
      if (current.progressMinor >= current.requiredMinor && action.contributionMinor > 0n) {
        move('completed');
        effects.push('convert');
      }
      break;
    }
  }
  return { state: current, transitions, effects };
}

/** A stake weighted by a contribution percentage, rounded toward zero (a rollback mirrors its bet). */
export function weightedStake(stakeMinor: bigint, contributionPercent: number): bigint {
  if (!Number.isInteger(contributionPercent) || contributionPercent < 0 || contributionPercent > 100) {
    throw new Error('contribution is an integer percentage 0-100');
  }
  const magnitude = ((stakeMinor < 0n ? -stakeMinor : stakeMinor) * BigInt(contributionPercent)) / 100n;
  return stakeMinor < 0n ? -magnitude : magnitude;
}
