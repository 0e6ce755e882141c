/**
 * Real-time push (ADR 037): server-sent-event streams, one per signed-in player's tab and one per
 * guest's tab, fed by the push bus (PostgreSQL LISTEN/NOTIFY, or Redis pub/sub with REDIS_URL).
 *
 * - `publish(playerId, kind, payload)` stores the event for the resume window and sends it to every
 *   node; with `{ tx }` it is stored and queued in the caller's transaction, so the relay sends it
 *   once that transaction has committed (and never after a ROLLBACK). `publishPublic` does the same for every stream.
 * - Balances are not published by callers: the ledger's trigger queues a signal for each player
 *   account whose balance changed (`push_outbox`, in the money transaction), with the new balance;
 *   the relay sends the committed ones to every node (ADR 044); each node holding that player's
 *   streams updates the balances it last sent (read once when the stream opened) and sends them.
 * - The relay: every node polls the outbox every RELAY_POLL_MS, one at a time (an advisory lock),
 *   and NOTIFYs what committed in its own transaction, so no money transaction ever NOTIFYs (a
 *   NOTIFY serialises commits on PostgreSQL's notify-queue lock, ADR 042).
 * - A stream resumes with `Last-Event-ID` (a `push_events` id, the same on every node): the events
 *   after it are replayed; an id older than the window (or too many events missed) gets `resync`,
 *   after which the page reloads its data; an id that was never handed out is ignored.
 * - Jackpot amounts are state, not events: each node reads them every few seconds while it holds
 *   streams and sends them when they changed.
 */
import type { ServerResponse } from 'node:http';
import type { BalancesOutput } from '@croupier/contract/account/common';
import type { PushEventKind } from '@croupier/contract/push/stream-events';
import { PLAYER_BALANCE_KINDS, type PlayerBalanceKind } from '@croupier/ledger/accounts';
import { currencyExponent } from '@croupier/money/currencies';
import { formatMinor } from '@croupier/money/decimal';
import pg from 'pg';
import type { Deps } from '../../deps.ts';
import { type BackgroundLoop, createBackgroundLoop } from '../../lib/background-loop.ts';
import { createPushRepository, type PushExecutor, type StoredEvent } from './push.repository.ts';
import {
  type BusMessage,
  createPushBus,
  INVALIDATION_SCOPES,
  type InvalidationScope,
  MAX_MESSAGE_BYTES,
  type PushBus,
} from './push-bus.ts';

/** How long events are kept for a reconnecting stream. */
export const RESUME_WINDOW_MS = 5 * 60_000;
/** Past this many missed events a stream gets `resync` instead of a replay. */
export const MAX_REPLAY = 100;
export const HEARTBEAT_MS = 15_000;
export const JACKPOT_TICK_MS = 5_000;
/**
 * How often each node's relay looks for committed balance changes and events (ADR 044): the most a
 * signal waits after its commit when the relay is idle (half that on average), against the header's
 * 500 ms budget; an empty pass is one indexed read of an empty table.
 */
export const RELAY_POLL_MS = 50;
/**
 * While signals keep coming, the relay that found some looks again after this long instead (at most
 * RELAY_MAX_BATCHES times in a pass): a busy player's next change waits 10 ms, not 50.
 */
const RELAY_BUSY_POLL_MS = 10;
/** Outbox rows one relay statement takes; a full batch is followed at once by another. */
export const RELAY_BATCH = 1_000;
const RELAY_MAX_BATCHES = 20;
/** A player's open tabs; one more is refused (429) rather than starving the node. */
export const MAX_STREAMS_PER_PLAYER = 5;
/** A guest address's open public streams (shared NATs hold a few). */
export const MAX_PUBLIC_STREAMS_PER_IP = 20;
/** Every stream this node holds; past it new ones get 503 (another node may take them). */
export const MAX_STREAMS_PER_NODE = 20_000;
/** A stream whose unsent output grows past this is a reader that stopped reading: it is closed. */
const MAX_BUFFERED_BYTES = 256 * 1024;
const PRUNE_EVERY_MS = 60_000;
/** What the browser waits before reconnecting (the SSE `retry:` field). */
const RETRY_MS = 3_000;
const KIND = /^[a-z][a-z_]{0,31}$/;

