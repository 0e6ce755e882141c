/**
 * Profile settings opens with `from` and `toastType` (spec §2): another page (the contact
 * confirmation, the identity verification provider's return…) sends the player here with
 * `?from=confirmation&toastType=success`, and settings shows the matching toast once, then drops
 * the two parameters so a reload or a shared link does not show it again.
 */
import type { ToastKind } from '../../ui/toasts.tsx';

export const ENTRY_FROM_PARAM = 'from';
export const ENTRY_TOAST_PARAM = 'toastType';

/** Origins with their own wording; any other `from` gets the generic one. */
export const ENTRY_ORIGINS = ['confirmation', 'verification', 'unsubscribe'] as const;
export type EntryOrigin = (typeof ENTRY_ORIGINS)[number] | 'generic';

const TOAST_KINDS: readonly ToastKind[] = ['success', 'error', 'info'];

export interface EntryToast {
  kind: ToastKind;
  origin: EntryOrigin;
}

function isToastKind(value: string | null): value is ToastKind {
  return value !== null && (TOAST_KINDS as readonly string[]).includes(value);
}

function isEntryOrigin(value: string | null): value is (typeof ENTRY_ORIGINS)[number] {
  return value !== null && (ENTRY_ORIGINS as readonly string[]).includes(value);
}

/** The toast a settings URL asks for, or null (no or unknown `toastType`). */
export function readEntryToast(params: URLSearchParams): EntryToast | null {
  const kind = params.get(ENTRY_TOAST_PARAM);
  if (!isToastKind(kind)) return null;
  const from = params.get(ENTRY_FROM_PARAM);
  return { kind, origin: isEntryOrigin(from) ? from : 'generic' };
}

/** Whether the URL still carries either parameter (then it is cleaned, toast or not). */
export function hasEntryParams(params: URLSearchParams): boolean {
  return params.has(ENTRY_FROM_PARAM) || params.has(ENTRY_TOAST_PARAM);
}

/** `?from=x&toastType=success&tab=1` → `?tab=1`; `?from=x` → `''`. Other parameters keep their order. */
export function stripEntryParams(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(ENTRY_FROM_PARAM);
  params.delete(ENTRY_TOAST_PARAM);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/** The `profile` bundle keys of the toast's title and text. */
export function entryToastKeys(toast: EntryToast): { title: string; text: string } {
  return {
    title: `entryToast.${toast.origin}.${toast.kind}.title`,
    text: `entryToast.${toast.origin}.${toast.kind}.text`,
  };
}
