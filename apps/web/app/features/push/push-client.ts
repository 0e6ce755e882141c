/**
 * The browser's end of a push stream (ADR 037): one EventSource, handlers by event kind, and whether
 * the stream is up. The browser reconnects by itself after a dropped connection (sending
 * Last-Event-ID); a refused stream (401, 429, 503: the EventSource gives up) is retried here after a
 * pause. While the stream is not open, `up` is false and the caller falls back to polling.
 */
import type { PushEventKind } from '@croupier/contract/push/stream-events';

/** The part of EventSource used here (tests give a fake). */
export interface EventSourceLike {
  readonly readyState: number;
  addEventListener(type: string, listener: (event: { data?: unknown }) => void): void;
  close(): void;
}

export const EVENT_SOURCE_CLOSED = 2;
/** After the browser gave up (a refused stream), a new try this much later. */
export const RETRY_AFTER_REFUSAL_MS = 30_000;

export type PushHandler = (data: unknown) => void;

export interface PushClient {
  on(kind: PushEventKind, handler: PushHandler): () => void;
  /** Open (events flow) or not (connecting, dropped, refused). */
  isUp(): boolean;
  onStatus(listener: () => void): () => void;
  close(): void;
}

export function createPushClient(options: {
  url: string;
  open: (url: string) => EventSourceLike;
  kinds: readonly PushEventKind[];
  setTimeout: (run: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}): PushClient {
  const handlers = new Map<string, Set<PushHandler>>();
  const statusListeners = new Set<() => void>();
  let up = false;
  let closed = false;
  let source: EventSourceLike | null = null;
  let retry: unknown = null;

  const setUp = (next: boolean) => {
    if (up === next) return;
    up = next;
    for (const listener of statusListeners) listener();
  };

  const connect = () => {
    retry = null;
    if (closed) return;
    const current = options.open(options.url);
    source = current;
    current.addEventListener('open', () => setUp(true));
    current.addEventListener('error', () => {
      setUp(false);
      if (current.readyState === EVENT_SOURCE_CLOSED && !closed && source === current) {
        current.close();
        retry = options.setTimeout(connect, RETRY_AFTER_REFUSAL_MS);
      }
    });
    for (const kind of options.kinds) {
      current.addEventListener(kind, (event) => {
        if (typeof event.data !== 'string') return;
        let data: unknown;
        try {
          data = JSON.parse(event.data);
        } catch {
          return;
        }
        for (const handler of handlers.get(kind) ?? []) handler(data);
      });
    }
  };

  connect();

  return {
    on(kind, handler) {
      const set = handlers.get(kind) ?? new Set<PushHandler>();
      set.add(handler);
      handlers.set(kind, set);
      return () => set.delete(handler);
    },
    isUp: () => up,
    onStatus(listener) {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    close() {
      closed = true;
      if (retry !== null) options.clearTimeout(retry);
      source?.close();
      setUp(false);
    },
  };
}
