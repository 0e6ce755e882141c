/**
 * Loaders answer errors as system pages with the right HTTP status: an ApiError thrown by the API
 * client becomes `data({ page, errorType }, { status })`, which the root ErrorBoundary renders.
 */
import { data } from 'react-router';
import { type ErrorPagePayload, errorPageForApiError, isApiErrorLike } from './system-pages.ts';

export function errorPageResponse(payload: ErrorPagePayload, status: number) {
  return data(payload, { status });
}

/** Awaits `work`; an API error becomes the matching system page, anything else propagates. */
export async function orErrorPage<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (isApiErrorLike(error)) {
      const page = errorPageForApiError(error);
      throw errorPageResponse({ page: page.kind, errorType: error.type }, page.status);
    }
    throw error;
  }
}
