import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  commitServerSeed,
  FairRandom,
  type HmacSha256,
  MAX_NONCE,
  nobleHmacSha256,
  seedProblem,
} from './fair.ts';
import { nodeHmacSha256 } from './node-hmac.ts';

const SEED = 'ab'.repeat(32);
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

describe('HMAC-SHA256', () => {
  it('matches RFC 4231 test case 2 with both implementations', () => {
    const expected = '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843';
    expect(hex(nobleHmacSha256('Jefe', 'what do ya want for nothing?'))).toBe(expected);
    expect(hex(nodeHmacSha256('Jefe', 'what do ya want for nothing?'))).toBe(expected);
  });

  it('gives identical bytes with @noble/hashes and node:crypto for round messages', () => {
    // Known answer for the documented message format `${clientSeed}:${nonce}:${block}`.
    expect(hex(nobleHmacSha256(SEED, 'player1:0:0'))).toBe(
      '5a02c6dd8c39004ba3c70627f6db5eed828e770fb34e78ee76252059394f6d56',
    );
    for (const [key, message] of [
      [SEED, 'player1:0:0'],
      [SEED, 'player1:41:3'],
      ['0'.repeat(64), 'a:0:0'],
      ['f'.repeat(64), `${'Z'.repeat(64)}:${MAX_NONCE}:12`],
    ] as const) {
      expect(hex(nodeHmacSha256(key, message))).toBe(hex(nobleHmacSha256(key, message)));
    }
  });
});

describe('commitServerSeed', () => {
  it('is SHA-256 of the 64 ASCII hex characters (not of the 32 bytes they encode)', () => {
    expect(commitServerSeed(SEED)).toBe('271a413bd339c5709fdceaec41f14f11e9fbfb5042d72d331c65f32b284cd09a');
    expect(commitServerSeed('0'.repeat(64))).toBe(
      '60e05bd1b195af2f94112fa7197a5c88289058840ce7c6df9693756bc6250f55',
    );
    expect(commitServerSeed(SEED)).toBe(createHash('sha256').update(SEED, 'ascii').digest('hex'));
    expect(commitServerSeed(SEED)).not.toBe(
      createHash('sha256').update(Buffer.from(SEED, 'hex')).digest('hex'),
    );
  });
});

describe('seed validation', () => {
  const ok = { serverSeed: SEED, clientSeed: 'player1', nonce: 0 };
  it('accepts well-formed seeds', () => {
    expect(seedProblem(ok)).toBeUndefined();
    expect(seedProblem({ ...ok, clientSeed: 'A-z_0'.padEnd(64, 'x'), nonce: MAX_NONCE })).toBeUndefined();
  });
  it.each([
    ['server_seed', { serverSeed: SEED.toUpperCase() }],
    ['server_seed', { serverSeed: SEED.slice(1) }],
    ['server_seed', { serverSeed: `${SEED}0` }],
    ['server_seed', { serverSeed: `${SEED.slice(1)}g` }],
    ['client_seed', { clientSeed: '' }],
    ['client_seed', { clientSeed: 'has space' }],
    ['client_seed', { clientSeed: 'x'.repeat(65) }],
    ['client_seed', { clientSeed: 'colon:breaks:messages' }],
    ['client_seed', { clientSeed: 'é' }],
    ['nonce', { nonce: -1 }],
    ['nonce', { nonce: 1.5 }],
    ['nonce', { nonce: MAX_NONCE + 1 }],
    ['nonce', { nonce: Number.NaN }],
  ])('refuses a bad %s', (problem, change) => {
    const seeds = { ...ok, ...change };
    expect(seedProblem(seeds)).toBe(problem);
    expect(() => new FairRandom(seeds)).toThrow(RangeError);
  });
});

