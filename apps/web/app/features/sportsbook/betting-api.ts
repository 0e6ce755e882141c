/**
 * The betting methods (packages/contract/src/sportsbook/betting.ts) through the one typed client.
 * They join the registry with their server bindings (issue #13, the bet engine's branch); until
 * then `ApiClient.call` does not know their names, so this call is typed by the contract itself.
 * Once merged it is the same call as `api.call(name, input)`.
 */
import { type ApiClient, createApiClient, fetchTransport } from '@croupier/contract/client';
import type { MethodContract, MethodInput, MethodOutput } from '@croupier/contract/method';
import { findMethod } from '@croupier/contract/registry';
import { useMemo } from 'react';
import type { z } from 'zod';
import { usePageLocale } from '../../lib/use-root-data.ts';

type AnyMethod = MethodContract<string, z.ZodType, z.ZodType>;

export function callBetting<M extends AnyMethod>(
  api: ApiClient,
  method: M,
  input: MethodInput<M>,
): Promise<MethodOutput<M>> {
  const untyped = api as unknown as { call(name: string, input: unknown): Promise<MethodOutput<M>> };
  return untyped.call(method.name, input);
}

const BETTING_HTTP: Readonly<Record<string, 'GET' | 'POST'>> = {
  'sportsbook.quote': 'POST',
  'sportsbook.placeBet': 'POST',
  'sportsbook.cashOut': 'POST',
  'sportsbook.getBets': 'GET',
  'sportsbook.getFreeBets': 'GET',
};

/** The browser client for the player's betting actions (a click, a typed stake). */
export function useBettingApi(): ApiClient {
  const locale = usePageLocale();
  return useMemo(
    () =>
      createApiClient(
        fetchTransport({ locale: () => locale }),
        (name) => findMethod(name)?.http ?? BETTING_HTTP[name] ?? 'GET',
      ),
    [locale],
  );
}
