/**
 * The bridge between the shared spec §5 rules (`@croupier/contract/validation/fields`) and
 * react-hook-form: a shared field wrapped by `localized` reports its problem as the player-facing
 * text (`issueToMessage`, with the operator's overrides), so `zodResolver` hands the form finished
 * messages, placeholders filled. Server answers map onto the same fields with the same texts.
 */
import { ApiError } from '@croupier/contract/errors';
import type { Locale } from '@croupier/contract/locales';
import { issueToMessage } from '@croupier/contract/validation/fields';
import {
  isValidationCode,
  messagePlaceholders,
  VALIDATION_MESSAGES,
} from '@croupier/contract/validation/messages';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { z } from 'zod';
import type { ValidationOverrides } from '../../lib/root-data.ts';

export interface MessageContext {
  locale: Locale;
  overrides: ValidationOverrides;
}

/**
 * `field` (a shared zod field) behind `base` (what the form holds: `z.string()` for inputs,
 * `z.boolean()` for checkboxes), with each problem's message the text the player reads.
 */
export function localized<Base extends z.ZodType, Output>(
  base: Base,
  field: z.ZodType<Output>,
  context: MessageContext,
) {
  return base.transform((value, ctx): Output => {
    const parsed = field.safeParse(value);
    if (parsed.success) return parsed.data;
    const [issue] = parsed.error.issues;
    if (issue) {
      ctx.addIssue({
        code: 'custom',
        message: issueToMessage(issue, context.locale, context.overrides),
        ...(issue.path.length > 0 ? { path: issue.path } : {}),
      });
    }
    return z.NEVER;
  });
}

/**
 * The text of a server field code: the shared message when it is a rule's code, else the server's
 * own text — also for a rule whose message needs values only the server's text has (the minimum age).
 */
export function serverFieldMessage(code: string, serverMessage: string, context: MessageContext): string {
  return isValidationCode(code) &&
    code !== 'custom' &&
    messagePlaceholders(VALIDATION_MESSAGES.en[code]).length === 0
    ? issueToMessage(code, context.locale, context.overrides)
    : serverMessage;
}

/**
 * Puts an API error's `fields` on the form's own fields (focusing the first); answers whether any
 * applied, so the caller shows the message as a form error otherwise. `fieldMap` renames server
 * field names to form ones (`repeat_password` → `repeatPassword`).
 */
export function applyServerFieldErrors<Values extends FieldValues>(
  error: unknown,
  formFields: readonly Path<Values>[],
  setError: UseFormSetError<Values>,
  context: MessageContext,
  fieldMap: Readonly<Record<string, Path<Values>>> = {},
): boolean {
  if (!(error instanceof ApiError)) return false;
  let applied = false;
  for (const [serverField, code] of Object.entries(error.fields)) {
    const field = fieldMap[serverField] ?? formFields.find((name) => name === serverField);
    if (!field) continue;
    setError(
      field,
      { type: 'server', message: serverFieldMessage(code, error.message, context) },
      { shouldFocus: !applied },
    );
    applied = true;
  }
  return applied;
}
