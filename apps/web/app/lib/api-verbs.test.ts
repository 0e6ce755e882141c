import { methods } from '@croupier/contract/registry';
import { describe, expect, it } from 'vitest';
import { httpVerbOf } from './api-verbs.ts';

describe('httpVerbOf', () => {
  it('answers the registry’s verb for every method, in any letter case', () => {
    for (const method of Object.values(methods)) {
      expect(httpVerbOf(method.name), method.name).toBe(method.http);
      expect(httpVerbOf(method.name.toUpperCase()), method.name).toBe(method.http);
    }
  });

  it('sends an unknown name as GET, as the registry lookup did', () => {
    expect(httpVerbOf('nothing.here')).toBe('GET');
  });
});
