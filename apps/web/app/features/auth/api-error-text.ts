/**
 * The failed call's text for the player. Apart from form-validation.ts (zod and the form bridge) as
 * buttons on every page (header, favourites) use it without any form (issue #17).
 */
import { ApiError } from '@croupier/contract/errors';

/** What to tell the player about a failed call: the server's text (in the request's locale), or `fallback`. */
export function apiErrorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.message.trim() !== '') return error.message;
  return fallback;
}
