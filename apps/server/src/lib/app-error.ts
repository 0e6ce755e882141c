/**
 * Typed errors raised by services and turned into the envelope at one edge (http/dispatcher.ts).
 */
import { ERROR_STATUS, type ErrorType } from '@croupier/contract/errors';

export interface AppErrorOptions {
  /** Machine code, snake case; defaults to one derived from the type. */
  code?: string;
  /** Per-field machine codes (InvalidParameterException). */
  fields?: Record<string, string>;
  /** Message key in the server's message catalogue, or a literal message. */
  message?: string;
  /** Values for `{name}` placeholders of the message (a Date is written in the reader's locale). */
  values?: Record<string, string | number | Date>;
  /** Seconds the client should wait (TooManyRequestsException). */
  retryAfterSeconds?: number;
  /** Extra data the client needs (e.g. two-factor `resend_time`). Never internals. */
  data?: Record<string, unknown>;
  cause?: unknown;
}

export class AppError extends Error {
  readonly type: ErrorType;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;
  readonly messageKey: string | undefined;
  readonly values: Record<string, string | number | Date> | undefined;
  readonly retryAfterSeconds: number | undefined;
  readonly data: Record<string, unknown> | undefined;

  constructor(type: ErrorType, options: AppErrorOptions = {}) {
    super(options.message ?? type, { cause: options.cause });
    this.name = 'AppError';
    this.type = type;
    this.code = options.code ?? defaultCode(type);
    this.fields = options.fields;
    this.messageKey = options.message;
    this.values = options.values;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.data = options.data;
  }

  get httpStatus(): number {
    return ERROR_STATUS[this.type];
  }
}

/** `InvalidParameterException` → `invalid_parameter`. */
export function defaultCode(type: ErrorType): string {
  return type
    .replace(/Exception$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase();
}

/** The values of an error's message; `{fields}` defaults to the names of the fields it reports. */
export function messageValues(error: AppError): Record<string, string | number | Date> {
  const fields = error.fields ? Object.keys(error.fields).slice(0, 10).join(', ') : '';
  return { ...(fields ? { fields } : {}), ...error.values };
}

/** Seconds a client is asked to wait before retrying a request the database could not serve. */
export const DATABASE_RETRY_AFTER_SECONDS = 2;

/**
 * The typed answer to a request that failed because the database connection failed (restart,
 * failover, terminated backend, pool exhausted): `ApplicationUnavailableException` (HTTP 503) with
 * code `database_unavailable`, to be retried. Whether a write in flight committed is unknown; every
 * money write is idempotent by its key, so the retry answers it either way.
 */
export function databaseUnavailable(cause: unknown): AppError {
  return new AppError('ApplicationUnavailableException', {
    code: 'database_unavailable',
    message: 'request.database_unavailable',
    retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS,
    cause,
  });
}
