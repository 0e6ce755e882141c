import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { minimumAgeFor } from './minimum-age.ts';

describe('minimum age configuration', () => {
  it('is 18 everywhere by default', () => {
    const config = loadConfig({});
    expect(config.MINIMUM_AGE).toBe(18);
    expect(config.MINIMUM_AGE_BY_COUNTRY).toEqual({});
    expect(minimumAgeFor(config, 'FR')).toBe(18);
    expect(minimumAgeFor(config, null)).toBe(18);
  });

  it("reads per-country ages, which replace the site's for players of that country", () => {
    const config = loadConfig({ MINIMUM_AGE: '19', MINIMUM_AGE_BY_COUNTRY: ' ee:21 , GR : 21,PT:18 ' });
    expect(config.MINIMUM_AGE_BY_COUNTRY).toEqual({ EE: 21, GR: 21, PT: 18 });
    expect(minimumAgeFor(config, 'ee')).toBe(21);
    expect(minimumAgeFor(config, 'PT')).toBe(18);
    expect(minimumAgeFor(config, 'FR')).toBe(19);
    expect(minimumAgeFor(config, undefined)).toBe(19);
  });

  it('stops the boot on a bad value, naming the variable', () => {
    for (const env of [
      { MINIMUM_AGE: '16' },
      { MINIMUM_AGE: 'eighteen' },
      { MINIMUM_AGE_BY_COUNTRY: 'EE=21' },
      { MINIMUM_AGE_BY_COUNTRY: 'EE:17' },
      { MINIMUM_AGE_BY_COUNTRY: 'EST:21' },
      { MINIMUM_AGE_BY_COUNTRY: 'EE:21,EE:22' },
    ]) {
      const name = Object.keys(env)[0] ?? '';
      expect(() => loadConfig(env), JSON.stringify(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(name);
    }
  });
});
