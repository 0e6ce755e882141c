import { describe, expect, test } from 'vitest';
import { checkIframeMessage, checkIframeTarget } from './check-iframe.ts';

const ORIGIN = 'https://casino.test';

describe('checkIframeMessage (the framed page)', () => {
  test('its path without the embedded flag', () => {
    expect(checkIframeMessage({ pathname: '/slot-error', search: '?embedded=1' })).toEqual({
      type: 'checkIframe',
      url: '/slot-error',
    });
    expect(checkIframeMessage({ pathname: '/fr/slot-error', search: '?embedded=1&reason=x' })).toEqual({
      type: 'checkIframe',
      url: '/fr/slot-error?reason=x',
    });
  });
});

describe('checkIframeTarget (the parent, spec §4)', () => {
  test('a same-origin checkIframe message with a site path is obeyed', () => {
    expect(
      checkIframeTarget({ origin: ORIGIN, data: { type: 'checkIframe', url: '/fr/slot-error' } }, ORIGIN),
    ).toBe('/fr/slot-error');
    // An absolute URL on the site itself becomes its path.
    expect(
      checkIframeTarget(
        { origin: ORIGIN, data: { type: 'checkIframe', url: `${ORIGIN}/slot-error` } },
        ORIGIN,
      ),
    ).toBe('/slot-error');
  });

  test('anything else is ignored', () => {
    const ignored = [
      { origin: 'https://evil.test', data: { type: 'checkIframe', url: '/slot-error' } },
      { origin: ORIGIN, data: { type: 'other', url: '/slot-error' } },
      { origin: ORIGIN, data: { type: 'checkIframe' } },
      { origin: ORIGIN, data: 'checkIframe' },
      { origin: ORIGIN, data: null },
      { origin: ORIGIN, data: { type: 'checkIframe', url: 'https://evil.test/x' } },
      { origin: ORIGIN, data: { type: 'checkIframe', url: '//evil.test/x' } },
      { origin: ORIGIN, data: { type: 'checkIframe', url: 'javascript:alert(1)' } },
      { origin: ORIGIN, data: { type: 'checkIframe', url: `/${'x'.repeat(3000)}` } },
    ];
    for (const event of ignored) expect(checkIframeTarget(event, ORIGIN)).toBeNull();
  });
});
