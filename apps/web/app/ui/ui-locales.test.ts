import { describe, expect, it } from 'vitest';
import { UI_BUNDLES } from './test-i18n.ts';

describe('ui translations', () => {
  it('has the same keys, all non-empty, in every locale', () => {
    const english = Object.keys(UI_BUNDLES.en).sort();
    expect(Object.keys(UI_BUNDLES.fr).sort()).toEqual(english);
    for (const bundle of Object.values(UI_BUNDLES)) {
      for (const text of Object.values(bundle)) expect(text.trim()).not.toBe('');
    }
    expect(UI_BUNDLES.en.dateTimeJoiner).toBe('at');
    expect(UI_BUNDLES.fr.dateTimeJoiner).toBe('à');
  });
});
