/**
 * A player API method as data: its name, HTTP verb, who may call it and its input/output schemas.
 * The server binds a handler to each; the typed client and the registry fuzz test walk them.
 */
// Zod's CSP-safe global config before any schema is created.
import './zod-config.ts';
import type { z } from 'zod';

/** `guest`: anyone, `player`: an authenticated player (a guest gets AuthorizationException). */
export type MethodAccess = 'guest' | 'player';

export interface MethodContract<
  Name extends string = string,
  In extends z.ZodType = z.ZodType,
  Out extends z.ZodType = z.ZodType,
> {
  /** `namespace.method` as spelled in the spec; matched case-insensitively. */
  name: Name;
  http: 'GET' | 'POST';
  access: MethodAccess;
  input: In;
  output: Out;
  /** Whether a GET call may change state (the spec's `auth.logout`, `loyalty.getnotifications`). */
  getChangesState?: boolean;
  /** A banned or deleted player may still call it (public metadata the blocked page needs). */
  allowBlocked?: boolean;
}

export function defineMethod<Name extends string, In extends z.ZodType, Out extends z.ZodType>(
  contract: MethodContract<Name, In, Out>,
): MethodContract<Name, In, Out> {
  return contract;
}

export type MethodInput<M> = M extends MethodContract<string, infer In, z.ZodType> ? z.input<In> : never;
export type MethodParsedInput<M> =
  M extends MethodContract<string, infer In, z.ZodType> ? z.output<In> : never;
export type MethodOutput<M> = M extends MethodContract<string, z.ZodType, infer Out> ? z.output<Out> : never;
