/**
 * The typed API client for what the player starts with a button (spec §7, `lib/browser-api.ts`),
 * answering in the page's language, and the page refresh that follows a change: loaders stay the
 * one source of page data.
 */
import type { ApiClient } from '@croupier/contract/client';
import { useMemo } from 'react';
import { useRevalidator } from 'react-router';
import { createBrowserApi } from '../../lib/browser-api.ts';
import { usePageLocale } from '../../lib/use-root-data.ts';

export function usePlayerApi(): { api: ApiClient; refresh: () => Promise<void> } {
  const locale = usePageLocale();
  const revalidator = useRevalidator();
  const api = useMemo(() => createBrowserApi(locale), [locale]);
  return { api, refresh: revalidator.revalidate };
}
