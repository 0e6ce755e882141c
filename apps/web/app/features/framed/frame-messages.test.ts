import { describe, expect, test } from 'vitest';
import { isFramedWindow } from '../../lib/browser-api.ts';
import { framedPathMessage, frameMessageTarget, parentIsSameOrigin } from './frame-messages.ts';

const OWN = 'https://casino.test';
const GAMES = 'https://games.partner.test';
const message = (origin: string, data: unknown) => ({ origin, data });

describe('frameMessageTarget (checkIframe, spec §4)', () => {
  test('obeys the site origin and the configured origins, with a site path', () => {
    expect(frameMessageTarget(message(OWN, { type: 'checkIframe', url: '/fr/cashier' }), OWN, [])).toBe(
      '/fr/cashier',
    );
    expect(
      frameMessageTarget(message(GAMES, { type: 'checkIframe', url: '/slot-error?x=1' }), OWN, [GAMES]),
    ).toBe('/slot-error?x=1');
  });

  test('ignores foreign origins and anything that is not a checkIframe message to a site path', () => {
    const ignored = [
      message(GAMES, { type: 'checkIframe', url: '/x' }),
      message('https://casino.test.evil.test', { type: 'checkIframe', url: '/x' }),
      message('null', { type: 'checkIframe', url: '/x' }),
      message(OWN, { type: 'somethingElse', url: '/x' }),
      message(OWN, { type: 'checkIframe', url: 'https://evil.test/' }),
      message(OWN, { type: 'checkIframe', url: '//evil.test/' }),
      message(OWN, { type: 'checkIframe', url: 'javascript:alert(1)' }),
      message(OWN, { type: 'checkIframe', url: 42 }),
      message(OWN, 'checkIframe'),
    ];
    for (const event of ignored) expect(frameMessageTarget(event, OWN, []), JSON.stringify(event)).toBeNull();
    // A configured origin may move the page only within the site, never off it.
    expect(
      frameMessageTarget(message(GAMES, { type: 'checkIframe', url: `${GAMES}/x` }), OWN, [GAMES]),
    ).toBeNull();
  });
});

describe('the framed page', () => {
  test('posts its path only to a parent of the same origin', () => {
    const top = { location: { origin: OWN } } as { parent?: unknown; location: { origin: string } };
    top.parent = top;
    expect(parentIsSameOrigin({ parent: top, location: { origin: OWN } })).toBe(true);
    expect(parentIsSameOrigin({ parent: { location: { origin: GAMES } }, location: { origin: OWN } })).toBe(
      false,
    );
    const crossOrigin = {
      get location(): { origin: string } {
        throw new DOMException('Blocked a frame', 'SecurityError');
      },
    };
    expect(parentIsSameOrigin({ parent: crossOrigin, location: { origin: OWN } })).toBe(false);
    // Not framed: its own parent.
    const alone = { location: { origin: OWN } } as { parent: unknown; location: { origin: string } };
    alone.parent = alone;
    expect(parentIsSameOrigin(alone)).toBe(false);
  });

  test('its message is its path and query; the slot error page posts its own', () => {
    expect(framedPathMessage({ pathname: '/fr/cashier/paysuccess/3', search: '?a=1' })).toEqual({
      type: 'checkIframe',
      url: '/fr/cashier/paysuccess/3?a=1',
    });
    expect(framedPathMessage({ pathname: '/slot-error', search: '?embedded=1' })).toBeNull();
  });

  test('API calls know they are framed (_non_strict)', () => {
    const alone = {} as { parent: unknown };
    alone.parent = alone;
    expect(isFramedWindow(alone)).toBe(false);
    expect(isFramedWindow({ parent: {} })).toBe(true);
    expect(isFramedWindow(undefined)).toBe(false);
  });
});