export type StreamRefusal = 'too_many_streams' | 'node_full';

interface Stream {
  playerId: bigint | null;
  ip: string;
  /** The last event id handed to the client (`id:` on every event, so the browser resumes from it). */
  cursor: bigint;
  /** Live messages held back while the stream catches up; null once it is live. */
  pending: Array<Exclude<BusMessage, { t: 'i' }>> | null;
  response: ServerResponse;
  closed: boolean;
}

/** One server-sent event. JSON never holds a raw line break, so `data:` is one line. */
export function formatEvent(id: bigint, event: string, data: unknown): string {
  return `id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** A Last-Event-ID as sent, or null when it is not a plausible event id at all. */
export function parseLastEventId(value: unknown): bigint | null {
  if (typeof value !== 'string' || !/^[0-9]{1,19}$/.test(value)) return null;
  const id = BigInt(value);
  return id <= 9_223_372_036_854_775_807n ? id : null;
}

export interface PushDeps {
  /** The player's balances now (account.getBalance's answer). */
  balances: (playerId: bigint) => Promise<BalancesOutput>;
  /** Current jackpot amounts for the tickers. */
  jackpotAmounts: () => Promise<{ id: number; amount: string; currency: string }[]>;
}

/** The pool under the app's Drizzle client: the bus opens its LISTEN connection with its settings. */
function poolOf(db: Deps['db']): pg.Pool {
  const client = (db as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) throw new Error('push: the database client is not a pg pool');
  return client;
}

export function createPushService(deps: Deps, pushDeps: PushDeps, options: { redisChannel?: string } = {}) {
  const repository = createPushRepository(deps.db);
  const bus: PushBus = createPushBus({
    pool: poolOf(deps.db),
    redisUrl: deps.config.REDIS_URL,
    log: deps.log,
    ...(options.redisChannel ? { redisChannel: options.redisChannel } : {}),
  });
  const byPlayer = new Map<string, Set<Stream>>();
  const guests = new Set<Stream>();
  const guestsByIp = new Map<string, number>();
  let total = 0;
  let started = false;
  let heartbeat: NodeJS.Timeout | null = null;
  let lastJackpots: string | null = null;
  /** Balance reads in flight per player; `again` when another signal came meanwhile. */
  const balanceReads = new Map<string, { again: boolean }>();
  /** The last balances sent to each player with streams here, which the ledger's signals update. */
  const balanceCache = new Map<string, BalancesOutput>();
  const invalidationListeners = new Map<InvalidationScope, Array<() => void>>();
  function dropCaches(scope: InvalidationScope): void {
    for (const drop of invalidationListeners.get(scope) ?? []) {
      try {
        drop();
      } catch (error) {
        deps.log.error({ err: error, scope }, 'push: a cache invalidation failed');
      }
    }
  }
  let delivered = 0;

  const allStreams = function* (): Generator<Stream> {
    for (const set of byPlayer.values()) yield* set;
    yield* guests;
  };

  function write(stream: Stream, chunk: string): void {
    if (stream.closed) return;
    if (stream.response.writableLength > MAX_BUFFERED_BYTES) {
      deps.log.warn({ playerId: stream.playerId?.toString() }, 'push stream not reading: closed');
      stream.response.end();
      return;
    }
    stream.response.write(chunk);
  }

  function send(stream: Stream, event: string, data: unknown, id?: bigint): void {
    if (id !== undefined && id > stream.cursor) stream.cursor = id;
    // Every event carries an id: the browser keeps the last one for its reconnection.
    write(stream, formatEvent(id ?? stream.cursor, event, data));
    delivered += 1;
  }

  function sendStored(stream: Stream, event: StoredEvent): void {
    send(stream, event.kind, event.payload, event.id);
  }

  async function sendBalance(playerId: bigint): Promise<void> {
    const key = playerId.toString();
    const inFlight = balanceReads.get(key);
    if (inFlight) {
      inFlight.again = true;
      return;
    }
    const read = { again: true };
    balanceReads.set(key, read);
    try {
      while (read.again) {
        read.again = false;
        const streams = byPlayer.get(key);
        if (!streams || streams.size === 0) return;
        const balances = await pushDeps.balances(playerId);
        if (byPlayer.has(key)) balanceCache.set(key, balances);
        for (const stream of byPlayer.get(key) ?? []) {
          if (stream.pending) stream.pending.push({ t: 'b', p: key });
          else send(stream, 'balance', balances);
        }
      }
    } catch (error) {
      deps.log.error({ err: error, playerId: key }, 'push: balance read failed');
    } finally {
      balanceReads.delete(key);
    }
  }

  /**
   * The balances after a ledger signal that carries the account's new balance, from the cached
   * ones; null when they must be read (nothing cached, a read in flight, another currency's account
   * or a kind the header does not know).
   */
  function balancesAfter(message: Extract<BusMessage, { t: 'b' }>): BalancesOutput | null {
    const cached = balanceCache.get(message.p);
    if (!cached || balanceReads.has(message.p) || message.v === undefined || message.c === undefined)
      return null;
    if (message.c !== cached.balance_main.currency) return null;
    const kind = PLAYER_BALANCE_KINDS.find((known: PlayerBalanceKind) => known === message.k);
    if (!kind) return null;
    const next: BalancesOutput = {
      ...cached,
      [`balance_${kind}`]: {
        amount: formatMinor(BigInt(message.v), currencyExponent(message.c)),
        currency: message.c,
      },
    };
    balanceCache.set(message.p, next);
    return next;
  }

  function onMessage(message: BusMessage): void {
    if (message.t === 'i') {
      dropCaches(message.s);
      return;
    }
    if (message.t === 'b') {
      const streams = byPlayer.get(message.p);
      if (!streams) return;
      if ([...streams].some((stream) => stream.pending)) {
        // A stream is catching up: its snapshot read decides.
        for (const stream of streams) if (stream.pending) stream.pending.push(message);
        void sendBalance(BigInt(message.p));
        return;
      }
      const next = balancesAfter(message);
      if (next === null) {
        void sendBalance(BigInt(message.p));
        return;
      }
      for (const stream of streams) send(stream, 'balance', next);
      return;
    }
    const event: StoredEvent = {
      id: BigInt(message.id),
      playerId: message.p === null ? null : BigInt(message.p),
      kind: message.k,
      payload: message.d,
    };
    const audience = message.p === null ? allStreams() : (byPlayer.get(message.p) ?? []);
    for (const stream of audience) {
      if (stream.pending) stream.pending.push(message);
      else sendStored(stream, event);
    }
  }

  /**
   * Brings a stream up to date from `resumeFrom` (its Last-Event-ID, or its cursor after the bus
   * reconnected): replay or `resync`, then the balance, then what arrived meanwhile.
   */
  async function catchUp(stream: Stream, resumeFrom: bigint | null): Promise<void> {
    stream.pending = stream.pending ?? [];
    const { oldest, last } = await repository.bounds();
    const replayed = new Set<bigint>();
    if (resumeFrom === null || resumeFrom > last) {
      // A fresh stream, or an id this database never handed out (another database, a forged one):
      // the stream starts from now.
      stream.cursor = last;
    } else if (resumeFrom < last) {
      const gap = oldest === null || resumeFrom < oldest - 1n;
      const missed = gap ? [] : await repository.after(stream.playerId, resumeFrom, MAX_REPLAY + 1);
      if (gap || missed.length > MAX_REPLAY) {
        // Too old to replay exactly: the page reloads what it shows.
        send(stream, 'resync', {}, last);
      } else {
        stream.cursor = resumeFrom;
        for (const event of missed) {
          replayed.add(event.id);
          sendStored(stream, event);
        }
      }
    } else {
      stream.cursor = resumeFrom;
    }
    const startCursor = stream.cursor;
    if (stream.playerId !== null) {
      const balances = await pushDeps.balances(stream.playerId);
      const key = stream.playerId.toString();
      if (byPlayer.has(key)) balanceCache.set(key, balances);
      send(stream, 'balance', balances);
    }
    if (lastJackpots !== null) send(stream, 'jackpots', JSON.parse(lastJackpots));
    // Live again: what arrived meanwhile, except what the replay or the snapshot already covered.
    const held = stream.pending;
    stream.pending = null;
    let balanceAgain = false;
    for (const message of held) {
      if (message.t === 'b') {
        balanceAgain = true;
        continue;
      }
      const id = BigInt(message.id);
      if (replayed.has(id) || (resumeFrom === null && id <= startCursor)) continue;
      onMessage(message);
    }
    if (balanceAgain && stream.playerId !== null) void sendBalance(stream.playerId);
  }

  function detach(stream: Stream): void {
    if (stream.closed) return;
    stream.closed = true;
    total -= 1;
    if (stream.playerId === null) {
      guests.delete(stream);
      const left = (guestsByIp.get(stream.ip) ?? 1) - 1;
      if (left <= 0) guestsByIp.delete(stream.ip);
      else guestsByIp.set(stream.ip, left);
    } else {
      const key = stream.playerId.toString();
      const set = byPlayer.get(key);
      set?.delete(stream);
      if (set && set.size === 0) {
        byPlayer.delete(key);
        balanceCache.delete(key);
      }
    }
  }

  const pruneLoop: BackgroundLoop = createBackgroundLoop({
    name: 'push-prune',
    pollMs: PRUNE_EVERY_MS,
    log: deps.log,
    pass: () => repository.pruneBefore(new Date(deps.now().getTime() - RESUME_WINDOW_MS)),
  });

  const relayLoop: BackgroundLoop = createBackgroundLoop({
    name: 'push-relay',
    pollMs: RELAY_POLL_MS,
    log: deps.log,
    pass: async () => {
      // Bounded: after RELAY_MAX_BATCHES the next pass comes RELAY_POLL_MS later; nothing spins.
      for (let batch = 0; batch < RELAY_MAX_BATCHES; batch += 1) {
        const { taken } = await repository.relay(RELAY_BATCH);
        // Nothing (or another node's relay holds the lock): back to the idle pace.
        if (taken === 0) return;
        if (taken < RELAY_BATCH) await new Promise((resolve) => setTimeout(resolve, RELAY_BUSY_POLL_MS));
      }
    },
  });

  const jackpotLoop: BackgroundLoop = createBackgroundLoop({
    name: 'push-jackpots',
    pollMs: JACKPOT_TICK_MS,
    log: deps.log,
    pass: async () => {
      if (total === 0) return;
      const amounts = await pushDeps.jackpotAmounts();
      const text = JSON.stringify(amounts);
      if (text === lastJackpots) return;
      lastJackpots = text;
      for (const stream of allStreams()) if (!stream.pending) send(stream, 'jackpots', amounts);
    },
  });

  async function store(
    playerId: bigint | null,
    kind: PushEventKind | string,
    payload: Record<string, unknown>,
    tx: PushExecutor | undefined,
  ): Promise<bigint> {
    if (!KIND.test(kind)) throw new Error(`push: bad event kind ${kind}`);
    if (Buffer.byteLength(JSON.stringify(payload)) > MAX_MESSAGE_BYTES - 200) {
      throw new Error(`push: ${kind} payload too large`);
    }
    if (tx) return repository.insertAndNotify(tx, { playerId, kind, payload });
    const id = await repository.insert({ playerId, kind, payload });
    await bus.publish({ t: 'e', id: id.toString(), p: playerId?.toString() ?? null, k: kind, d: payload });
    return id;
  }

  return {
    bus: bus.kind,

    async start(): Promise<void> {
      if (started) return;
      started = true;
      await bus.start({
        onMessage,
        // Messages may have been lost while the connection was down: every stream catches up.
        onReconnect: () => {
          // Invalidations may have been missed too: every scope's caches start again.
          for (const scope of INVALIDATION_SCOPES) dropCaches(scope);
          for (const stream of allStreams()) {
            if (stream.pending) continue;
            catchUp(stream, stream.cursor).catch((error: unknown) =>
              deps.log.error({ err: error }, 'push: catch-up after reconnect failed'),
            );
          }
        },
      });
      heartbeat = setInterval(() => {
        for (const stream of allStreams()) write(stream, ': hb\n\n');
      }, HEARTBEAT_MS);
      heartbeat.unref();
      pruneLoop.start();
      relayLoop.start();
      jackpotLoop.start();
    },

    /** Ends every stream (the browsers reconnect to another node) and stops listening. */
    async stop(): Promise<void> {
      if (!started) return;
      started = false;
      if (heartbeat) clearInterval(heartbeat);
      for (const stream of [...allStreams()]) {
        detach(stream);
        stream.response.end();
      }
      await pruneLoop.stop();
      await relayLoop.stop();
      await jackpotLoop.stop();
      await bus.close();
    },

    /**
     * Every node (this one included) drops what it caches for `scope`: call it after the write
     * committed. This node's caches are dropped before the message goes out, so the writer's next
     * read is fresh even if the bus is down; the others rely on the bus (and their caches' TTL).
     */
    async invalidate(scope: InvalidationScope): Promise<void> {
      dropCaches(scope);
      await bus.publish({ t: 'i', s: scope });
    },

    /** Runs `drop` whenever `scope` is invalidated on any node (or the bus reconnected). */
    onInvalidate(scope: InvalidationScope, drop: () => void): void {
      const list = invalidationListeners.get(scope) ?? [];
      list.push(drop);
      invalidationListeners.set(scope, list);
    },

    /** A generic event to one player's streams (tournament ranks, bonuses, notices …). */
    publish(
      playerId: bigint,
      kind: PushEventKind | string,
      payload: Record<string, unknown>,
      opts: { tx?: PushExecutor } = {},
    ): Promise<bigint> {
      return store(playerId, kind, payload, opts.tx);
    },

    /** An event for every stream, guests included (big wins, jackpot drops). */
    publishPublic(
      kind: PushEventKind | string,
      payload: Record<string, unknown>,
      opts: { tx?: PushExecutor } = {},
    ): Promise<bigint> {
      return store(null, kind, payload, opts.tx);
    },

    /** Whether one more stream for this player (or guest address) may open here. */
    admit(who: { playerId: bigint | null; ip: string }): StreamRefusal | null {
      if (!started || total >= MAX_STREAMS_PER_NODE) return 'node_full';
      if (who.playerId === null) {
        return (guestsByIp.get(who.ip) ?? 0) >= MAX_PUBLIC_STREAMS_PER_IP ? 'too_many_streams' : null;
      }
      return (byPlayer.get(who.playerId.toString())?.size ?? 0) >= MAX_STREAMS_PER_PLAYER
        ? 'too_many_streams'
        : null;
    },

    /**
     * Holds an admitted stream on `response` (headers already written) until the client goes away;
     * `lastEventId` as the browser sent it.
     */
    async attach(input: {
      playerId: bigint | null;
      ip: string;
      lastEventId: string | undefined;
      response: ServerResponse;
    }): Promise<void> {
      const stream: Stream = {
        playerId: input.playerId,
        ip: input.ip,
        cursor: 0n,
        pending: [],
        response: input.response,
        closed: false,
      };
      total += 1;
      if (input.playerId === null) {
        guests.add(stream);
        guestsByIp.set(input.ip, (guestsByIp.get(input.ip) ?? 0) + 1);
      } else {
        const key = input.playerId.toString();
        const set = byPlayer.get(key) ?? new Set<Stream>();
        set.add(stream);
        byPlayer.set(key, set);
      }
      input.response.on('close', () => detach(stream));
      write(stream, `retry: ${RETRY_MS}\n\n`);
      try {
        await catchUp(stream, parseLastEventId(input.lastEventId));
      } catch (error) {
        deps.log.error({ err: error }, 'push: stream could not start');
        detach(stream);
        input.response.end();
      }
    },

    /** Streams held on this node and events written since boot (health, benchmarks). */
    stats(): { streams: number; players: number; guests: number; delivered: number } {
      return { streams: total, players: byPlayer.size, guests: guests.size, delivered };
    },
  };
}

export type PushService = ReturnType<typeof createPushService>;
