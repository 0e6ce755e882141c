/**
 * What an API call answered when it failed, by shape rather than by class: an error thrown by the
 * server's in-process client (a loader) comes from another copy of the contract package than the
 * browser's, so `instanceof ApiError` cannot be trusted on both sides.
 */
import { type ErrorType, isErrorType } from '@croupier/contract/errors';

export interface ApiFailure {
  type: ErrorType;
  /** Already in the request's language (the server localizes it). */
  message: string;
  code: string;
  /** Per-field machine codes, e.g. `{ contact: 'contactExists' }`. */
  fields: Readonly<Record<string, string>>;
}

export function toApiFailure(error: unknown): ApiFailure | undefined {
  if (!(error instanceof Error) || error.name !== 'ApiError') return undefined;
  const candidate = error as Error & { type?: unknown; code?: unknown; fields?: unknown };
  if (!isErrorType(candidate.type)) return undefined;
  const fields: Record<string, string> = {};
  if (typeof candidate.fields === 'object' && candidate.fields !== null) {
    for (const [key, value] of Object.entries(candidate.fields)) {
      if (typeof value === 'string') fields[key] = value;
    }
  }
  return {
    type: candidate.type,
    message: error.message,
    code: typeof candidate.code === 'string' ? candidate.code : '',
    fields,
  };
}
