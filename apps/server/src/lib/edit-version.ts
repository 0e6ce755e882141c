/**
 * Optimistic concurrency for the operator desks without a version column (issue #18, ADR 049): a
 * record's version is the first 16 hex digits of the SHA-256 of its editable fields as canonical
 * JSON (keys sorted, bigints and dates as strings). The desk sends it with the record; an edit
 * carries it back and is refused (`stale_version`, nothing written) when the record's fields no
 * longer give the same digest, i.e. someone else changed them meanwhile.
 */
import { createHash } from 'node:crypto';
import { AppError } from './app-error.ts';

function canonical(value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value as Record<string, unknown>)
        .sort()
        .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/** The digest of a record's editable fields. */
export function editVersion(fields: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(canonical(fields)))
    .digest('hex')
    .slice(0, 16);
}

export function staleVersion(): AppError {
  return new AppError('InvalidParameterException', {
    code: 'stale_version',
    message: 'stale_version',
    fields: { version: 'stale' },
  });
}

/** Throws `stale_version` unless `sent` is the digest of `fields`. */
export function assertVersion(fields: unknown, sent: string): void {
  if (editVersion(fields) !== sent) throw staleVersion();
}
