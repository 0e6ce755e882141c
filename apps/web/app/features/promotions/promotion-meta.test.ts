import type { MetaDescriptor } from 'react-router';
import { describe, expect, it } from 'vitest';
import { withPromotionMeta } from './promotion-meta.ts';

const ROOT_META: MetaDescriptor[] = [
  { title: 'Croupier — online casino' },
  { name: 'description', content: 'Default description' },
  { property: 'og:title', content: 'Croupier — online casino' },
  { property: 'og:description', content: 'Default description' },
  { tagName: 'link', rel: 'canonical', href: 'https://croupier.example/promotions/4' },
];

function matches(record: { title: string } | null) {
  return [
    { loaderData: { seo: { titleTemplate: '%s | Croupier', record } }, meta: ROOT_META },
    { loaderData: {}, meta: ROOT_META },
  ];
}

const PAGE = {
  title: 'Free 10 bonus',
  description: 'Enter WELCOME10.',
  image: 'https://croupier.example/nfx/media/promo-code.svg',
};

describe('withPromotionMeta', () => {
  it('puts the promotion’s title, description and image in the tags, keeping the canonical', () => {
    const meta = withPromotionMeta(matches(null), PAGE);
    expect(meta).toContainEqual({ title: 'Free 10 bonus | Croupier' });
    expect(meta).toContainEqual({ property: 'og:title', content: 'Free 10 bonus | Croupier' });
    expect(meta).toContainEqual({ name: 'description', content: 'Enter WELCOME10.' });
    expect(meta).toContainEqual({ property: 'og:description', content: 'Enter WELCOME10.' });
    expect(meta).toContainEqual({ property: 'og:image', content: PAGE.image });
    expect(meta).toContainEqual(ROOT_META[4]);
    expect(meta.filter((d) => 'name' in d && d.name === 'description')).toHaveLength(1);
  });

  it('leaves the tags alone when the content service has an SEO record for the page', () => {
    expect(withPromotionMeta(matches({ title: 'Operator title' }), PAGE)).toEqual(ROOT_META);
  });
});
