import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import {
  type CspNonces,
  compilePolicy,
  policyDirectives,
  SCRIPT_NONCE,
  type SecurityHeaderOptions,
} from './security-headers.ts';

const NONCES: CspNonces = {
  script: '0123456789abcdef0123456789abcdef',
  style: 'fedcba9876543210fedcba9876543210',
};

/** The header helmet's own CSP middleware writes for the same directives, its nonces given as functions. */
function helmetPolicy(options: SecurityHeaderOptions, nonces: CspNonces): string {
  const directives = Object.fromEntries(
    Object.entries(policyDirectives(options)).map(([name, sources]) => [
      name,
      sources.map((source) =>
        typeof source === 'string'
          ? source
          : () => `'nonce-${source === SCRIPT_NONCE ? nonces.script : nonces.style}'`,
      ),
    ]),
  );
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: string) => headers.set(name.toLowerCase(), value),
    removeHeader: () => undefined,
  } as unknown as ServerResponse;
  let failure: unknown;
  helmet.contentSecurityPolicy({ useDefaults: false, directives })(
    {} as IncomingMessage,
    response,
    (error) => {
      failure = error;
    },
  );
  if (failure) throw failure;
  const policy = headers.get('content-security-policy');
  if (!policy) throw new Error('helmet wrote no policy');
  return policy;
}

describe('the Content Security Policy compiled once', () => {
  const variants: SecurityHeaderOptions[] = [
    { dev: false, secure: false },
    { dev: false, secure: true },
    { dev: true, secure: false },
    { dev: false, secure: true, chatSources: ['https://chat.example', 'wss://chat.example'] },
  ];

  it.each(variants)('writes what helmet writes for the same directives (%o)', (options) => {
    expect(compilePolicy(policyDirectives(options))(NONCES)).toBe(helmetPolicy(options, NONCES));
  });

  it("puts each response's nonces in their directives, and only there", () => {
    const policy = compilePolicy(policyDirectives({ dev: false, secure: true }));
    const first = policy(NONCES);
    const second = policy({ script: 'a'.repeat(32), style: 'b'.repeat(32) });
    const directive = (text: string, name: string) =>
      text.split(';').find((entry) => entry.startsWith(`${name} `));
    expect(directive(first, 'script-src')).toBe(
      `script-src 'self' https://telegram.org 'nonce-${NONCES.script}'`,
    );
    expect(directive(first, 'style-src')).toBe(`style-src 'self' 'unsafe-inline' 'nonce-${NONCES.style}'`);
    expect(directive(second, 'script-src')).toBe(
      `script-src 'self' https://telegram.org 'nonce-${'a'.repeat(32)}'`,
    );
    expect(first.match(/nonce-/g)).toHaveLength(2);
    expect(first.endsWith(';upgrade-insecure-requests')).toBe(true);
    expect(first.replaceAll(NONCES.script, '').replaceAll(NONCES.style, '')).toBe(
      second.replaceAll('a'.repeat(32), '').replaceAll('b'.repeat(32), ''),
    );
  });
});
