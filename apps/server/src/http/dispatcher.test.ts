import { ERROR_STATUS, ERROR_TYPES, type ErrorType } from '@croupier/contract/errors';
import { eventsHandle } from '@croupier/contract/events/handle';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { AppError } from '../lib/app-error.ts';
import { bindMethod } from '../lib/method-binding.ts';
import { createMemoryRateLimiter } from '../lib/rate-limit.ts';
import { messages } from '../messages.ts';
import { boundMethods } from '../methods.ts';
import type { SessionService } from '../modules/auth/session.service.ts';
import type { Services } from '../services.ts';
import { createDispatcher, type DispatchRequest } from './dispatcher.ts';

// Only what the dispatcher itself touches; handlers under test are replaced below.
const sessions = { resolve: async () => undefined } as unknown as SessionService;
// No handler is called but the one replaced below: the services they would call are not needed.
const boundToNothing = boundMethods({} as unknown as Services);
const log = pino({ level: 'silent' });

function dispatcherThrowing(error: unknown) {
  const bound = boundToNothing.map((m) =>
    m.contract.name === eventsHandle.name
      ? bindMethod(eventsHandle, async () => {
          throw error;
        })
      : m,
  );
  return createDispatcher({
    config: loadConfig({}),
    sessions,
    rateLimiter: createMemoryRateLimiter(),
    messages,
    bound,
  });
}

function request(overrides: Partial<DispatchRequest> = {}): DispatchRequest {
  return {
    methodName: 'events.handle',
    httpMethod: 'GET',
    query: { event_name: 'x', locale: 'fr' },
    body: undefined,
    headers: {},
    ip: '127.0.0.1',
    userAgent: null,
    requestId: 'test',
    log,
    cookies: { get: () => undefined, set: () => {}, clear: () => {} },
    ...overrides,
  };
}

describe('dispatcher error mapping', () => {
  it.each(ERROR_TYPES)(
    '%s answers its catalogue status with a localised message',
    async (type: ErrorType) => {
      const result = await dispatcherThrowing(new AppError(type)).dispatch(request());
      expect(result.status).toBe(ERROR_STATUS[type]);
      expect(result.envelope).toMatchObject({ status: 0, error: { type } });
      if (result.envelope.status === 0) expect(result.envelope.error.message.length).toBeGreaterThan(0);
    },
  );

  it('hides unexpected errors behind InternalServerErrorException', async () => {
    const result = await dispatcherThrowing(new Error('password=hunter2 at db.ts:12')).dispatch(request());
    expect(result.status).toBe(500);
    expect(JSON.stringify(result.envelope)).not.toContain('hunter2');
    expect(result.envelope).toMatchObject({
      status: 0,
      error: { type: 'InternalServerErrorException', code: 'internal_error' },
    });
  });

  it('sets Retry-After for rate limits', async () => {
    const result = await dispatcherThrowing(
      new AppError('TooManyRequestsException', { retryAfterSeconds: 7 }),
    ).dispatch(request());
    expect(result.headers['retry-after']).toBe('7');
  });

  it('refuses to start when a contract method has no handler', () => {
    expect(() =>
      createDispatcher({
        config: loadConfig({}),
        sessions,
        rateLimiter: createMemoryRateLimiter(),
        messages,
        bound: boundToNothing.filter((m) => m.contract.name !== eventsHandle.name),
      }),
    ).toThrow(/No handler bound for events.handle/);
  });
});
