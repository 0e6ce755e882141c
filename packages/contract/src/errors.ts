/**
 * The error catalogue of spec §8 with the HTTP status each type answers with (ARCHITECTURE.md §3).
 * Both server and web read it: the server to shape the envelope, the web to map an error to a page.
 */
export const ERROR_STATUS = {
  UnknownErrorException: 500,
  ApplicationDisabledException: 503,
  MethodNotFoundException: 404,
  AuthorizationException: 401,
  InvalidRequestException: 400,
  InternalServerErrorException: 500,
  AccessDeniedException: 403,
  UserDeletedException: 403,
  UserBannedException: 403,
  UserNeedDepositException: 409,
  UserNeedProfileDataException: 409,
  UserNeedConfirmContactException: 409,
  ApplicationUnavailableException: 503,
  InvalidParameterException: 400,
  TooManyRequestsException: 429,
  BillingServiceErrorException: 422,
  BillingTransactionDeclinedException: 422,
  BillingUnavailableException: 409,
  BillingDepositLimitExceededException: 422,
  WithdrawalDeclinedException: 422,
  WithdrawalLimitsExceededException: 422,
  WithdrawalLimitsPeriodExceededException: 422,
  KycUserProfileException: 409,
  KycWithdrawalException: 409,
  StorageQuotaExceededException: 422,
  SumsubVerificationRequiredException: 409,
  RequisitesOnVerificationException: 409,
  RequisitesValidationRequiredException: 422,
  RequisitesFraudulentException: 422,
} as const;

export type ErrorType = keyof typeof ERROR_STATUS;

export const ERROR_TYPES = Object.keys(ERROR_STATUS) as ErrorType[];

export function isErrorType(value: unknown): value is ErrorType {
  return typeof value === 'string' && Object.hasOwn(ERROR_STATUS, value);
}

/** The failure half of the envelope: `{"status": 0, "error": {...}}`. */
export interface ApiErrorBody {
  type: ErrorType;
  message: string;
  /** A stable machine code (snake case), e.g. `invalid_parameter`, `rate_limited`. */
  code: string;
  /** Per-field machine codes for InvalidParameterException, e.g. `{"count": "too_big"}`. */
  fields?: Record<string, string>;
  /** Extra data the client needs to act on the error (e.g. two-factor `resend_time`). */
  data?: Record<string, unknown>;
}

export type ApiEnvelope<T> = { status: 1; data: T } | { status: 0; error: ApiErrorBody };

/** An error answered by the API, as the typed client throws it. */
export class ApiError extends Error {
  readonly type: ErrorType;
  readonly code: string;
  readonly fields: Record<string, string>;
  readonly httpStatus: number;
  readonly data: Record<string, unknown>;
  constructor(body: ApiErrorBody, httpStatus?: number) {
    super(body.message);
    this.name = 'ApiError';
    this.type = body.type;
    this.code = body.code;
    this.fields = body.fields ?? {};
    this.httpStatus = httpStatus ?? ERROR_STATUS[body.type];
    this.data = body.data ?? {};
  }
}
