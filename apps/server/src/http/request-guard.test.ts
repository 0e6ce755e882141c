import { describe, expect, it } from 'vitest';
import { requestProblem } from './request-guard.ts';

describe('requestProblem', () => {
  it('accepts a path with a plausible host', () => {
    expect(requestProblem('/about?x=1', 'casino.example')).toBeUndefined();
    expect(requestProblem('/', '127.0.0.1:3000')).toBeUndefined();
    expect(requestProblem('/api/metadata.get', '[::1]:3000')).toBeUndefined();
  });

  it('refuses absolute-form and asterisk targets', () => {
    expect(requestProblem('http://evil.com/', 'evil.com')?.code).toBe('invalid_request_target');
    expect(requestProblem('*', 'casino.example')?.code).toBe('invalid_request_target');
    expect(requestProblem(undefined, 'casino.example')?.code).toBe('invalid_request_target');
  });

  it('refuses an empty or garbage Host', () => {
    for (const host of [undefined, '', ' ', 'a b', '<script>', 'x/y', 'évil.com', 'a..b', 'x:70000']) {
      expect(requestProblem('/', host)?.code, String(host)).toBe('invalid_host');
      expect(requestProblem('/', host)?.httpStatus).toBe(400);
    }
  });
});
