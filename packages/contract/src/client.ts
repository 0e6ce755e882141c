/**
 * The typed API client: one way for the web to call the player API, in the browser over fetch and
 * on the server in-process (the transport is injected).
 */
import type { z } from 'zod';
import { type ApiEnvelope, ApiError } from './errors.ts';
import type { MethodName, MethodsMap } from './registry.ts';

export const API_VERSION = '2.34';

export type CallInput<N extends MethodName> = z.input<MethodsMap[N]['input']>;
export type CallOutput<N extends MethodName> = z.output<MethodsMap[N]['output']>;

/** Sends one call and returns the envelope and HTTP status; it does not throw on API errors. */
export type ApiTransport = (
  name: string,
  http: 'GET' | 'POST',
  params: Record<string, unknown>,
) => Promise<{ status: number; envelope: ApiEnvelope<unknown> }>;

export interface ApiClient {
  call<N extends MethodName>(name: N, input?: CallInput<N>): Promise<CallOutput<N>>;
}

export function createApiClient(
  transport: ApiTransport,
  httpOf: (name: string) => 'GET' | 'POST',
): ApiClient {
  return {
    async call(name, input) {
      const { status, envelope } = await transport(
        name,
        httpOf(name),
        (input ?? {}) as Record<string, unknown>,
      );
      if (envelope.status === 1) return envelope.data as never;
      throw new ApiError(envelope.error, status);
    },
  };
}

function toSearchParams(params: Record<string, unknown>): URLSearchParams {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) search.set(key, value.join(','));
    else if (typeof value === 'object') search.set(key, JSON.stringify(value));
    else search.set(key, String(value));
  }
  return search;
}

/** The browser transport: same-origin cookies, POST bodies as form data (spec §7). */
export function fetchTransport(options: {
  baseUrl?: string;
  locale: () => string;
  nonStrict?: boolean;
}): ApiTransport {
  return async (name, http, params) => {
    const query = new URLSearchParams({ v: API_VERSION, locale: options.locale() });
    if (options.nonStrict) query.set('_non_strict', '1');
    const body = toSearchParams(params);
    let url = `${options.baseUrl ?? ''}/api/${name}?${query}`;
    if (http === 'GET' && body.size > 0) url += `&${body}`;
    const response = await fetch(url, {
      method: http,
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
      body: http === 'POST' ? body : undefined,
    });
    return { status: response.status, envelope: (await response.json()) as ApiEnvelope<unknown> };
  };
}
