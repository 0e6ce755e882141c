import { describe, expect, test } from 'vitest';
import {
  alternateLinks,
  applyTitleTemplate,
  canonicalUrl,
  faqJsonLd,
  jsonLdDocuments,
  type PageSeoInput,
  pageMetaDescriptors,
  pageTitle,
  serializeJsonLd,
} from './seo.ts';

describe('canonicalUrl', () => {
  test('domain canonical + path, trailing slash removed', () => {
    expect(canonicalUrl('https://casino.example', '/about/')).toBe('https://casino.example/about');
    expect(canonicalUrl('https://casino.example/', '/fr/about')).toBe('https://casino.example/fr/about');
    expect(canonicalUrl('https://casino.example/', '/')).toBe('https://casino.example');
    expect(canonicalUrl('https://casino.example', '/fr')).toBe('https://casino.example/fr');
  });
});

describe('alternateLinks', () => {
  test('en, fr and x-default (the unprefixed page)', () => {
    expect(alternateLinks('https://casino.example', '/about')).toEqual([
      { hrefLang: 'en', href: 'https://casino.example/about' },
      { hrefLang: 'fr', href: 'https://casino.example/fr/about' },
      { hrefLang: 'x-default', href: 'https://casino.example/about' },
    ]);
    expect(alternateLinks('https://casino.example', '/').map((link) => link.href)).toEqual([
      'https://casino.example',
      'https://casino.example/fr',
      'https://casino.example',
    ]);
  });
});

describe('titles', () => {
  test('record → page title in the template → default', () => {
    const base = { template: '%s | Croupier', defaultTitle: 'Croupier — casino' };
    expect(pageTitle({ ...base, record: { title: 'Record title' }, pageTitle: 'About' })).toBe(
      'Record title',
    );
    expect(pageTitle({ ...base, record: null, pageTitle: 'About' })).toBe('About | Croupier');
    expect(pageTitle({ ...base, record: { title: '  ' }, pageTitle: null })).toBe('Croupier — casino');
  });

  test('a template without %s is a suffix', () => {
    expect(applyTitleTemplate('— Croupier', 'About')).toBe('About — Croupier');
    expect(applyTitleTemplate('', 'About')).toBe('About');
  });
});

describe('JSON-LD', () => {
  test('serialisation escapes what could close the script element', () => {
    const text = serializeJsonLd({
      name: '</script><script>alert(1)</script>',
      and: 'a & b',
      line: '\u2028',
    });
    expect(text).not.toContain('<');
    expect(text).not.toContain('>');
    expect(text).not.toContain('&');
    expect(text).toContain('\\u003c/script\\u003e');
    expect(JSON.parse(text)).toEqual({
      name: '</script><script>alert(1)</script>',
      and: 'a & b',
      line: '\u2028',
    });
  });

  test('Organization and Product always, FAQPage and Article from the record', () => {
    const domain = {
      organization: {
        name: 'Croupier',
        url: 'https://casino.example',
        logo: 'https://casino.example/logo.svg',
        contactPoint: {
          telephone: '+1',
          contactType: 'support',
          areaServed: ['FR'],
          availableLanguage: ['French'],
        },
        sameAs: [],
      },
      product: {
        name: 'Croupier Casino',
        image: '/i.png',
        description: 'd',
        sku: 'sku',
        brand: { name: 'Croupier' },
      },
    };
    const record = {
      faq: [{ question: 'Q?', answer: 'A.' }],
      article: {
        headline: 'H',
        description: 'D',
        image: null,
        datePublished: '2025-01-01',
        dateModified: '2025-01-02',
      },
    };
    const documents = jsonLdDocuments(domain, record, 'https://casino.example/faq');
    expect(documents.map((document) => document['@type'])).toEqual([
      'Organization',
      'Product',
      'FAQPage',
      'Article',
    ]);
    expect(
      jsonLdDocuments(domain, { faq: [], article: null }, 'u').map((document) => document['@type']),
    ).toEqual(['Organization', 'Product']);
    expect(faqJsonLd(record.faq)).toMatchObject({
      mainEntity: [{ '@type': 'Question', name: 'Q?', acceptedAnswer: { '@type': 'Answer', text: 'A.' } }],
    });
  });
});

describe('pageMetaDescriptors', () => {
  const input: PageSeoInput = {
    locale: 'fr',
    path: '/about',
    canonicalBase: 'https://casino.example',
    title: 'À propos | Croupier',
    description: 'Description',
    siteName: 'Croupier',
    image: null,
    openGraph: null,
    domainMeta: [
      { name: 'theme-color', content: '#000000' },
      { property: 'og:site_name', content: 'Domain name' },
      { name: 'robots', content: 'index' },
    ],
    recordMeta: [{ name: 'keywords', content: 'casino' }],
    noindex: false,
    indexable: true,
    favicons: [
      { kind: 'ico', size: 'multi', url: '/favicon.ico' },
      { kind: 'png', size: '32x32', url: '/favicons/favicon-32x32.png' },
    ],
  };

  test('title, canonical with the locale prefix, hreflang, OG, meta lists and favicons', () => {
    const descriptors = pageMetaDescriptors(input);
    expect(descriptors[0]).toEqual({ title: 'À propos | Croupier' });
    expect(descriptors).toContainEqual({
      tagName: 'link',
      rel: 'canonical',
      href: 'https://casino.example/fr/about',
    });
    expect(descriptors).toContainEqual({
      tagName: 'link',
      rel: 'alternate',
      hrefLang: 'x-default',
      href: 'https://casino.example/about',
    });
    expect(descriptors).toContainEqual({ property: 'og:locale', content: 'fr_FR' });
    expect(descriptors).toContainEqual({ name: 'theme-color', content: '#000000' });
    expect(descriptors).toContainEqual({ name: 'keywords', content: 'casino' });
    expect(descriptors).toContainEqual({ tagName: 'link', rel: 'icon', href: '/favicon.ico' });
    expect(descriptors).toContainEqual({
      tagName: 'link',
      rel: 'icon',
      type: 'image/png',
      href: '/favicons/favicon-32x32.png',
      sizes: '32x32',
    });
    // One tag per key: the computed site name wins over the domain's, the content cannot set robots.
    expect(descriptors.filter((d) => 'property' in d && d.property === 'og:site_name')).toHaveLength(1);
    expect(descriptors.some((d) => 'name' in d && d.name === 'robots')).toBe(false);
  });

  test('robots-disallowed pages get noindex, follow; error pages have no canonical', () => {
    expect(pageMetaDescriptors({ ...input, noindex: true })).toContainEqual({
      name: 'robots',
      content: 'noindex, follow',
    });
    const errorPage = pageMetaDescriptors({ ...input, indexable: false });
    expect(errorPage.some((d) => 'rel' in d && d.rel === 'canonical')).toBe(false);
    expect(errorPage).toContainEqual({ name: 'robots', content: 'noindex, follow' });
  });
});
