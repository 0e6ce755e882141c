/**
 * Binding a handler to a method contract. Handlers are thin: the input is already parsed by the
 * contract's schema, the handler calls one service and returns the output DTO.
 */

import type { Locale } from '@croupier/contract/locales';
import type { MethodContract, MethodOutput, MethodParsedInput } from '@croupier/contract/method';
import type { FastifyBaseLogger } from 'fastify';
import type { ActiveSession } from '../modules/auth/session.service.ts';
import type { Services } from '../services.ts';

export interface CallPlayer {
  id: bigint;
  locale: string;
}

/** Cookie writes a handler asks for; the HTTP edge (or the SSR edge) applies them. */
export interface CookieJar {
  get(name: string): string | undefined;
  set(name: string, value: string, options: { maxAgeSeconds: number; httpOnly: boolean }): void;
  clear(name: string): void;
}

export interface CallContext {
  locale: Locale;
  /** The authenticated player, or null for a guest. */
  player: CallPlayer | null;
  session: ActiveSession | null;
  /** The raw session cookie value (for rotation and revocation). */
  sessionToken: string | undefined;
  requestId: string;
  ip: string;
  userAgent: string | null;
  log: FastifyBaseLogger;
  services: Services;
  cookies: CookieJar;
  /** The player, or AuthorizationException for a guest. */
  requirePlayer(): CallPlayer;
  /** Counts a hit against a limit; TooManyRequestsException (with Retry-After) past it. */
  rateLimit(key: string, limit: number, windowSeconds: number): Promise<void>;
}

export interface BoundMethod {
  contract: MethodContract;
  handler: (input: unknown, ctx: CallContext) => Promise<unknown>;
}

export function bindMethod<M extends MethodContract>(
  contract: M,
  handler: (input: MethodParsedInput<M>, ctx: CallContext) => Promise<MethodOutput<M>> | MethodOutput<M>,
): BoundMethod {
  return { contract, handler: async (input, ctx) => handler(input as MethodParsedInput<M>, ctx) };
}
