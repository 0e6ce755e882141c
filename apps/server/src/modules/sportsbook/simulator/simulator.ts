/**
 * The simulator feed (ADR 030), the default adapter with `npm start`: fixtures on a fixed timetable
 * per sport (a kick-off every 12 to 20 minutes, so that at the default 6× speed each sport has a match in play most of the time; published two days ahead), each playing out in
 * accelerated real time from its seeded script. The adapter keeps no state worth losing: what is
 * due between two polls is computed from the timetable and the scripts, and a recovery resends the
 * state of every current fixture (its messages so far, stale ones are skipped by the consumer).
 */
import { createHash } from 'node:crypto';
import { ALIVE_INTERVAL_MS, type FeedAdapter, type FeedSink, type RecoveryRequest } from '../feed/adapter.ts';
import { KNOWN_PRODUCERS, PRODUCERS, SPORT_KEYS, type SportKey } from '../feed/messages.ts';
import { seededRandom } from './random.ts';
import {
  CANCEL_BEFORE_MS,
  matchScript,
  prematchScript,
  type ScriptOptions,
  type SimFixture,
  type TimedMessage,
} from './script.ts';
import { SIM_LEAGUES } from './world.ts';

const MINUTE = 60_000;
export const TIMETABLE: Record<SportKey, { everyMs: number; offsetMs: number }> = {
  football: { everyMs: 15 * MINUTE, offsetMs: 0 },
  tennis: { everyMs: 20 * MINUTE, offsetMs: 2 * MINUTE },
  basketball: { everyMs: 12 * MINUTE, offsetMs: 1 * MINUTE },
};
/** No simulated match lasts longer than this in match time (tennis three sets at most ~3 h). */
const LONGEST_MATCH_SECONDS = 4 * 3600;
/** The messages publishing a fixture (its fixture change and pre-match odds) open every script. */
const PUBLICATION = 2;
/** A recovery resends fixtures ended up to this long before its `after` (or now). */
const RECOVERY_LOOKBACK_MS = 24 * 60 * MINUTE;

export interface SimulatorOptions extends Partial<ScriptOptions> {
  seed: string;
  /** Every kick-off of the timetable moves this much later (a demo or a test puts one just before now). */
  kickoffShiftMs?: number;
}

export const DEFAULT_SCRIPT_OPTIONS = { margin: 0.06, speed: 6, horizonMs: 48 * 60 * MINUTE };

export interface SimulatorAdapter extends FeedAdapter {
  readonly options: ScriptOptions;
  /** Fixtures of `sport` kicking off in [fromTs, toTs]. */
  fixtures(sport: SportKey, fromTs: number, toTs: number): SimFixture[];
  script(fixture: SimFixture): TimedMessage[];
}

