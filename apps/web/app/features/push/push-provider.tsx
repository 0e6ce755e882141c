/**
 * The signed-in player's push stream (ADR 037) for the whole page: one EventSource on
 * `/api/stream`, opened in the browser only. Components take events with `usePushEvent`; the
 * balance refresh of spec §3 runs only while the stream is down (`PushFallbackRefresh`,
 * push-fallback-refresh.tsx); a `resync`
 * (missed events) and a bonus or cashback that moved revalidate the page's loaders.
 */
import {
  type JackpotAmount,
  PLAYER_STREAM_PATH,
  PUBLIC_STREAM_PATH,
  PUSH_EVENT_KINDS,
  type PushEventKind,
} from '@croupier/contract/push/stream-events';
import {
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { useRevalidator } from 'react-router';
import type { PushClient } from './push-client.ts';

const PushContext = createContext<PushClient | null>(null);

/** Events of `kind` from the player's stream to `handler` (the latest one given); none for a guest. */
export function usePushEvent(kind: PushEventKind, handler: (data: unknown) => void): void {
  const stream = useContext(PushContext);
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    if (!stream) return;
    const off = stream.on(kind, (data) => latest.current(data));
    return () => {
      off();
    };
  }, [stream, kind]);
}

const noStream = () => () => {};
const down = () => false;

/** Whether the player's stream is open now (false on the server, for a guest, while reconnecting). */
export function usePushUp(): boolean {
  const client = useContext(PushContext);
  return useSyncExternalStore(
    client ? (listener) => client.onStatus(listener) : noStream,
    client ? () => client.isUp() : down,
    down,
  );
}

/** What revalidates the page: the stream could not replay, or a bonus or cashback changed. */
const REVALIDATING: readonly PushEventKind[] = ['resync', 'bonus', 'cashback'];

function Revalidations({ stream }: { stream: PushClient }) {
  const revalidator = useRevalidator();
  const latest = useRef(revalidator);
  latest.current = revalidator;
  useEffect(() => {
    const offs = REVALIDATING.map((kind) =>
      stream.on(kind, () => {
        if (latest.current.state === 'idle') void latest.current.revalidate();
      }),
    );
    return () => {
      for (const off of offs) off();
    };
  }, [stream]);
  return null;
}

/**
 * Opens a stream once the client module is there (it stays out of every page's initial JavaScript:
 * streams open after hydration anyway); the function returned closes it, or cancels the opening.
 */
function openStream(
  url: string,
  kinds: readonly PushEventKind[],
  onOpen: (client: PushClient) => void,
): () => void {
  let client: PushClient | null = null;
  let cancelled = false;
  void import('./push-client.ts').then(({ createPushClient }) => {
    if (cancelled) return;
    client = createPushClient({
      url,
      open: (address) => new EventSource(address),
      kinds,
      setTimeout: (run, ms) => window.setTimeout(run, ms),
      clearTimeout: (handle) => window.clearTimeout(handle as number),
    });
    onOpen(client);
  });
  return () => {
    cancelled = true;
    client?.close();
  };
}

export function PushProvider({ enabled, children }: { enabled: boolean; children: ReactNode }) {
  const [client, setClient] = useState<PushClient | null>(null);
  // A subscription, not a data read: the stream is opened once per signed-in page and pushes what
  // the loaders already brought, as it changes (effects-fetch.test.ts lists it).
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const close = openStream(PLAYER_STREAM_PATH, PUSH_EVENT_KINDS, setClient);
    return () => {
      close();
      setClient(null);
    };
  }, [enabled]);
  return (
    <PushContext.Provider value={client}>
      {client && <Revalidations stream={client} />}
      {children}
    </PushContext.Provider>
  );
}

function jackpotAmounts(data: unknown): Map<number, JackpotAmount> | null {
  if (!Array.isArray(data)) return null;
  const amounts = new Map<number, JackpotAmount>();
  for (const item of data as Partial<JackpotAmount>[]) {
    if (
      typeof item?.id === 'number' &&
      typeof item.amount === 'string' &&
      typeof item.currency === 'string'
    ) {
      amounts.set(item.id, { id: item.id, amount: item.amount, currency: item.currency });
    }
  }
  return amounts;
}

/**
 * Events of a public `kind` (jackpot amounts, big wins) to `handler`: from the player's stream when
 * signed in, else from a public stream opened while the component is shown.
 */
export function usePublicPushEvent(kind: PushEventKind, handler: (data: unknown) => void): void {
  const playerStream = useContext(PushContext);
  const latest = useRef(handler);
  latest.current = handler;
  usePushEvent(kind, handler);
  // A guest's ticker subscribes to the public stream (effects-fetch.test.ts lists it).
  useEffect(() => {
    if (playerStream || typeof EventSource === 'undefined') return;
    return openStream(PUBLIC_STREAM_PATH, [kind], (guestStream) => {
      guestStream.on(kind, (data) => latest.current(data));
    });
  }, [playerStream, kind]);
}

/**
 * Live jackpot amounts by jackpot id for a ticker: from the player's stream when signed in, else
 * from the public stream. Null until the first amounts arrive (the loader's amounts stand until then).
 */
export function useLiveJackpotAmounts(): Map<number, JackpotAmount> | null {
  const [amounts, setAmounts] = useState<Map<number, JackpotAmount> | null>(null);
  usePublicPushEvent('jackpots', (data) => setAmounts(jackpotAmounts(data)));
  return amounts;
}
