import { describe, expect, it } from 'vitest';
import { formatEvent, parseLastEventId } from './push.service.ts';
import { parseBusMessage, redisChannelFor } from './push-bus.ts';

describe('push wire formats', () => {
  it('writes one server-sent event with its id, kind and one data line', () => {
    expect(formatEvent(42n, 'notice', { kind: 'a\nb' })).toBe(
      'id: 42\nevent: notice\ndata: {"kind":"a\\nb"}\n\n',
    );
  });

  it('accepts a Last-Event-ID only as a plain bigint id', () => {
    expect(parseLastEventId('17')).toBe(17n);
    expect(parseLastEventId('9223372036854775807')).toBe(9_223_372_036_854_775_807n);
    for (const absurd of ['9223372036854775808', '-1', '1e3', ' 1', '', 'abc', '1'.repeat(40), undefined]) {
      expect(parseLastEventId(absurd)).toBeNull();
    }
  });

  it('reads only well-formed bus messages', () => {
    expect(parseBusMessage('{"t":"b","p":"7"}')).toEqual({ t: 'b', p: '7' });
    expect(parseBusMessage('{"t":"b","p":"7","k":"bonus","c":"EUR","v":"-15"}')).toEqual({
      t: 'b',
      p: '7',
      k: 'bonus',
      c: 'EUR',
      v: '-15',
    });
    // A balance signal with unreadable values still names the player: the node reads the balances.
    expect(parseBusMessage('{"t":"b","p":"7","k":"bonus","c":"eur","v":"1.5"}')).toEqual({ t: 'b', p: '7' });
    expect(parseBusMessage('{"t":"e","id":"3","p":null,"k":"big_win","d":{"a":1}}')).toEqual({
      t: 'e',
      id: '3',
      p: null,
      k: 'big_win',
      d: { a: 1 },
    });
    for (const bad of [
      'nope',
      '{"t":"b","p":7}',
      '{"t":"e","id":"x","p":null,"k":"a","d":{}}',
      'null',
      '[]',
    ]) {
      expect(parseBusMessage(bad)).toBeNull();
    }
  });

  it('gives each database its own Redis channel', () => {
    expect(redisChannelFor({ connectionString: 'postgres://u:p@h:5432/casino' })).toBe(
      'croupier_push:casino',
    );
    expect(redisChannelFor({ database: 'other' })).toBe('croupier_push:other');
  });
});
