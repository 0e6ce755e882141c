import { EmbeddedPostgresError } from '@croupier/db/database';
import { describe, expect, it } from 'vitest';
import { ConfigError } from './config.ts';
import { describeStartFailure } from './start-failure.ts';

describe('describeStartFailure', () => {
  it('never prints a bare undefined', () => {
    for (const error of [undefined, null, '', new Error('')]) {
      const message = describeStartFailure(error);
      expect(message).toMatch(/^Croupier could not start/);
      expect(message).not.toMatch(/^undefined$/);
      expect(message.length).toBeGreaterThan(40);
    }
  });

  it('says what is wrong and what to do for the usual causes', () => {
    const inUse = Object.assign(new Error('listen EADDRINUSE'), { code: 'EADDRINUSE' });
    expect(describeStartFailure(inUse, { port: 3000, host: '0.0.0.0' })).toMatch(/port 3000.*in use.*PORT/);
    const refused = Object.assign(new Error('connect ECONNREFUSED 10.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(describeStartFailure(refused, { databaseUrl: 'postgres://db/x' })).toMatch(/DATABASE_URL/);
    expect(describeStartFailure(new ConfigError(['PORT: bad']))).toContain('PORT: bad');
    expect(describeStartFailure(new EmbeddedPostgresError('stop it first'))).toContain('stop it first');
  });
});
