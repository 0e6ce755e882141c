/**
 * Binding a handler to a method contract. Handlers are thin: the input is already parsed by the
 * contract's schema, the handler calls one service and returns the output DTO. A handler gets the
 * request (`CallContext`) and nothing else: the services it calls are given to its module's
 * factory (`accountsMethods({ accounts, sessions })`) by the composition root (src/methods.ts), so a
 * module's handlers name the services they use and never reach the whole container (ADR 018).
 */

import type { Locale } from '@croupier/contract/locales';
import type { MethodContract, MethodOutput, MethodParsedInput } from '@croupier/contract/method';
import type { FastifyBaseLogger } from 'fastify';
import type { CookieJar } from './cookie-jar.ts';

export interface CallPlayer {
  id: bigint;
  locale: string;
}

export interface CallContext {
  locale: Locale;
  /** The authenticated player, or null for a guest. */
  player: CallPlayer | null;
  /** The raw session cookie value (for rotation and revocation). */
  sessionToken: string | undefined;
  requestId: string;
  ip: string;
  userAgent: string | null;
  log: FastifyBaseLogger;
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
