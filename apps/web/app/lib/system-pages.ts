/**
 * System pages (spec §2): which button each has, where it goes, which layout wraps it, and the
 * mapping from an error to a page (spec §4, §8).
 */
import type { SystemPageKind } from '@croupier/contract/content/cms-config';
import { type ErrorType, isErrorType } from '@croupier/contract/errors';

/** Button targets exactly as spec §2 lists them; kinds absent here have no button. */
const BUTTON_TARGETS: Partial<Record<SystemPageKind, string>> = {
  userBlocked: '/support',
  slotError: '/gamehall',
  paySuccess: '/gamehall',
  payCancel: '/cashier/deposit',
  payFail: '/cashier/deposit',
  payNewWindow: '/cashier/deposit',
};

/** The unprefixed path the page's button leads to, or undefined for no button. */
export function systemPageButtonTarget(kind: SystemPageKind): string | undefined {
  return BUTTON_TARGETS[kind];
}

/** The error page uses the empty layout for maintenance or forbidden, otherwise the default one. */
export function systemPageLayout(kind: SystemPageKind): 'empty' | 'default' {
  return kind === 'maintenance' || kind === 'forbidden' ? 'empty' : 'default';
}

/** What a loader throws (as `data(payload, { status })`) to show a system page. */
export interface ErrorPagePayload {
  page: SystemPageKind;
  /** The API error type behind it, when there is one. */
  errorType?: ErrorType;
  /** The requested path, for the not-found page. */
  path?: string;
}

export interface ErrorPage {
  kind: SystemPageKind;
  status: number;
}

/**
 * Spec §4/§8: UserBanned → user blocked (403); ApplicationDisabled/Unavailable → maintenance (503);
 * any 403 → forbidden; 404 → not found; any other typed API error → user blocked (the spec says so);
 * anything else → not found.
 */
export function errorPageForApiError(error: { type: ErrorType; httpStatus: number }): ErrorPage {
  if (error.type === 'UserBannedException') return { kind: 'userBlocked', status: 403 };
  if (error.type === 'ApplicationDisabledException' || error.type === 'ApplicationUnavailableException') {
    return { kind: 'maintenance', status: 503 };
  }
  if (error.httpStatus === 403) return { kind: 'forbidden', status: 403 };
  if (error.httpStatus === 404) return { kind: 'notFound', status: 404 };
  return { kind: 'userBlocked', status: error.httpStatus };
}

/** An HTTP status without a typed error: 404, 403 and 503 have pages; anything else is "not found". */
export function errorPageForStatus(status: number): ErrorPage {
  if (status === 403) return { kind: 'forbidden', status };
  if (status === 503) return { kind: 'maintenance', status };
  return { kind: 'notFound', status };
}

function isPayload(value: unknown): value is ErrorPagePayload {
  return (
    typeof value === 'object' && value !== null && typeof (value as { page?: unknown }).page === 'string'
  );
}

/**
 * The page for whatever reached an error boundary: a thrown `data(payload, status)` (what our
 * loaders throw), a bare route error response (React Router's own 404/405), an ApiError, or any
 * other error (a bug: shown as not found, answered with its 500).
 */
export function errorPageFor(error: unknown): ErrorPage & { path?: string } {
  if (isApiErrorLike(error)) return errorPageForApiError(error);
  if (isRouteErrorLike(error)) {
    if (isPayload(error.data)) {
      const result: ErrorPage & { path?: string } = { kind: error.data.page, status: error.status };
      if (error.data.path !== undefined) result.path = error.data.path;
      return result;
    }
    return errorPageForStatus(error.status);
  }
  return { kind: 'notFound', status: 500 };
}

interface RouteErrorLike {
  status: number;
  data: unknown;
}

function isRouteErrorLike(error: unknown): error is RouteErrorLike {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { status?: unknown }).status === 'number' &&
    'data' in error &&
    'statusText' in error
  );
}

/**
 * An API error by shape, not by class: the server build bundles its own copy of the contract
 * package, so an ApiError thrown by the client the server created is not `instanceof` the web's.
 */
export function isApiErrorLike(
  error: unknown,
): error is { type: ErrorType; httpStatus: number; message: string } {
  return (
    error instanceof Error &&
    error.name === 'ApiError' &&
    isErrorType((error as { type?: unknown }).type) &&
    typeof (error as { httpStatus?: unknown }).httpStatus === 'number'
  );
}
