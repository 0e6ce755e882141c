import { z } from 'zod';
import { intParam, moneyOutput } from '../params.ts';

/** A cashback's statuses (ADR 022): the spec names active and paid_out; removed and expired end the others. */
export const CASHBACK_STATUSES = ['active', 'paid_out', 'removed', 'expired'] as const;
export type CashbackStatusName = (typeof CASHBACK_STATUSES)[number];

/** The `fields` a client may ask for; every key is answered whatever is asked. */
export const CASHBACK_FIELDS = ['description', 'status'] as const;

export const CASHBACK_SORTS = ['end_date', 'created_at', 'amount'] as const;

/** A player's cashback (spec §3: id, status, description, receiving_expired_at, paid_out_at, end_date). */
export const cashbackOutput = z.object({
  id: z.number().int(),
  status: z.enum(CASHBACK_STATUSES),
  /** Localized programme name and description. */
  name: z.string(),
  description: z.string(),
  amount: moneyOutput,
  /** The net real-money loss it was computed from. */
  net_loss: moneyOutput,
  /** Percent of the net loss, as a decimal string ("10", "7.5"). */
  percent: z.string(),
  /** ISO times: the period (end exclusive) and the claim deadline. */
  start_date: z.string(),
  end_date: z.string(),
  receiving_expired_at: z.string().nullable(),
  paid_out_at: z.string().nullable(),
  created_at: z.string(),
});
export type CashbackOutput = z.infer<typeof cashbackOutput>;

/** The `cashback_id` of the action methods. */
export const cashbackIdInput = z
  .object({ cashback_id: intParam().pipe(z.number().int().min(1).max(Number.MAX_SAFE_INTEGER)) })
  .strict();
