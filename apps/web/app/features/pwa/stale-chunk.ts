/**
 * Stale chunks (spec §7, §8): after a deploy the previous build's hashed files are gone (the server
 * answers 404), so a page loaded before the deploy fails to import a lazy module. Such a failure
 * reloads the page once, under the reload guard.
 */
const STALE_CHUNK_MESSAGES = [
  /Failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /Importing a module script failed/i,
  /Unable to preload CSS/i,
];

export function isStaleChunkError(error: unknown): boolean {
  const message =
    error instanceof Error
      ? error.message
      : typeof error === 'string'
        ? error
        : typeof error === 'object' && error !== null && 'message' in error
          ? String((error as { message: unknown }).message)
          : '';
  return STALE_CHUNK_MESSAGES.some((pattern) => pattern.test(message));
}