describe('FairRandom', () => {
  it('reads big-endian uint32s from consecutive HMAC blocks and reduces them mod n (known answer)', () => {
    const seeds = { serverSeed: SEED, clientSeed: 'player1', nonce: 0 };
    // Independent reference: the bytes of blocks 0 and 1, as bigint words.
    const words = [0, 1].flatMap((block) => {
      const digest = createHmac('sha256', SEED).update(`player1:0:${block}`).digest('hex');
      return Array.from({ length: 8 }, (_, i) => BigInt(`0x${digest.slice(8 * i, 8 * i + 8)}`));
    });
    const ns = [1, 2, 6, 37, 52, 10_000, 2 ** 32, 3, 7, 100];
    const expected = ns.map((n, i) => {
      const u = words[i]!;
      const limit = (2n ** 32n / BigInt(n)) * BigInt(n);
      expect(u < limit).toBe(true); // none of these first words is rejected
      return Number(u % BigInt(n));
    });
    expect(expected).toEqual([0, 1, 5, 20, 43, 4430, 1982144601, 1, 1, 22]);
    for (const hmac of [nobleHmacSha256, nodeHmacSha256]) {
      const random = new FairRandom(seeds, hmac);
      expect(ns.map((n) => random.int(n))).toEqual(expected);
      expect(random.draws).toBe(10);
    }
  });

  it('discards words at or above n·⌊2³²/n⌋ and takes the next ones', () => {
    const messages: string[] = [];
    // Block 0: 0xffffffff (rejected for n = 10: limit 4294967290), 0xfffffffa (= limit, rejected),
    // 0xfffffff9 (accepted: 4294967289 mod 10 = 9), then zeros; block 1 starts with 5.
    const fake: HmacSha256 = (_key, message) => {
      messages.push(message);
      const bytes = new Uint8Array(32);
      if (message.endsWith(':0')) {
        bytes.set([0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfa, 0xff, 0xff, 0xff, 0xf9]);
      } else {
        bytes.set([0, 0, 0, 5]);
      }
      return bytes;
    };
    const random = new FairRandom({ serverSeed: SEED, clientSeed: 'c', nonce: 7 }, fake);
    expect(random.int(10)).toBe(9);
    expect(random.draws).toBe(3);
    for (let i = 0; i < 5; i += 1) expect(random.int(10)).toBe(0);
    expect(random.int(10)).toBe(5);
    expect(messages).toEqual(['c:7:0', 'c:7:1']);
  });

  it('accepts exactly a multiple of n words, so every residue has the same number of words', () => {
    // Exhaustive argument: accepted words are [0, limit) with limit = n·⌊2³²/n⌋, and u mod n takes
    // each value in [0, n) exactly limit/n times there; fewer than n words are rejected.
    for (const n of [1, 2, 3, 6, 7, 10, 37, 52, 100, 10_000, 65_537, 2 ** 31 + 1, 2 ** 32 - 1, 2 ** 32]) {
      const limit = (2n ** 32n / BigInt(n)) * BigInt(n);
      expect(limit % BigInt(n)).toBe(0n);
      expect(2n ** 32n - limit < BigInt(n)).toBe(true);
      expect(limit <= 2n ** 32n).toBe(true);
    }
  });

  it('is uniform on a small range (chi-square, fixed seed)', () => {
    const n = 7;
    const draws = 70_000;
    const counts = new Array<number>(n).fill(0);
    const random = new FairRandom({ serverSeed: SEED, clientSeed: 'chi', nonce: 1 }, nodeHmacSha256);
    for (let i = 0; i < draws; i += 1) counts[random.int(n)]! += 1;
    const expected = draws / n;
    const chi2 = counts.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
    // 6 degrees of freedom: P(χ² > 22.46) = 0.001.
    expect(chi2).toBeLessThan(22.46);
  });

  it('refuses a range outside [1, 2³²]', () => {
    const random = new FairRandom({ serverSeed: SEED, clientSeed: 'c', nonce: 0 });
    for (const n of [0, -1, 1.5, 2 ** 32 + 1, Number.NaN]) expect(() => random.int(n)).toThrow(RangeError);
  });

  it('depends on every seed component', () => {
    const first = (seeds: { serverSeed: string; clientSeed: string; nonce: number }) =>
      new FairRandom(seeds, nodeHmacSha256).int(2 ** 32);
    const base = first({ serverSeed: SEED, clientSeed: 'a', nonce: 0 });
    expect(first({ serverSeed: 'ac'.repeat(32), clientSeed: 'a', nonce: 0 })).not.toBe(base);
    expect(first({ serverSeed: SEED, clientSeed: 'b', nonce: 0 })).not.toBe(base);
    expect(first({ serverSeed: SEED, clientSeed: 'a', nonce: 1 })).not.toBe(base);
  });
});
