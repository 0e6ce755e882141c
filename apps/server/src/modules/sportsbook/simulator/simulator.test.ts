import { describe, expect, it } from 'vitest';
import { createSimulatorAdapter, TIMETABLE } from './simulator.ts';

describe('the simulator timetable', () => {
  it('moves every kick-off by the shift and keeps the same fixtures', () => {
    const hour = 60 * 60_000;
    const from = Date.UTC(2026, 10, 27, 12);
    const plain = createSimulatorAdapter({ seed: 's' });
    const shifted = createSimulatorAdapter({ seed: 's', kickoffShiftMs: 7 * 60_000 });
    const before = plain.fixtures('football', from, from + hour);
    const after = shifted.fixtures('football', from + 7 * 60_000, from + hour + 7 * 60_000);
    expect(before.length).toBe(hour / TIMETABLE.football.everyMs + 1);
    expect(after.map((fixture) => fixture.eventId)).toEqual(before.map((fixture) => fixture.eventId));
    expect(after.map((fixture) => fixture.startTs)).toEqual(
      before.map((fixture) => fixture.startTs + 7 * 60_000),
    );
    // The match itself is the same, only later.
    const [first] = before;
    const [moved] = after;
    if (!first || !moved) throw new Error('no fixture');
    expect(shifted.script(moved).map((message) => message.ts - 7 * 60_000)).toEqual(
      plain.script(first).map((message) => message.ts),
    );
  });

  it('puts a kick-off where a shift computed from the clock says', () => {
    const { everyMs, offsetMs } = TIMETABLE.football;
    const kickoff = Date.UTC(2026, 10, 27, 16, 58, 13);
    const shift = (((kickoff - offsetMs) % everyMs) + everyMs) % everyMs;
    const adapter = createSimulatorAdapter({ seed: 's', kickoffShiftMs: shift });
    expect(adapter.fixtures('football', kickoff - 1000, kickoff + 1000).map((f) => f.startTs)).toEqual([
      kickoff,
    ]);
  });
});
