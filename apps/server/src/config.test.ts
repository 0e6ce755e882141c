import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { localSecrets } from '@croupier/db/local-secrets';
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
    // The embedded PostgreSQL's password shares the file: neither side drops the other's entries.
    const password = await localSecrets(dir, ['EMBEDDED_PG_PASSWORD']);
    expect(password.EMBEDDED_PG_PASSWORD).toHaveLength(43);
    const third = await withLocalSecrets(loadConfig({ NODE_ENV: 'production', DATA_DIR: dir }));
    expect(third.APP_SECRET).toBe(first.APP_SECRET);
    expect(JSON.parse(await readFile(path.join(dir, 'secrets.json'), 'utf8'))).toEqual({
      APP_SECRET: first.APP_SECRET,
      CMS_JWT_SECRET: first.CMS_JWT_SECRET,
      EMBEDDED_PG_PASSWORD: password.EMBEDDED_PG_PASSWORD,
    });
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
    expect(() => loadConfig(shared)).toThrow(/APP_SECRET[\s\S]*CMS_JWT_SECRET[\s\S]*PUBLIC_URL/);
    const secrets = { APP_SECRET: 'x'.repeat(32), CMS_JWT_SECRET: 'y'.repeat(32) };
    expect(() => loadConfig({ ...shared, ...secrets })).toThrow(/PUBLIC_URL: required/);
    const config = loadConfig({ ...shared, ...secrets, PUBLIC_URL: 'https://casino.example' });
    expect(config.SANDBOX).toBe(false);
  });
});

describe('the demo profile (SANDBOX)', () => {
  const secrets = {
    APP_SECRET: 'x'.repeat(32),
    CMS_JWT_SECRET: 'y'.repeat(32),
    PUBLIC_URL: 'https://casino.example',
  };
  const realProvider = {
    PSP_BASE_URL: 'https://psp.example/v1',
    PSP_API_KEY: 'sk_live_0123456789abcdef',
    PSP_WEBHOOK_SECRET: 'whsec_0123456789abcdef',
  };

  it('is on with the embedded database, whatever NODE_ENV says (npm start serves production)', () => {
    for (const NODE_ENV of ['production', 'development', 'test']) {
      expect(loadConfig({ NODE_ENV }).SANDBOX).toBe(true);
    }
  });

  it('is off with DATABASE_URL or a real payment provider unless asked for', () => {
    const database = { DATABASE_URL: 'postgres://db/croupier', ...secrets };
    for (const NODE_ENV of ['production', 'development']) {
      expect(loadConfig({ NODE_ENV, ...database }).SANDBOX).toBe(false);
    }
    expect(loadConfig({ NODE_ENV: 'production', ...realProvider }).SANDBOX).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', ...database, SANDBOX: 'true' }).SANDBOX).toBe(true);
  });

  it('refuses to start with a sandbox beside a real payment provider', () => {
    for (const extra of [realProvider, { PSP_API_KEY: realProvider.PSP_API_KEY }]) {
      try {
        loadConfig({ NODE_ENV: 'production', SANDBOX: 'true', ...extra });
        expect.unreachable();
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        expect((error as ConfigError).message).toMatch(/SANDBOX.*PSP_API_KEY.*SANDBOX=false/);
      }
    }
    expect(loadConfig({ SANDBOX: 'false', ...realProvider }).SANDBOX).toBe(false);
  });
});

describe('HOST', () => {
  it('is localhost in development and every interface otherwise, unless set', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).HOST).toBe('localhost');
    expect(loadConfig({}).HOST).toBe('localhost');
    expect(loadConfig({ NODE_ENV: 'production' }).HOST).toBe('0.0.0.0');
    expect(loadConfig({ NODE_ENV: 'development', HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
  });
});

describe('SPORTSBOOK_FEED (ADR 030)', () => {
  it('runs the simulator by default, but not under NODE_ENV=test unless asked', () => {
    expect(loadConfig({}).SPORTSBOOK_FEED).toBe('simulator');
    expect(loadConfig({ NODE_ENV: 'production' }).SPORTSBOOK_FEED).toBe('simulator');
    expect(loadConfig({ NODE_ENV: 'test' }).SPORTSBOOK_FEED).toBe('off');
    expect(loadConfig({ NODE_ENV: 'test', SPORTSBOOK_FEED: 'simulator' }).SPORTSBOOK_FEED).toBe('simulator');
    expect(loadConfig({ SPORTSBOOK_FEED: 'off' }).SPORTSBOOK_FEED).toBe('off');
    expect(loadConfig({}).SPORTSBOOK_MARGIN).toBe(0.06);
    expect(() => loadConfig({ SPORTSBOOK_FEED: 'betradar' })).toThrow(ConfigError);
    expect(() => loadConfig({ SPORTSBOOK_MARGIN: '-0.1' })).toThrow(ConfigError);
  });
});