export function createSimulatorAdapter(input: SimulatorOptions): SimulatorAdapter {
  const { kickoffShiftMs = 0, ...scriptInput } = input;
  const options: ScriptOptions = { ...DEFAULT_SCRIPT_OPTIONS, ...scriptInput };
  const tag = createHash('sha256').update(options.seed).digest('hex').slice(0, 6);
  const longestMs = (LONGEST_MATCH_SECONDS * 1000) / options.speed;
  const scripts = new Map<string, { script: TimedMessage[]; endTs: number }>();
  const recoveries: RecoveryRequest[] = [];
  let cursor: number | null = null;
  let lastAlive = 0;

  function fixtureAt(sport: SportKey, k: number): SimFixture {
    const leagues = SIM_LEAGUES.filter((league) => league.sport === sport);
    const league = leagues[((k % leagues.length) + leagues.length) % leagues.length]!;
    const rng = seededRandom(options.seed, sport, k, 'fixture');
    const i = rng.int(0, league.competitors.length - 1);
    const j = (i + rng.int(1, league.competitors.length - 1)) % league.competitors.length;
    const { everyMs, offsetMs } = TIMETABLE[sport];
    return {
      eventId: `sim:match:${tag}-${sport}-${k}`,
      sport,
      league,
      home: league.competitors[i]!,
      away: league.competitors[j]!,
      startTs: k * everyMs + offsetMs + kickoffShiftMs,
    };
  }

  function fixtures(sport: SportKey, fromTs: number, toTs: number): SimFixture[] {
    const { everyMs } = TIMETABLE[sport];
    const offsetMs = TIMETABLE[sport].offsetMs + kickoffShiftMs;
    const out: SimFixture[] = [];
    for (let k = Math.ceil((fromTs - offsetMs) / everyMs); k * everyMs + offsetMs <= toTs; k += 1)
      out.push(fixtureAt(sport, k));
    return out;
  }

  function script(fixture: SimFixture) {
    let entry = scripts.get(fixture.eventId);
    if (!entry) {
      const full = matchScript(fixture, options);
      entry = { script: full, endTs: full[full.length - 1]!.ts };
      scripts.set(fixture.eventId, entry);
    }
    return entry;
  }

  /** Messages of every fixture with a time in (from, to]. */
  function due(from: number, to: number): TimedMessage[] {
    const out: TimedMessage[] = [];
    for (const sport of SPORT_KEYS) {
      // Published in the window: the pre-match part only.
      for (const fixture of fixtures(sport, from + options.horizonMs, to + options.horizonMs))
        out.push(...prematchScript(fixture, options).filter((m) => m.ts > from && m.ts <= to));
      // Playing (or called off) in the window: the script after its publication.
      for (const fixture of fixtures(sport, from - longestMs, to + CANCEL_BEFORE_MS)) {
        const { script: full, endTs } = script(fixture);
        if (endTs <= from) continue;
        out.push(...full.slice(PUBLICATION).filter((m) => m.ts > from && m.ts <= to));
      }
    }
    return out.sort((a, b) => a.ts - b.ts);
  }

  function snapshot(request: RecoveryRequest, now: number): TimedMessage[] {
    const out: TimedMessage[] = [];
    for (const sport of SPORT_KEYS) {
      if (request.product === PRODUCERS.prematch) {
        for (const fixture of fixtures(sport, now + 1, now + options.horizonMs))
          out.push(...prematchScript(fixture, options));
      } else {
        const since = Math.max(request.after ?? now, now - RECOVERY_LOOKBACK_MS) - longestMs;
        for (const fixture of fixtures(sport, since, now + CANCEL_BEFORE_MS)) {
          const { script: full, endTs } = script(fixture);
          if (endTs < (request.after ?? now) - 10 * MINUTE) continue;
          out.push(...full.filter((m) => m.ts <= now));
        }
      }
    }
    out.push({
      ts: now,
      message: {
        kind: 'snapshot_complete',
        product: request.product,
        timestamp: now,
        requestId: request.requestId,
      },
    });
    return out;
  }

  return {
    name: 'simulator',
    producers: KNOWN_PRODUCERS,
    options,
    fixtures,
    script: (fixture) => script(fixture).script,

    async requestRecovery(request) {
      recoveries.push(request);
    },

    async poll(now: number, sink: FeedSink) {
      const requests = recoveries.splice(0);
      const out: TimedMessage[] = [];
      for (const request of requests) out.push(...snapshot(request, now));
      if (cursor !== null && now > cursor) out.push(...due(cursor, now));
      if (now - lastAlive >= ALIVE_INTERVAL_MS) {
        for (const product of KNOWN_PRODUCERS)
          out.push({ ts: now, message: { kind: 'alive', product, timestamp: now, subscribed: true } });
      }
      for (const [id, entry] of scripts) if (entry.endTs < now - 2 * 60 * MINUTE) scripts.delete(id);
      try {
        for (const { message } of out) await sink(message);
      } catch (error) {
        // Not delivered (the database failing mid-pass): the next poll sends it all again (what was
        // applied is then stale) and the snapshots asked for are still owed.
        recoveries.unshift(...requests);
        throw error;
      }
      if (cursor === null || now > cursor) cursor = now;
      if (now - lastAlive >= ALIVE_INTERVAL_MS) lastAlive = now;
    },
  };
}
