/**
 * How push messages reach every node (ADR 037): PostgreSQL LISTEN/NOTIFY by default, Redis pub/sub
 * when REDIS_URL is set, behind this one interface. Every node hears every message and writes it to
 * the streams it holds.
 *
 * PostgreSQL is listened to in both modes: the ledger's balance signal (a trigger on player
 * accounts, migration 0031) and events published inside a caller's transaction are queued in
 * `push_outbox` by that transaction and NOTIFYed by the relay once it has committed (ADR 044;
 * a rolled-back transaction leaves no row). With Redis, what is published after a commit
 * (`publish`) goes through Redis instead, keeping that traffic off PostgreSQL's notify queue.
 */
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import pg from 'pg';

/** The channel name in both PostgreSQL and Redis. */
export const PUSH_CHANNEL = 'croupier_push';
/** NOTIFY payloads must stay under 8000 bytes; events are kept well below. */
export const MAX_MESSAGE_BYTES = 7000;
const RECONNECT_MAX_MS = 10_000;

export type BusMessage =
  /**
   * A player's balance changed (the ledger trigger, relayed after its commit): the account's kind,
   * currency and new balance in minor units; without them the receiver reads the balances.
   */
  | { t: 'b'; p: string; k?: string; c?: string; v?: string }
  /** A stored event (`push_events.id`), for a player or, `p` null, for everyone. */
  | { t: 'e'; id: string; p: string | null; k: string; d: Record<string, unknown> }
  /**
   * What a scope's caches hold changed (content written by an operator…): every node drops its
   * copies (ADR 043). Not for players' streams.
   */
  | { t: 'i'; s: InvalidationScope };

/** What can be invalidated across the nodes. */
export const INVALIDATION_SCOPES = ['content'] as const;
export type InvalidationScope = (typeof INVALIDATION_SCOPES)[number];

export interface PushBus {
  readonly kind: 'postgres' | 'redis';
  /** Sends a message to every node, this one included. */
  publish(message: BusMessage): Promise<void>;
  /**
   * Starts listening; `onMessage` gets each message, `onReconnect` runs after a lost connection came
   * back (messages may have been missed meanwhile: the caller catches its streams up).
   */
  start(handlers: { onMessage: (message: BusMessage) => void; onReconnect: () => void }): Promise<void>;
  close(): Promise<void>;
}

/** A message as the wire carries it, or null for anything else (never trusted blindly). */
export function parseBusMessage(text: string): BusMessage | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const message = value as Record<string, unknown>;
  const id = (v: unknown): v is string => typeof v === 'string' && /^[0-9]{1,19}$/.test(v);
  if (message.t === 'b' && id(message.p)) {
    const { k, c, v } = message;
    if (
      typeof k === 'string' &&
      /^[a-z_]{1,20}$/.test(k) &&
      typeof c === 'string' &&
      /^[A-Z]{3}$/.test(c) &&
      typeof v === 'string' &&
      /^-?[0-9]{1,19}$/.test(v)
    ) {
      return { t: 'b', p: message.p, k, c, v };
    }
    return { t: 'b', p: message.p };
  }
  if (
    message.t === 'e' &&
    id(message.id) &&
    (message.p === null || id(message.p)) &&
    typeof message.k === 'string' &&
    typeof message.d === 'object' &&
    message.d !== null
  ) {
    return { t: 'e', id: message.id, p: message.p, k: message.k, d: message.d as Record<string, unknown> };
  }
  if (message.t === 'i' && INVALIDATION_SCOPES.some((scope) => scope === message.s)) {
    return { t: 'i', s: message.s as InvalidationScope };
  }
  return null;
}

/**
 * One dedicated PostgreSQL connection LISTENing on the channel, reconnecting with backoff when it is
 * lost (a pooled connection cannot be used: LISTEN belongs to its session).
 */
