/**
 * Walks the whole method registry with bad input — wrong types, missing and extra fields, huge and
 * malformed bodies, unknown locales, NUL characters, lone UTF-16 surrogates (raw and as JSON
 * escapes inside JSON-text parameters), characters outside Latin-1, odd query strings, random junk —
 * as a guest and as a player, and proves every answer is a typed error from the catalogue (never a
 * 500) and that nothing was written.
 */
import { ERROR_TYPES } from '@croupier/contract/errors';
import type { MethodContract } from '@croupier/contract/method';
import { methods } from '@croupier/contract/registry';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;
let playerCookie: string;

beforeAll(async () => {
  t = await createTestApp({ env: { API_RATE_LIMIT_PER_MINUTE: '1000000' } });
  playerCookie = (await t.createPlayer()).cookie;
});
afterAll(async () => {
  await t?.close();
});

/** A digest of every application table's rows: equal digests mean nothing was written. */
async function databaseDigest(): Promise<string> {
  const tables = await t.database.db.execute<{ tablename: string }>(
    sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
  );
  const parts = tables.rows.map(
    (row) =>
      // A session's last_seen_at is touched on use (at most once a minute): activity, not a write
      // of the failed call, and a slow run crosses that minute.
      `SELECT '${row.tablename}' AS t, md5(coalesce(string_agg((to_jsonb(x) - 'last_seen_at')::text, ',' ORDER BY (to_jsonb(x) - 'last_seen_at')::text), '')) AS d FROM "${row.tablename}" x`,
  );
  const digest = await t.database.db.execute<{ t: string; d: string }>(sql.raw(parts.join(' UNION ALL ')));
  return digest.rows
    .map((row) => `${row.t}:${row.d}`)
    .sort()
    .join('|');
}

interface Attempt {
  label: string;
  method: 'GET' | 'POST';
  query: string;
  contentType?: string;
  payload?: string;
}

function attemptsFor(contract: MethodContract): Attempt[] {
  const name = contract.name;
  const post = contract.http === 'POST';
  const json = (payload: unknown): Attempt => ({
    label: `json ${JSON.stringify(payload).slice(0, 40)}`,
    method: post ? 'POST' : 'GET',
    query: post
      ? ''
      : `&${new URLSearchParams(Object.entries(payload as Record<string, string>).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]))}`,
    ...(post ? { contentType: 'application/json', payload: JSON.stringify(payload) } : {}),
  });
  const list: Attempt[] = [
    {
      label: 'unknown locale',
      method: post ? 'POST' : 'GET',
      query: '&locale=klingon',
      ...(post ? { contentType: 'application/json', payload: '{}' } : {}),
    },
    json({
      __extra: 'x',
      offset: 'many',
      count: [1, 2],
      key: { nested: true },
      keys: '',
      value: 12,
      event_name: '',
    }),
    json({
      count: '-5',
      offset: '1e9',
      fields: 'nope',
      event_name: 'x'.repeat(500),
      event_params: '[not json',
    }),
  ];
  // Text PostgreSQL cannot store (NUL, lone surrogates), in every parameter the method reads — raw,
  // and as escapes inside JSON-text parameters, which the schema itself turns into the characters.
  const keys = inputKeys(contract);
  for (const [what, text] of [
    ['nul', 'a\u0000b'],
    ['lone high surrogate', 'a\ud800b'],
    ['lone low surrogate', '\udfffz'],
  ] as const) {
    const escaped = JSON.stringify(text).slice(1, -1);
    // A query string cannot carry a lone surrogate (percent-decoding gives U+FFFD): JSON bodies only.
    if (post || what === 'nul') {
      list.push({
        ...json(Object.fromEntries(keys.map((key) => [key, text]))),
        label: `${what} in every parameter`,
      });
    }
    list.push(
      {
        ...json({ event_name: 'fuzz', event_params: `{"a":"${escaped}"}` }),
        label: `${what} escaped in JSON text`,
      },
      {
        ...json({ event_name: 'fuzz', event_params: `{"${escaped}":1}` }),
        label: `${what} escaped in a JSON-text key`,
      },
    );
  }
  list.push(
    {
      label: 'escaped NUL and lone surrogate in the query',
      method: post ? 'POST' : 'GET',
      query: '&value=%00&key=%ED%A0%80&event_params=%7B%22a%22%3A%22%5Cu0000%22%7D&x=%ZZ&&=&%',
      ...(post ? { contentType: 'application/json', payload: '{}' } : {}),
    },
    {
      label: 'NUL in a parameter name',
      method: post ? 'POST' : 'GET',
      query: post ? '' : '&a%00b=1',
      ...(post ? { contentType: 'application/json', payload: '{"a\\u0000b":1}' } : {}),
    },
  );
  if (post) {
    list.push(
      {
        label: 'malformed json',
        method: 'POST',
        query: '',
        contentType: 'application/json',
        payload: '{"a":',
      },
      {
        label: 'malformed form',
        method: 'POST',
        query: '',
        contentType: 'application/x-www-form-urlencoded',
        payload: '%zz=%%&=&&key',
      },
      {
        label: 'huge body',
        method: 'POST',
        query: '',
        contentType: 'application/json',
        payload: JSON.stringify({ value: 'x'.repeat(1_200_000) }),
      },
      {
        label: 'bad multipart',
        method: 'POST',
        query: '',
        contentType: 'multipart/form-data; boundary=zz',
        payload: '--zz\r\nnonsense',
      },
      { label: 'wrong media type', method: 'POST', query: '', contentType: 'text/csv', payload: 'a,b' },
    );
  } else {
    list.push({ label: 'huge query', method: 'GET', query: `&junk=${'x'.repeat(60_000)}` });
  }
  return list.map((attempt) => ({ ...attempt, label: `${name} ${attempt.label}` }));
}

