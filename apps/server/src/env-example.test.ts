import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { configSchema } from './config.ts';

describe('.env.example', () => {
  it('documents exactly the variables of the config schema', () => {
    const text = readFileSync(new URL('../../../.env.example', import.meta.url), 'utf8');
    const documented = [...text.matchAll(/^([A-Z0-9_]+)=/gm)].map((match) => match[1]).sort();
    const schemaKeys = Object.keys(configSchema.in.shape).sort();
    expect(documented).toEqual(schemaKeys);
  });
});
