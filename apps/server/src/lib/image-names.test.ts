import { describe, expect, it } from 'vitest';
import { remapImageName, remapImageNames } from './image-names.ts';

const mapping = {
  'banner-welcome.svg': 'banner-winter.svg',
  'logo.svg': 'https://cdn.example.com/brand/logo.png',
  'empty.svg': '  ',
};

describe('remapImageName', () => {
  it('maps a bare name', () => {
    expect(remapImageName('banner-welcome.svg', mapping)).toBe('banner-winter.svg');
  });

  it('keeps the folder and query of a path when the target is a name', () => {
    expect(remapImageName('/nfx/media/banner-welcome.svg?v=2', mapping)).toBe(
      '/nfx/media/banner-winter.svg?v=2',
    );
  });

  it('replaces the whole reference when the target is a URL', () => {
    expect(remapImageName('/nfx/media/logo.svg', mapping)).toBe('https://cdn.example.com/brand/logo.png');
  });

  it('leaves unmapped names, blank targets and prototype keys alone', () => {
    expect(remapImageName('/nfx/media/other.svg', mapping)).toBe('/nfx/media/other.svg');
    expect(remapImageName('empty.svg', mapping)).toBe('empty.svg');
    expect(remapImageName('constructor', mapping)).toBe('constructor');
    expect(remapImageName('toString.js', {})).toBe('toString.js');
  });
});

describe('remapImageNames', () => {
  it('rewrites src, srcset and url() references in HTML', () => {
    const html =
      '<p>See banner-welcome.svg</p><img src="/nfx/media/banner-welcome.svg" alt=""><img srcset=\'/nfx/media/banner-welcome.svg 1x, /nfx/media/logo.svg 2x\'><div style="background:url(/nfx/media/banner-welcome.svg)"></div>';
    expect(remapImageNames(html, mapping)).toBe(
      '<p>See banner-welcome.svg</p><img src="/nfx/media/banner-winter.svg" alt=""><img srcset=\'/nfx/media/banner-winter.svg 1x, https://cdn.example.com/brand/logo.png 2x\'><div style="background:url(/nfx/media/banner-winter.svg)"></div>',
    );
  });

  it('returns the description unchanged without a mapping', () => {
    const html = '<img src="/nfx/media/banner-welcome.svg">';
    expect(remapImageNames(html, {})).toBe(html);
  });
});
