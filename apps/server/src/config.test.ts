import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, withLocalSecrets } from './config.ts';

describe('loadConfig', () => {
  it('gives working defaults for a newcomer', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATA_DIR).toBe('./.data');
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SANDBOX).toBe(true);
    expect(config.SEED_DEMO).toBe(true);
  });

  it('names every bad variable', () => {
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as ConfigError).message;
      expect(message).toContain('PORT');
      expect(message).toContain('DATABASE_URL');
      expect(message).toContain('LOG_LEVEL');
    }
  });

  it('generates and keeps secrets in DATA_DIR for the embedded database', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'croupier-config-'));
    const first = await withLocalSecrets(loadConfig({ NODE_ENV: 'production', DATA_DIR: dir }));
    const second = await withLocalSecrets(loadConfig({ NODE_ENV: 'production', DATA_DIR: dir }));
    expect(first.APP_SECRET).toHaveLength(43);
    expect(second.APP_SECRET).toBe(first.APP_SECRET);
    expect(second.CMS_JWT_SECRET).toBe(first.CMS_JWT_SECRET);
    expect((await stat(path.join(dir, 'secrets.json'))).mode & 0o777).toBe(0o600);
    await rm(dir, { recursive: true });
  });

  it('wants all three OIDC variables or none', () => {
    expect(() => loadConfig({ OIDC_ISSUER: 'https://id.example' })).toThrow(/OIDC_CLIENT_ID/);
  });

  it('treats empty strings as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).PORT).toBe(3000);
  });

  it('requires real secrets in production and turns the sandbox off there', () => {
    const shared = { NODE_ENV: 'production', DATABASE_URL: 'postgres://db/croupier' };
    expect(() => loadConfig(shared)).toThrow(/APP_SECRET[\s\S]*CMS_JWT_SECRET/);
    const config = loadConfig({ ...shared, APP_SECRET: 'x'.repeat(32), CMS_JWT_SECRET: 'y'.repeat(32) });
    expect(config.SANDBOX).toBe(false);
  });
});
