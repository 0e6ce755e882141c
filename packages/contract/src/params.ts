/**
 * Building blocks for method input schemas. Inputs arrive as query strings, urlencoded or multipart
 * form fields (all strings) or JSON (typed), so numbers and lists accept both spellings, strictly:
 * "12" and 12 are a count, "12abc", "", 1.5 and true are not.
 */
// Zod's CSP-safe global config before any schema is created.
import './zod-config.ts';
import { z } from 'zod';

/** Largest page any list method serves (TigerBeetle style: a limit on everything). */
export const MAX_PAGE_SIZE = 100;

const INTEGER_TEXT = /^-?\d{1,15}$/;

/** An integer given as a JSON number or as decimal text. */
export function intParam() {
  return z.preprocess((value) => {
    if (typeof value === 'string' && INTEGER_TEXT.test(value.trim())) return Number(value.trim());
    return value;
  }, z.number().int().safe());
}

export const offsetParam = () => intParam().pipe(z.number().int().min(0).max(1_000_000)).default(0);

export const countParam = (fallback: number, max = MAX_PAGE_SIZE) =>
  intParam().pipe(z.number().int().min(1).max(max)).default(fallback);

/** A list given as comma-separated text (`a,b`), as repeated form fields or as a JSON array. */
export function listParam<T extends z.ZodType<string>>(item: T, maxItems = 50) {
  return z.preprocess((value) => {
    if (typeof value === 'string') {
      return value
        .split(',')
        .map((part) => part.trim())
        .filter((part) => part.length > 0);
    }
    return value;
  }, z.array(item).max(maxItems));
}

/** A boolean flag as `1`/`0`/`true`/`false` text or a JSON boolean. */
export function flagParam() {
  return z.preprocess((value) => {
    if (value === '1' || value === 'true') return true;
    if (value === '0' || value === 'false') return false;
    return value;
  }, z.boolean());
}

/** JSON given as text (the spec's `options` and `event_params`) or already parsed. */
export function jsonTextParam<T extends z.ZodType>(inner: T, maxChars = 4096) {
  return z.preprocess((value, ctx) => {
    if (typeof value !== 'string') return value;
    if (value.length > maxChars) {
      ctx.addIssue({ code: 'custom', message: 'too_long' });
      return z.NEVER;
    }
    try {
      return JSON.parse(value);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'invalid_json' });
      return z.NEVER;
    }
  }, inner);
}

/** A `1` answer: the spec's success value for actions with nothing to return. */
export const okOutput = z.literal(1);

export function listOutput<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), total: z.number().int().min(0) });
}

/** Money on the wire: a decimal string in major units and an ISO 4217 code. */
export const moneyOutput = z.object({
  amount: z.string().regex(/^-?\d+(\.\d+)?$/),
  currency: z.string().regex(/^[A-Z]{3}$/),
});
export type Money = z.infer<typeof moneyOutput>;