/** The parameter names a method's input reads (its object shape), or a broad guess. */
function inputKeys(contract: MethodContract): string[] {
  let schema: unknown = contract.input;
  // `.transform()` / `.pipe()` wrap the object: its shape is on the input side.
  while (schema instanceof z.ZodPipe) schema = schema.in;
  if (schema instanceof z.ZodObject) {
    const keys = Object.keys(schema.shape);
    if (keys.length > 0) return keys;
  }
  return ['value', 'key', 'login', 'email', 'password', 'name', 'token', 'event_name'];
}

async function send(contract: MethodContract, attempt: Attempt, cookie: string | undefined) {
  const response = await t.app.inject({
    method: attempt.method,
    url: `/api/${contract.name}?v=2.34${attempt.query}`,
    headers: {
      'sec-fetch-site': 'same-origin',
      ...(cookie ? { cookie } : {}),
      ...(attempt.contentType ? { 'content-type': attempt.contentType } : {}),
    },
    ...(attempt.payload !== undefined ? { payload: attempt.payload } : {}),
  });
  return { statusCode: response.statusCode, body: response.json() };
}

function expectTypedError(
  result: { statusCode: number; body: { status: number; error?: { type: string; message: string } } },
  label: string,
) {
  expect(result.statusCode, label).not.toBe(500);
  expect(result.body.status, label).toBe(0);
  expect(ERROR_TYPES, label).toContain(result.body.error?.type);
  expect(result.body.error?.message.length, label).toBeGreaterThan(0);
}

const contracts = Object.values(methods) as MethodContract[];

/** Text around a NUL, a lone surrogate, a character above U+00FF or a JSON escape of one. */
const oddText = fc
  .tuple(
    fc.string({ maxLength: 8 }),
    fc.constantFrom(
      '\u0000',
      '\ud800',
      '\udc00',
      '日本',
      '\u0100',
      '€',
      '\\u0000',
      '\\ud800',
      '%00',
      '//x',
      '/\\x',
    ),
    fc.string({ maxLength: 8 }),
  )
  .map((parts) => parts.join(''));

describe('every method refuses bad input with a typed error and writes nothing', () => {
  for (const contract of contracts) {
    it(contract.name, async () => {
      const before = await databaseDigest();
      for (const cookie of [undefined, playerCookie]) {
        for (const attempt of attemptsFor(contract)) {
          expectTypedError(
            await send(contract, attempt, cookie),
            `${attempt.label} as ${cookie ? 'player' : 'guest'}`,
          );
        }
      }
      expect((await databaseDigest()).split('|')).toEqual(before.split('|'));
    });
  }

  it('the reported cases: NUL and lone surrogates reaching storage and events are typed 400s', async () => {
    const before = await databaseDigest();
    const cases: Array<{ contract: MethodContract; attempt: Attempt; cookie: string | undefined }> = [
      ...['x\u0000y', 'x\ud800', '\udc00x'].map((value) => ({
        contract: methods['storage.set'] as MethodContract,
        attempt: {
          label: 'storage.set',
          method: 'POST' as const,
          query: '',
          contentType: 'application/json',
          payload: JSON.stringify({ key: 'fuzz', value }),
        },
        cookie: playerCookie,
      })),
      ...['{"a":"\\u0000"}', '{"a":"\\ud800"}', '{"\\u0000":1}'].map((params) => ({
        contract: methods['events.handle'] as MethodContract,
        attempt: {
          label: `events.handle ${params}`,
          method: 'GET' as const,
          query: `&${new URLSearchParams({ event_name: 'fuzz', event_params: params })}`,
        },
        cookie: undefined,
      })),
    ];
    for (const { contract, attempt, cookie } of cases) {
      const result = await send(contract, attempt, cookie);
      expect(result.statusCode, attempt.label).toBe(400);
      expect(result.body, attempt.label).toMatchObject({
        status: 0,
        error: { type: 'InvalidParameterException', code: 'invalid_parameter' },
      });
    }
    expect((await databaseDigest()).split('|')).toEqual(before.split('|'));
  });

  // 150 runs, each with two database digests: slow on a shared CI machine.
  it('random junk never yields a 500 and never writes on failure', { timeout: 180_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...contracts),
        fc.dictionary(
          fc.oneof(fc.string({ maxLength: 12 }), oddText),
          fc.oneof(fc.string({ maxLength: 40 }), oddText, fc.integer(), fc.boolean(), fc.constant(null)),
          {
            maxKeys: 5,
          },
        ),
        fc.boolean(),
        async (contract, params, asPlayer) => {
          const before = await databaseDigest();
          const result = await send(
            contract,
            {
              label: 'random',
              method: contract.http,
              query:
                contract.http === 'GET'
                  ? `&${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`
                  : '',
              ...(contract.http === 'POST'
                ? { contentType: 'application/json', payload: JSON.stringify(params) }
                : {}),
            },
            asPlayer ? playerCookie : undefined,
          );
          expect(result.statusCode).not.toBe(500);
          if (result.body.status === 0) {
            expect(ERROR_TYPES).toContain(result.body.error?.type);
            expect((await databaseDigest()).split('|')).toEqual(before.split('|'));
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
