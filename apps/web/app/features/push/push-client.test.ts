import { describe, expect, it, vi } from 'vitest';
import {
  createPushClient,
  EVENT_SOURCE_CLOSED,
  type EventSourceLike,
  RETRY_AFTER_REFUSAL_MS,
} from './push-client.ts';

class FakeSource implements EventSourceLike {
  readyState = 0;
  closed = false;
  listeners = new Map<string, ((event: { data?: unknown }) => void)[]>();
  addEventListener(type: string, listener: (event: { data?: unknown }) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  emit(type: string, data?: string) {
    for (const listener of this.listeners.get(type) ?? []) listener({ data });
  }
  close() {
    this.closed = true;
    this.readyState = EVENT_SOURCE_CLOSED;
  }
}

function setUp() {
  const sources: FakeSource[] = [];
  const timers: { run: () => void; ms: number; cleared: boolean }[] = [];
  const client = createPushClient({
    url: '/api/stream',
    open: () => {
      const source = new FakeSource();
      sources.push(source);
      return source;
    },
    kinds: ['balance', 'notice'],
    setTimeout: (run, ms) => {
      const timer = { run, ms, cleared: false };
      timers.push(timer);
      return timer;
    },
    clearTimeout: (handle) => {
      (handle as { cleared: boolean }).cleared = true;
    },
  });
  return { client, sources, timers };
}

describe('push client', () => {
  it('hands each kind its events and ignores what is not JSON', () => {
    const { client, sources } = setUp();
    const balance = vi.fn();
    const off = client.on('balance', balance);
    sources[0]!.emit('balance', '{"balance_main":{"amount":"1.00","currency":"EUR"}}');
    sources[0]!.emit('balance', 'not json');
    sources[0]!.emit('notice', '{"kind":"kyc_approved"}');
    expect(balance).toHaveBeenCalledTimes(1);
    expect(balance).toHaveBeenCalledWith({ balance_main: { amount: '1.00', currency: 'EUR' } });
    off();
    sources[0]!.emit('balance', '{}');
    expect(balance).toHaveBeenCalledTimes(1);
  });

  it('is up while open, down on an error, up again when the browser reconnects', () => {
    const { client, sources } = setUp();
    const status = vi.fn();
    client.onStatus(status);
    expect(client.isUp()).toBe(false);
    sources[0]!.emit('open');
    expect(client.isUp()).toBe(true);
    // A dropped connection: the browser is reconnecting by itself (readyState CONNECTING).
    sources[0]!.emit('error');
    expect(client.isUp()).toBe(false);
    sources[0]!.emit('open');
    expect(client.isUp()).toBe(true);
    expect(status).toHaveBeenCalledTimes(3);
    expect(sources).toHaveLength(1);
  });

  it('opens a new stream after a pause when the browser gave up (a refused stream)', () => {
    const { client, sources, timers } = setUp();
    sources[0]!.readyState = EVENT_SOURCE_CLOSED;
    sources[0]!.emit('error');
    expect(client.isUp()).toBe(false);
    expect(timers).toHaveLength(1);
    expect(timers[0]!.ms).toBe(RETRY_AFTER_REFUSAL_MS);
    timers[0]!.run();
    expect(sources).toHaveLength(2);
    sources[1]!.emit('open');
    expect(client.isUp()).toBe(true);
  });

  it('close ends the stream and any pending retry', () => {
    const { client, sources, timers } = setUp();
    sources[0]!.readyState = EVENT_SOURCE_CLOSED;
    sources[0]!.emit('error');
    client.close();
    expect(timers[0]!.cleared).toBe(true);
    expect(sources[0]!.closed).toBe(true);
  });
});
