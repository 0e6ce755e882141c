import { describe, expect, it } from 'vitest';
import { everyPageChunkName, localeChunkName } from './every-page-chunks.ts';

const bundle = (locale: string, namespace: string) =>
  `/repo/apps/web/app/i18n/locales/${locale}/${namespace}.json`;

describe('client chunks', () => {
  it("puts a locale's site translations in one chunk per locale", () => {
    expect(localeChunkName(bundle('en', 'common'))).toBe('locale-en');
    expect(localeChunkName(bundle('en', 'responsible-gaming'))).toBe('locale-en');
    expect(localeChunkName(bundle('fr', 'cashier'))).toBe('locale-fr');
    expect(localeChunkName(`${bundle('fr', 'games')}?import`)).toBe('locale-fr');
  });

  it("keeps the game frame's and the back office's bundles in chunks of their own", () => {
    for (const namespace of ['ui', 'rgs', 'rgs-table', 'backoffice']) {
      expect(localeChunkName(bundle('en', namespace))).toBeNull();
      expect(localeChunkName(bundle('fr', namespace))).toBeNull();
    }
  });

  it('leaves other JSON and code alone', () => {
    expect(localeChunkName('/repo/apps/web/app/content/en/common.json')).toBeNull();
    expect(localeChunkName('/repo/apps/web/app/i18n/i18n.client.ts')).toBeNull();
  });

  it('names the group of a bundle before asking the module graph', () => {
    const name = everyPageChunkName();
    const graph = {
      getModuleInfo: () => {
        throw new Error('a translation bundle needs no graph');
      },
    };
    expect(name(bundle('en', 'pages'), graph)).toBe('locale-en');
    expect(name('/repo/node_modules/react-dom/client.js', graph)).toBe('shell');
  });
});
