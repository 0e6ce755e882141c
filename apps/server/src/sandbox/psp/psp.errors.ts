/** CroupierPay's API errors: `4xx { "error": { "code", "message", "param"? } }` (protocol doc). */

export type PspErrorCode = 'invalid_request' | 'unauthorized' | 'not_found' | 'idempotency_conflict';

export class PspError extends Error {
  readonly statusCode: number;
  readonly code: PspErrorCode;
  /** The request field at fault (an addition to the documented shape, as real providers give). */
  readonly param: string | undefined;

  constructor(statusCode: number, code: PspErrorCode, message: string, param?: string) {
    super(message);
    this.name = 'PspError';
    this.statusCode = statusCode;
    this.code = code;
    this.param = param;
  }

  toBody(): { error: { code: PspErrorCode; message: string; param?: string } } {
    return {
      error: { code: this.code, message: this.message, ...(this.param ? { param: this.param } : {}) },
    };
  }
}

export function invalidRequest(message: string, param?: string): PspError {
  return new PspError(400, 'invalid_request', message, param);
}
