/**
 * A row id as it arrives in text (a path parameter, a search box, a provider's reference): a
 * positive integer of at most 18 digits with no leading zero, so `BigInt()` of it always fits a
 * PostgreSQL bigint. The one definition; anything else is not an id and is refused or ignored.
 */
import { z } from 'zod';

export const ROW_ID = /^[1-9][0-9]{0,17}$/;

/** A row id in a request schema. */
export const rowId = z.string().regex(ROW_ID);

/** Path parameters of one row (`/:id`). */
export const idParams = z.object({ id: rowId }).strict();

/** The id `text` names, or null when it is not a row id. */
export function rowIdOf(text: string | undefined | null): bigint | null {
  return text != null && ROW_ID.test(text) ? BigInt(text) : null;
}
