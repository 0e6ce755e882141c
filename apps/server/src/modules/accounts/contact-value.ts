/**
 * How the server spells a login or contact: emails lower case, phones digits only. A pure helper of
 * its own so the service and the handlers (rate-limit keys of auth.* and account.* methods) share it
 * without the handlers importing the service's file.
 */
export type ContactType = 'email' | 'phone';

export function normalizeContactValue(raw: string): { type: ContactType; value: string } {
  const text = raw.trim();
  if (text.includes('@')) return { type: 'email', value: text.toLowerCase() };
  return { type: 'phone', value: text.replace(/\D/g, '') };
}
