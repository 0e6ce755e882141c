/**
 * Schemas shared by the cashier contracts: amounts as typed, requisites, transaction statuses, the
 * Deposit info of spec §3 (deposits and withdrawals alike) and the deposit limit.
 */
import { z } from 'zod';
import { jsonTextParam, moneyOutput } from '../params.ts';

/** A payment method's system name (`card`, `bank_transfer`), lower case. */
export const methodSysname = z
  .string()
  .trim()
  .regex(/^[a-z][a-z0-9_]{0,31}$/, 'unsupported');

/**
 * An amount in major units as typed (`"25"`, `"1,500"`, `"12.50"`) or a JSON integer; never a
 * JSON fraction (a float). The service reads it exactly with the currency's exponent and answers
 * with the spec §5 sum message (both bounds) when it is not a positive amount within them.
 */
export const amountParam = z.preprocess(
  (value) => (typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value),
  z.string().max(64),
);

/** A client-chosen id for one submit: the same id again answers the first result (double submit). */
export const requestIdParam = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, 'invalid_format')
  .optional();

/** Payment details a method asks for; which are required depends on the method. */
export const requisitesInput = z
  .object({
    iban: z.string().max(64).optional(),
    holder: z.string().max(100).optional(),
    bank_id: z.string().max(64).optional(),
  })
  .strict();
export type RequisitesInput = z.infer<typeof requisitesInput>;

/** Requisites as JSON text (form posts) or an object (JSON bodies). */
export const requisitesParam = () => jsonTextParam(requisitesInput, 1024).optional();

export const REQUISITE_NAMES = ['iban', 'holder', 'bank_id'] as const;

/** A requisite a method asks for and the spec §5 rule the form checks it with. */
export const requisiteField = z.object({
  name: z.enum(REQUISITE_NAMES),
  rule: z.enum(['iban', 'cardHolder', 'text']),
  required: z.boolean(),
});
export type RequisiteField = z.infer<typeof requisiteField>;

export const TRANSACTION_TYPES = ['deposit', 'withdrawal'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/**
 * Deposit: pending (created, player at the provider) → processing → succeeded | failed | canceled.
 * Withdrawal: pending (funds held, waiting for approval) → approved (payout being requested) →
 * processing (payout at the provider) → paid | failed; or rejected (operator) / canceled (player)
 * while pending. Failed, canceled and rejected withdrawals have their funds back.
 */
export const TRANSACTION_STATUSES = [
  'pending',
  'processing',
  'succeeded',
  'failed',
  'canceled',
  'approved',
  'paid',
  'rejected',
] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];
export const transactionStatus = z.enum(TRANSACTION_STATUSES);

/** Deposit info of spec §3, for deposits and withdrawals (receipt, history, result pages). */
export const transactionOutput = z.object({
  id: z.number().int().min(1),
  type: z.enum(TRANSACTION_TYPES),
  method: z.string(),
  status: transactionStatus,
  amount: moneyOutput,
  /** What the player gave, IBANs masked (`FR76 •••• 0189`). */
  requisites: z.record(z.string(), z.string()),
  /** ISO 8601. */
  created_at: z.string(),
  updated_at: z.string(),
  /** The site the transaction was made on. */
  domain: z.string(),
  /** Why it failed (`card_declined`, `insufficient_funds` …), else null. */
  failure_code: z.string().nullable(),
  /** A withdrawal still waiting for approval may be cancelled by the player. */
  can_cancel: z.boolean(),
});
export type TransactionOutput = z.infer<typeof transactionOutput>;

export const DEPOSIT_LIMIT_PERIODS = ['day', 'week', 'month'] as const;
export type DepositLimitPeriod = (typeof DEPOSIT_LIMIT_PERIODS)[number];

/** One limit the player set (calendar periods in UTC: day, ISO week from Monday, month). */
export const depositLimitEntry = z.object({
  period: z.enum(DEPOSIT_LIMIT_PERIODS),
  limit_amount: moneyOutput,
  /** What may still be deposited in the current period (never negative). */
  available_amount: moneyOutput,
  /** When the current period ends and the available amount starts again (ISO 8601). */
  expired_at: z.string(),
  /** An increase (or removal: `pending_removal`) waits 24 hours before it applies. */
  pending_limit_amount: moneyOutput.nullable(),
  pending_removal: z.boolean(),
  pending_effective_at: z.string().nullable(),
});
export type DepositLimitEntry = z.infer<typeof depositLimitEntry>;

/**
 * Spec §3 depositLimit: the binding limit (the one leaving the lowest available amount) or period
 * `none`; `limits` lists every period the player set.
 */
export const depositLimitOutput = z.object({
  period: z.enum(['none', ...DEPOSIT_LIMIT_PERIODS]),
  limit_amount: moneyOutput.nullable(),
  available_amount: moneyOutput.nullable(),
  expired_at: z.string().nullable(),
  can_edit: z.boolean(),
  limits: z.array(depositLimitEntry),
});
export type DepositLimitOutput = z.infer<typeof depositLimitOutput>;
