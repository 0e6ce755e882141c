import { describe, expect, it } from 'vitest';
import { cleanReferer, hitQuery, parseTrackingParams } from './params.ts';

const parse = (search: string) => parseTrackingParams(new URLSearchParams(search));

describe('parseTrackingParams', () => {
  it('reads the five id parameters and leaves everything else', () => {
    expect(
      parse('track_id=t-1&publisher_id=p_2&goal_id=g.3&goal_entry_id=e~4&link_id=l:5&show_popup_reg=1&utm=x'),
    ).toEqual({
      kind: 'params',
      params: { track_id: 't-1', publisher_id: 'p_2', goal_id: 'g.3', goal_entry_id: 'e~4', link_id: 'l:5' },
    });
  });

  it('rewrites a td_ track_id into the td parameter', () => {
    expect(parse('track_id=td_net42&link_id=7')).toEqual({
      kind: 'params',
      params: { td: 'net42', link_id: '7' },
    });
    expect(parse('track_id=tdx_1')).toEqual({ kind: 'params', params: { track_id: 'tdx_1' } });
  });

  it('has nothing without any of them', () => {
    expect(parse('show_popup_reg=1&promo_code=X')).toEqual({ kind: 'none' });
  });

  it('refuses the whole set on one bad value', () => {
    expect(parse('track_id=ok&publisher_id=<b>')).toEqual({ kind: 'invalid', param: 'publisher_id' });
    expect(parse(`track_id=${'a'.repeat(65)}`)).toEqual({ kind: 'invalid', param: 'track_id' });
    expect(parse(`track_id=${'a'.repeat(64)}`).kind).toBe('params');
    expect(parse('track_id=a&track_id=b')).toEqual({ kind: 'invalid', param: 'track_id' });
    expect(parse('track_id=td_')).toEqual({ kind: 'invalid', param: 'track_id' });
    expect(parse('link_id=')).toEqual({ kind: 'invalid', param: 'link_id' });
    expect(parse('goal_id=a%20b')).toEqual({ kind: 'invalid', param: 'goal_id' });
  });
});

describe('cleanReferer', () => {
  it('keeps absolute http(s) addresses within bounds only', () => {
    expect(cleanReferer('https://aff.example/a?b=1')).toBe('https://aff.example/a?b=1');
    expect(cleanReferer('javascript:alert(1)')).toBeNull();
    expect(cleanReferer('/relative')).toBeNull();
    expect(cleanReferer('https://u:p@aff.example/')).toBeNull();
    expect(cleanReferer(`https://aff.example/${'a'.repeat(600)}`)).toBeNull();
    expect(cleanReferer(undefined)).toBeNull();
  });
});

describe('hitQuery', () => {
  it('sends the distributor back as its td_ track_id, so the server rewrites it once', () => {
    const query = hitQuery({
      params: { td: 'net42', publisher_id: 'p' },
      referer: 'https://aff.example/',
      fraudSession: 'sbx_0123456789',
    });
    expect(query.toString()).toBe(
      'track_id=td_net42&publisher_id=p&referer=https%3A%2F%2Faff.example%2F&session=sbx_0123456789',
    );
    expect(parseTrackingParams(query)).toEqual({
      kind: 'params',
      params: { td: 'net42', publisher_id: 'p' },
    });
  });
});
