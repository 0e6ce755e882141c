/**
 * Replay mode (ADR 030): re-runs a recorded match (a script of timed messages) at N× speed from a
 * given start, times and ids rewritten, for tests: the same script replayed gives the same messages
 * and the same settlements. A recovery is answered at once (the replay holds its whole history).
 */
import type { FeedAdapter, FeedSink, RecoveryRequest } from '../feed/adapter.ts';
import { KNOWN_PRODUCERS } from '../feed/messages.ts';
import type { TimedMessage } from './script.ts';

export interface ReplayOptions {
  /** Real time of the script's first message. */
  startAt: number;
  /** N× speed: a minute of script is 60/N seconds of replay. */
  speed: number;
  /** Appended to every event id (replay one match twice side by side). */
  eventIdSuffix?: string;
}

/** The script's messages as the replay sends them: times mapped, strictly increasing; ids suffixed. */
export function replayMessages(script: readonly TimedMessage[], options: ReplayOptions): TimedMessage[] {
  const first = script[0]?.ts ?? 0;
  const map = (ts: number) => options.startAt + Math.floor((ts - first) / options.speed);
  let last = Number.NEGATIVE_INFINITY;
  return script.map(({ ts, message }) => {
    const at = Math.max(map(ts), last + 1);
    last = at;
    const copy: TimedMessage['message'] = structuredClone(message);
    copy.timestamp = at;
    if (typeof copy.eventId === 'string' && options.eventIdSuffix)
      copy.eventId = `${copy.eventId}${options.eventIdSuffix}`;
    const fixture = copy.fixture as { startTime?: number } | undefined;
    if (fixture?.startTime !== undefined) fixture.startTime = map(fixture.startTime);
    return { ts: at, message: copy };
  });
}

export function createReplayAdapter(
  script: readonly TimedMessage[],
  options: ReplayOptions,
): FeedAdapter & { readonly done: boolean } {
  const messages = replayMessages(script, options);
  let next = 0;
  const recoveries: RecoveryRequest[] = [];
  return {
    name: 'replay',
    producers: KNOWN_PRODUCERS,
    get done() {
      return next >= messages.length;
    },
    async requestRecovery(request) {
      recoveries.push(request);
    },
    async poll(now: number, sink: FeedSink) {
      for (const request of recoveries.splice(0))
        await sink({
          kind: 'snapshot_complete',
          product: request.product,
          timestamp: now,
          requestId: request.requestId,
        });
      while (next < messages.length && messages[next]!.ts <= now) {
        await sink(messages[next]!.message);
        next += 1;
      }
    },
  };
}
