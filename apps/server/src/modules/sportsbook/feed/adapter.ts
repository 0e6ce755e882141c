/**
 * The feed adapter: where the sportsbook's odds come from (ADR 030). The simulator (../simulator)
 * is the default; a replay of a recorded match serves tests; a real odds feed (a UOF AMQP consumer)
 * is another implementation. An adapter hands the consumer raw messages (the consumer parses them:
 * an adapter is not trusted), and answers a recovery request by resending the current state of its
 * events followed by `snapshot_complete` with the request's id.
 *
 * Pull and push both fit: the consumer's pass calls `poll(now, sink)`; a pull adapter (simulator,
 * replay) computes what is due up to `now`, a push adapter delivers what it buffered since the
 * last poll.
 */

export type FeedSink = (raw: unknown) => Promise<void>;

export interface RecoveryRequest {
  product: number;
  /** The last message time the consumer holds for this producer (null: everything). */
  after: number | null;
  requestId: number;
}

export interface FeedAdapter {
  /** Named in logs. */
  readonly name: string;
  /** The producers this adapter speaks for (UOF product ids). */
  readonly producers: readonly number[];
  /** Delivers the messages due up to `now` (epoch ms), in order, one at a time. */
  poll(now: number, sink: FeedSink): Promise<void>;
  /** Schedules a snapshot: the current state of every event, then snapshot_complete(requestId). */
  requestRecovery(request: RecoveryRequest): Promise<void>;
}

/** UOF producers send `alive` every 10 s; a producer silent for longer than this is down. */
export const ALIVE_INTERVAL_MS = 10_000;
export const RECOVERY_GAP_MS = 20_000;

/** Per producer, what the consumer keeps (table sb_producers). */
export interface ProducerState {
  product: number;
  /** Feed time of the last message applied from this producer (null: none yet). */
  lastMessageAt: number | null;
  /** Local time the last message (any kind) came in. */
  lastReceivedAt: number | null;
  /** The open recovery's id, null when none is in progress. */
  recoveryRequestId: number | null;
  /** Local time the open recovery was asked for. */
  recoveryRequestedAt: number | null;
}

/** A recovery not completed in this time is asked for again with a new id. */
export const RECOVERY_TIMEOUT_MS = 60_000;

/**
 * Whether this producer needs a (new) recovery at `now`: never heard of, silent longer than the gap,
 * or a recovery asked for long ago that never completed.
 */
export function needsRecovery(state: ProducerState, now: number): boolean {
  if (state.recoveryRequestId !== null)
    return state.recoveryRequestedAt === null || now - state.recoveryRequestedAt > RECOVERY_TIMEOUT_MS;
  return state.lastReceivedAt === null || now - state.lastReceivedAt > RECOVERY_GAP_MS;
}
