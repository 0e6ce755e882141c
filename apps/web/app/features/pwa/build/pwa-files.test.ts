import { readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { chipIconPng } from './chip-icon.ts';
import { type PwaTexts, pwaFiles, themeColours } from './pwa-files.ts';

const texts = (locale: string): PwaTexts =>
  JSON.parse(readFileSync(new URL(`../../../i18n/locales/${locale}/pwa.json`, import.meta.url), 'utf8'));
const colours = themeColours(readFileSync(new URL('../../../ui/theme.css', import.meta.url), 'utf8'));

describe('the installable app’s files', () => {
  const files = pwaFiles({ en: texts('en'), fr: texts('fr') }, colours, 'build-1');

  test('colours come from the theme declarations (DESIGN.md), not from its comments', () => {
    expect(colours.background).toBe('#0b1020');
    expect(colours.accent).toBe('#22c55e');
  });

  test('one manifest per locale: start URL, language, theme colours, maskable icons', () => {
    const en = JSON.parse(files.get('manifest.webmanifest') ?? '{}');
    const fr = JSON.parse(files.get('fr/manifest.webmanifest') ?? '{}');
    expect(en).toMatchObject({ start_url: '/', scope: '/', lang: 'en', display: 'standalone', theme_color: '#0b1020' });
    expect(fr).toMatchObject({ start_url: '/fr', scope: '/', lang: 'fr', id: en.id });
    expect(fr.description).not.toBe(en.description);
    const purposes = (en.icons as { sizes: string; purpose: string }[]).map((icon) => `${icon.sizes} ${icon.purpose}`);
    expect(purposes).toEqual(['192x192 any', '512x512 any', '192x192 maskable', '512x512 maskable']);
  });

  test('offline pages in each language, without scripts', () => {
    const fr = files.get('pwa/offline-fr.html') ?? '';
    expect(fr).toContain('<html lang="fr"');
    expect(fr).toContain('Vous êtes hors ligne');
    expect(files.get('pwa/offline-en.html')).toContain('You are offline');
    expect(fr).not.toContain('<script');
    expect(JSON.parse(files.get('build.json') ?? '{}')).toEqual({ id: 'build-1' });
  });

  test('icons are valid PNGs of the asked size; maskable ones are opaque to the corners', () => {
    for (const maskable of [false, true]) {
      const png = chipIconPng(48, colours, maskable);
      expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
      expect(png.readUInt32BE(16)).toBe(48);
      expect(png.readUInt32BE(20)).toBe(48);
      const idat = png.indexOf('IDAT');
      const raw = inflateSync(png.subarray(idat + 4, idat + 4 + png.readUInt32BE(idat - 4)));
      // Row 0, pixel 0 alpha (after the row's filter byte).
      const cornerAlpha = raw[1 + 3];
      expect(cornerAlpha).toBe(maskable ? 255 : 0);
      // The middle pixel is the accent diamond.
      const middle = 24 * (48 * 4 + 1) + 1 + 24 * 4;
      expect([raw[middle], raw[middle + 1], raw[middle + 2]]).toEqual([0x22, 0xc5, 0x5e]);
    }
  });
});
