import { describe, expect, test } from 'vitest';
import { canonicalUrl, pageMetaDescriptors } from '../../lib/seo.ts';
import { gameCanonicalUrl, withGameCanonical } from './game-seo.ts';

describe('game page canonical (spec §2: a platform segment after the locale)', () => {
  test('gameCanonicalUrl', () => {
    expect(gameCanonicalUrl('https://casino.test/game/neon-reels')).toBe(
      'https://casino.test/platform/game/neon-reels',
    );
    expect(gameCanonicalUrl('https://casino.test/fr/game/neon-reels')).toBe(
      'https://casino.test/fr/platform/game/neon-reels',
    );
    expect(gameCanonicalUrl('https://casino.test/fr/gamehall')).toBe('https://casino.test/fr/gamehall');
    expect(gameCanonicalUrl('not a url')).toBe('not a url');
  });

  test('the root tags get the new canonical and og:url; hreflang alternates stay the pages', () => {
    const base = 'https://casino.test';
    const descriptors = pageMetaDescriptors({
      locale: 'fr',
      path: '/game/neon-reels',
      canonicalBase: base,
      title: 'Neon Reels | Croupier',
      description: 'Site',
      siteName: 'Croupier',
      image: null,
      openGraph: null,
      domainMeta: [],
      recordMeta: [],
      noindex: false,
      indexable: true,
      favicons: [],
    });
    const rewritten = withGameCanonical(descriptors, { description: 'A neon slot.' });
    const canonical = rewritten.find((d) => 'rel' in d && d.rel === 'canonical');
    expect(canonical).toMatchObject({ href: `${base}/fr/platform/game/neon-reels` });
    expect(rewritten.find((d) => 'property' in d && d.property === 'og:url')).toMatchObject({
      content: `${base}/fr/platform/game/neon-reels`,
    });
    expect(rewritten.find((d) => 'name' in d && d.name === 'description')).toMatchObject({
      content: 'A neon slot.',
    });
    const alternates = rewritten.filter((d) => 'rel' in d && d.rel === 'alternate');
    expect(alternates.map((d) => ('href' in d ? d.href : ''))).toContain(
      canonicalUrl(base, '/fr/game/neon-reels'),
    );
    // The content's own description wins.
    const kept = withGameCanonical(descriptors, { description: 'A neon slot.', keepDescription: true });
    expect(kept.find((d) => 'name' in d && d.name === 'description')).toMatchObject({ content: 'Site' });
  });
});
