/**
 * The player API for what the player starts in the cashier (a deposit, a withdrawal, a cancel, a
 * limit), answering in the page language, and the refresh that follows: a revalidation, so the
 * loaders (and the header's balance in the root loader) stay the one source of page data.
 */
import type { ApiClient } from '@croupier/contract/client';
import { useMemo } from 'react';
import { useRevalidator } from 'react-router';
import { createBrowserApi } from '../../lib/browser-api.ts';
import { usePageLocale } from '../../lib/use-root-data.ts';

export function useCashierApi(): { api: ApiClient; refresh: () => Promise<void> } {
  const locale = usePageLocale();
  const revalidator = useRevalidator();
  const api = useMemo(() => createBrowserApi(locale), [locale]);
  return { api, refresh: revalidator.revalidate };
}

/** A client-chosen id for one submit: a retried request answers the first result (ADR 006). */
export function newRequestId(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