function pgListener(options: {
  connection: pg.ClientConfig;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  onText: (text: string) => void;
  onReconnect: () => void;
}) {
  let client: pg.Client | null = null;
  let closed = false;
  let failures = 0;
  let timer: NodeJS.Timeout | null = null;

  const connect = async (reconnecting: boolean): Promise<void> => {
    const next = new pg.Client(options.connection);
    next.on('notification', (notification) => {
      if (notification.channel === PUSH_CHANNEL && notification.payload) options.onText(notification.payload);
    });
    next.on('error', (error) => {
      options.log.warn({ err: error }, 'push listener connection lost');
      retry(next);
    });
    next.on('end', () => retry(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${PUSH_CHANNEL}`);
    } catch (error) {
      await next.end().catch(() => {});
      throw error;
    }
    if (closed) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    failures = 0;
    if (reconnecting) options.onReconnect();
  };

  const retry = (lost: pg.Client) => {
    if (closed || client !== lost) return;
    client = null;
    lost.end().catch(() => {});
    schedule();
  };

  const schedule = () => {
    if (closed || timer) return;
    failures += 1;
    const delayMs = Math.min(RECONNECT_MAX_MS, 250 * 2 ** Math.min(failures - 1, 6));
    timer = setTimeout(() => {
      timer = null;
      connect(true).catch((error: unknown) => {
        options.log.warn({ err: error }, 'push listener could not reconnect');
        schedule();
      });
    }, delayMs);
    timer.unref();
  };

  return {
    start: () => connect(false),
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}

/**
 * The Redis channel: one per database, so that two deployments (or two test databases) sharing a
 * Redis server never hear each other's players.
 */
export function redisChannelFor(connection: pg.PoolConfig): string {
  let database = connection.database;
  if (!database && connection.connectionString) {
    try {
      database = decodeURIComponent(new URL(connection.connectionString).pathname.slice(1));
    } catch {
      database = undefined;
    }
  }
  return `${PUSH_CHANNEL}:${database || 'default'}`;
}

export function createPushBus(options: {
  pool: pg.Pool;
  redisUrl: string | undefined;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** Default: one channel per database (`redisChannelFor`). */
  redisChannel?: string;
}): PushBus {
  const { pool, log } = options;
  let listener: ReturnType<typeof pgListener> | null = null;
  let subscriber: Redis | null = null;
  let publisher: Redis | null = null;
  const redisChannel = options.redisChannel ?? redisChannelFor(pool.options);

  const deliver = (onMessage: (message: BusMessage) => void) => (text: string) => {
    const message = parseBusMessage(text);
    if (message) onMessage(message);
    else log.warn('push bus: unreadable message ignored');
  };

  return {
    kind: options.redisUrl ? 'redis' : 'postgres',

    async publish(message) {
      const text = JSON.stringify(message);
      if (Buffer.byteLength(text) > MAX_MESSAGE_BYTES) throw new Error('push message too large');
      if (publisher) await publisher.publish(redisChannel, text);
      else await pool.query('SELECT pg_notify($1, $2)', [PUSH_CHANNEL, text]);
    },

    async start({ onMessage, onReconnect }) {
      listener = pgListener({ connection: pool.options, log, onText: deliver(onMessage), onReconnect });
      await listener.start();
      if (options.redisUrl) {
        // ioredis reconnects by itself and re-subscribes; a gap is caught up like a PostgreSQL one.
        subscriber = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
        publisher = new Redis(options.redisUrl, { maxRetriesPerRequest: 2 });
        let ready = false;
        subscriber.on('ready', () => {
          if (ready) onReconnect();
          ready = true;
        });
        subscriber.on('error', (error) => log.warn({ err: error }, 'push redis connection error'));
        subscriber.on('message', (channel: string, text: string) => {
          if (channel === redisChannel) deliver(onMessage)(text);
        });
        await subscriber.subscribe(redisChannel);
      }
    },

    async close() {
      await listener?.close();
      await subscriber?.quit().catch(() => {});
      await publisher?.quit().catch(() => {});
      listener = null;
      subscriber = null;
      publisher = null;
    },
  };
}
