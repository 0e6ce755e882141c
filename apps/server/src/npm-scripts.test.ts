/** The root npm scripts that build: what `npm start` serves must not depend on the caller's NODE_ENV. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const scripts = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'))
  .scripts as Record<string, string>;

describe('npm scripts', () => {
  it('build the web app in production mode whatever NODE_ENV the caller has', () => {
    expect(scripts.build).toMatch(/^NODE_ENV=production npm run build --workspace=@croupier\/web$/);
    for (const name of ['start', 'test', 'test:e2e']) expect(scripts[name]).toMatch(/^npm run build && /);
    expect(scripts.start).toContain('NODE_ENV=production node apps/server/src/server.ts');
  });
});
