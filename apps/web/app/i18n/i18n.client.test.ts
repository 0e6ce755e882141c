import { describe, expect, it, vi } from 'vitest';
import { GAME_ONLY_NAMESPACES, RGS_PAGE_NAMESPACES } from '../features/rgs/rgs-paths.ts';
import { ensureLocale } from './i18n.client.ts';
import { i18nFor, isLocaleLoaded } from './i18n.ts';

describe('ensureLocale', () => {
  it('loads only the namespaces a game frame asks for, then adds the rest to the same instance', async () => {
    expect(isLocaleLoaded('fr')).toBe(false);
    const frame = await ensureLocale('fr', RGS_PAGE_NAMESPACES);
    for (const namespace of RGS_PAGE_NAMESPACES) expect(frame.hasNamespace(namespace)).toBe(true);
    expect(frame.hasNamespace('cashier')).toBe(false);
    expect(frame.t('rgs:load.unsupported')).not.toBe('load.unsupported');

    // A navigation to a site page in that frame: the site's namespaces, on the instance already bound.
    const site = await ensureLocale('fr');
    expect(site).toBe(frame);
    expect(i18nFor('fr')).toBe(frame);
    expect(site.hasNamespace('cashier')).toBe(true);
    expect(site.hasNamespace('backoffice')).toBe(false);
  });

  it("loads a site page's namespaces by default: all but the game page's own and the back office's", async () => {
    // Fresh modules: the tests above registered both locales already.
    vi.resetModules();
    const client = await import('./i18n.client.ts');
    const site = await client.ensureLocale('fr');
    for (const namespace of ['common', 'ui', 'cashier', 'games', 'pages', 'auth'])
      expect(site.hasNamespace(namespace)).toBe(true);
    for (const namespace of [...GAME_ONLY_NAMESPACES, 'backoffice'])
      expect(site.hasNamespace(namespace)).toBe(false);
  });

  it('two calls at once create one instance with everything either asked for', async () => {
    const [a, b] = await Promise.all([ensureLocale('en', ['rgs']), ensureLocale('en', ['cashier'])]);
    expect(a).toBe(b);
    expect(a.hasNamespace('rgs')).toBe(true);
    expect(a.hasNamespace('cashier')).toBe(true);
    expect(a.hasNamespace('games')).toBe(false);
  });
});
