import { z } from 'zod';
import { intParam, moneyOutput } from '../params.ts';

/** A player bonus's statuses (ADR 020). */
export const BONUS_STATUSES = [
  'available',
  'active',
  'wagering',
  'completed',
  'expired',
  'cancelled',
  'burned',
] as const;
export type BonusStatusName = (typeof BONUS_STATUSES)[number];

export const BONUS_KIND_NAMES = ['deposit_match', 'fixed', 'free_spins', 'no_deposit', 'betting'] as const;

/** The `fields` the spec names (`description,status`); every key is answered whatever is asked. */
export const BONUS_FIELDS = ['description', 'status'] as const;

/** A player bonus as the profile shows it; money in the bonus's currency. */
export const bonusOutput = z.object({
  id: z.number().int(),
  kind: z.enum(BONUS_KIND_NAMES),
  status: z.enum(BONUS_STATUSES),
  /** Localized. */
  name: z.string(),
  description: z.string(),
  amount: moneyOutput,
  /** The bonus money it holds now: zero unless active or wagering (funded). */
  balance: moneyOutput,
  wagering: z.object({
    multiplier: z.number().int().min(0),
    required: moneyOutput,
    progress: moneyOutput,
    /** What is left to wager (zero once met). */
    left: moneyOutput,
  }),
  max_bet: moneyOutput.nullable(),
  max_win: moneyOutput.nullable(),
  /** What converted to the main balance on completion. */
  converted: moneyOutput.nullable(),
  /** ISO times. */
  activate_by: z.string(),
  wager_by: z.string().nullable(),
  created_at: z.string(),
});
export type BonusOutput = z.infer<typeof bonusOutput>;

/** The `bonus_id` of the action methods. */
export const bonusIdInput = z
  .object({ bonus_id: intParam().pipe(z.number().int().min(1).max(Number.MAX_SAFE_INTEGER)) })
  .strict();
