/**
 * A failed save, mapped onto the form (spec §8): the server names each bad field with a code
 * (`fields: { first_name: 'name' }`). A code of the shared rules becomes the rule's text with the
 * operator's wording (unless the text needs values only the server's message has, such as the
 * minimum age); any other code (`contactExists`, `currencyLocked`, `codeAttempts`…) keeps
 * the server's own message, which is already in the request's language and says what happened.
 * Whatever cannot be put on a field of this form is left to the caller's generic message.
 */
import {
  isValidationCode,
  messagePlaceholders,
  VALIDATION_MESSAGES,
  type ValidationCode,
} from '@croupier/contract/validation/messages';
import { type ApiFailure, toApiFailure } from './api-failure.ts';
import type { MessageOf } from './form-settings.tsx';

export interface MappedFailure<Field extends string> {
  /** Messages for the fields of this form, in the order the server listed them. */
  fields: Partial<Record<Field, string>>;
  /** The first field with a message (to focus), if any. */
  firstField: Field | undefined;
  /** The API failure, when the error was one (undefined for a network error or a bug). */
  failure: ApiFailure | undefined;
}

export interface MapOptions<Field extends string> {
  /** Server field names that mean a field of this form under another name. */
  aliases?: Readonly<Record<string, Field>>;
}

export function mapServerFieldErrors<Field extends string>(
  error: unknown,
  formFields: readonly Field[],
  messageOf: MessageOf,
  options: MapOptions<Field> = {},
): MappedFailure<Field> {
  const failure = toApiFailure(error);
  const fields: Partial<Record<Field, string>> = {};
  let firstField: Field | undefined;
  if (failure) {
    for (const [serverField, code] of Object.entries(failure.fields)) {
      const field = options.aliases?.[serverField] ?? serverField;
      if (!isFormField(field, formFields) || fields[field] !== undefined) continue;
      fields[field] = isValidationCode(code) && !needsValues(code) ? messageOf(code) : failure.message;
      firstField ??= field;
    }
  }
  return { fields, firstField, failure };
}

/**
 * A rule whose message has values (`minimumAge`: "at least $$age$$ years old"): the server sends
 * the bare code, so its own message, written with the values in the page language, says it best.
 */
function needsValues(code: ValidationCode): boolean {
  return messagePlaceholders(VALIDATION_MESSAGES.en[code]).length > 0;
}

function isFormField<Field extends string>(name: string, formFields: readonly Field[]): name is Field {
  return (formFields as readonly string[]).includes(name);
}
