/**
 * A plain HTTP server-sent-events reader for the push tests and the benchmark: opens a stream,
 * parses events as a browser's EventSource does (id, event, data; comments skipped) and lets the
 * caller wait for the next event of a kind.
 */
import http from 'node:http';

export interface ReceivedEvent {
  id: string | undefined;
  event: string;
  data: unknown;
  /** performance.now() when the event's last byte arrived. */
  at: number;
}

export interface SseClient {
  status: number;
  headers: http.IncomingHttpHeaders;
  events: ReceivedEvent[];
  /** The body of a refused stream (JSON), when status is not 200. */
  body: string;
  /** Resolves with the first event of `kind` not taken yet, waiting up to `timeoutMs`. */
  next(kind: string, timeoutMs?: number): Promise<ReceivedEvent>;
  /** Set: every event goes here as it arrives and none is kept (benchmarks). */
  onEvent: ((event: ReceivedEvent) => void) | null;
  close(): void;
}

export function openSse(
  url: string,
  headers: Record<string, string> = {},
  agent?: http.Agent,
): Promise<SseClient> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      url,
      { headers: { accept: 'text/event-stream', ...headers }, agent },
      (response) => {
        const events: ReceivedEvent[] = [];
        const taken = new Set<ReceivedEvent>();
        const waiters: { kind: string; resolve: (event: ReceivedEvent) => void }[] = [];
        let buffer = '';
        const client: SseClient = {
          status: response.statusCode ?? 0,
          headers: response.headers,
          events,
          body: '',
          onEvent: null,
          next(kind, timeoutMs = 5_000) {
            const found = events.find((event) => event.event === kind && !taken.has(event));
            if (found) {
              taken.add(found);
              return Promise.resolve(found);
            }
            return new Promise((done, fail) => {
              const waiter = {
                kind,
                resolve: (event: ReceivedEvent) => {
                  clearTimeout(timer);
                  done(event);
                },
              };
              // A waiter that timed out leaves: the next event of its kind is for the next call.
              const timer = setTimeout(() => {
                const index = waiters.indexOf(waiter);
                if (index !== -1) waiters.splice(index, 1);
                fail(new Error(`no ${kind} event within ${timeoutMs} ms`));
              }, timeoutMs);
              waiters.push(waiter);
            });
          },
          close() {
            request.destroy();
          },
        };
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          if (client.status !== 200) {
            client.body += chunk;
            return;
          }
          buffer += chunk;
          let end = buffer.indexOf('\n\n');
          while (end !== -1) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            end = buffer.indexOf('\n\n');
            let id: string | undefined;
            let name = 'message';
            let data: string | undefined;
            for (const line of block.split('\n')) {
              if (line.startsWith(':')) continue;
              const colon = line.indexOf(':');
              const field = colon === -1 ? line : line.slice(0, colon);
              const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
              if (field === 'id') id = value;
              else if (field === 'event') name = value;
              else if (field === 'data') data = data === undefined ? value : `${data}\n${value}`;
            }
            if (data === undefined) continue;
            const event: ReceivedEvent = { id, event: name, data: JSON.parse(data), at: performance.now() };
            if (client.onEvent) {
              // A benchmark's reader keeps nothing: a thousand streams must not grow the heap.
              client.onEvent(event);
              continue;
            }
            const waiter = waiters.findIndex((w) => w.kind === name);
            if (waiter !== -1) {
              taken.add(event);
              events.push(event);
              waiters.splice(waiter, 1)[0]!.resolve(event);
            } else {
              events.push(event);
            }
          }
        });
        response.on('error', () => {});
        if (client.status !== 200) response.on('end', () => resolve(client));
        else resolve(client);
      },
    );
    request.on('error', reject);
  });
}
