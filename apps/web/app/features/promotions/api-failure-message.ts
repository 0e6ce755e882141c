/**
 * The text to show for a failed API call: the server's own localized message when it answered a
 * typed error (checked by shape: the in-process client's ApiError is another class than the
 * browser's), else null so the caller shows its generic text.
 */
export function apiFailureMessage(error: unknown): string | null {
  if (!(error instanceof Error) || error.name !== 'ApiError') return null;
  const message = error.message.trim();
  return message === '' ? null : message;
}

/** Whether a failed call was the typed "not found" of a promotion or an offer. */
export function isNotFoundFailure(error: unknown): boolean {
  if (!(error instanceof Error) || error.name !== 'ApiError') return false;
  const { code, fields } = error as Error & { code?: unknown; fields?: unknown };
  if (code === 'promotion_not_found' || code === 'offer_not_found') return true;
  return typeof fields === 'object' && fields !== null && Object.values(fields).includes('not_found');
}
