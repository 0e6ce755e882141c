/**
 * Optimistic concurrency without a version column (ADR 048, 049): a record's version is a digest of
 * its editable fields — 24 hex digits of the SHA-256 of their canonical JSON (keys sorted, absent
 * keys left out, bigints and dates as text). A staff edit sends back the version it was made from;
 * the service recomputes it under a row lock and refuses, typed (`stale_version`), with nothing
 * written, when they differ: someone else changed the record meanwhile.
 */
import { createHash } from 'node:crypto';
import { AppError } from './app-error.ts';

/** JSON with object keys sorted and bigints as decimal strings: the same fields, the same text. */
function canonical(value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    return Object.fromEntries(
      Object.keys(record)
        .sort()
        .filter((key) => record[key] !== undefined)
        .map((key) => [key, canonical(record[key])]),
    );
  }
  return value;
}

/** The version of a record: 24 hex digits of the SHA-256 of its editable fields. */
export function editVersion(fields: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(canonical(fields)))
    .digest('hex')
    .slice(0, 24);
}

export function staleVersion(): AppError {
  return new AppError('InvalidParameterException', {
    code: 'stale_version',
    message: 'stale_version',
    fields: { version: 'stale' },
  });
}

/** Throws `stale_version` unless `sent` is the record's version now. */
export function assertVersion(fields: unknown, sent: string): void {
  if (editVersion(fields) !== sent) throw staleVersion();
}
