/**
 * Request bodies of CroupierPay's API, exactly as docs/payment-provider-protocol.md: strict objects
 * (an unknown field is refused with its name rather than silently ignored, so a typo in a merchant
 * integration shows at once). Amounts stay strings here; they are checked against the currency's
 * exponent once the currency is known.
 */
import { z } from 'zod';
import { PspError } from './psp.errors.ts';

const httpUrl = z.url({ protocol: /^https?$/, hostname: z.regexes.hostname }).max(2048);
const reference = z
  .string()
  .trim()
  .min(1)
  .max(128)
  .regex(/^[\x20-\x7e]+$/, 'must be printable ASCII');
const amount = z.string({ error: 'must be a decimal string such as "12.50"' }).max(40);
const currency = z.string().regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code such as "EUR"');
const iban = z.string().trim().min(1).max(64);

export const createPaymentBody = z.strictObject({
  merchant_reference: reference,
  amount,
  currency,
  method: z.enum(['card', 'bank_transfer']),
  customer: z.strictObject({
    id: z.string().trim().min(1).max(128),
    email: z.email().max(320).nullish(),
  }),
  requisites: z.strictObject({ iban }).nullish(),
  return_url: httpUrl,
  webhook_url: httpUrl,
});
export type CreatePaymentBody = z.infer<typeof createPaymentBody>;

export const createPayoutBody = z.strictObject({
  merchant_reference: reference,
  amount,
  currency,
  destination: z.discriminatedUnion('type', [
    z.strictObject({ type: z.literal('card'), payment_id: z.string().min(1).max(64) }),
    z.strictObject({ type: z.literal('iban'), iban, holder: z.string().trim().min(1).max(140) }),
  ]),
  webhook_url: httpUrl,
});
export type CreatePayoutBody = z.infer<typeof createPayoutBody>;

export const banksQuery = z.strictObject({
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'must be an ISO 3166 alpha-2 code such as "FR"')
    .optional(),
});

/** Idempotency-Key: what Stripe and the IETF draft accept, printable ASCII up to 255 characters. */
export const idempotencyKey = z
  .string()
  .min(1)
  .max(255)
  .regex(/^[\x21-\x7e]+$/);

/** Parses or throws a 400 naming the first faulty field. */
export function parseBody<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const keys = issue && issue.code === 'unrecognized_keys' ? issue.keys : [];
  const path = [...(issue?.path ?? []), ...keys.slice(0, 1)].map(String).join('.');
  const message =
    value === undefined || value === null || typeof value !== 'object'
      ? 'The request body must be a JSON object'
      : issue?.code === 'unrecognized_keys'
        ? `Unknown field: ${path}`
        : `${path || 'body'}: ${issue?.message ?? 'invalid'}`;
  throw new PspError(400, 'invalid_request', message, path || undefined);
}
