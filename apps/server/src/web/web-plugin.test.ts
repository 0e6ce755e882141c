import { describe, expect, test } from 'vitest';
import { checkedLocation } from './web-plugin.ts';

function redirect(location: string): Response {
  return new Response(null, { status: 302, headers: { location } });
}

describe('checkedLocation (the last look at every page redirect)', () => {
  test('same-origin paths and absolute http(s) URLs pass, normalised', () => {
    expect(checkedLocation(redirect('/fr/about?x=1')).headers.get('location')).toBe('/fr/about?x=1');
    expect(checkedLocation(redirect('https://example.org/partners')).headers.get('location')).toBe(
      'https://example.org/partners',
    );
    expect(checkedLocation(redirect('/a//b')).headers.get('location')).toBe('/a/b');
  });

  test('protocol-relative and other foreign targets become a 404', () => {
    for (const location of ['//evil.com/x', '/\\evil.com', 'javascript:alert(1)', 'evil.com']) {
      const response = checkedLocation(redirect(location));
      expect(response.status, location).toBe(404);
      expect(response.headers.get('location'), location).toBeNull();
    }
  });

  test('a response without Location is untouched', () => {
    const page = new Response('x', { status: 200 });
    expect(checkedLocation(page)).toBe(page);
  });
});
