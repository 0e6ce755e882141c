import { createHmac, randomBytes, randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { FairRandom, MAX_NONCE, nobleHmacSha256 } from './fair.ts';
import { createKeyedHmacSha256, KeyedRoundDraws } from './keyed-hmac.ts';
import { nodeHmacSha256 } from './node-hmac.ts';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const node = (key: string, message: string) => createHmac('sha256', key).update(message).digest('hex');

/** A string of `length` characters from `alphabet` (some multi-byte in UTF-8). */
function text(length: number, alphabet: string): string {
  const chars = [...alphabet];
  return Array.from({ length }, () => chars[randomInt(chars.length)]).join('');
}

describe('keyed HMAC-SHA256', () => {
  it('matches RFC 4231 test cases 1, 2, 6 and 7 (a key longer than a block is hashed first)', () => {
    const hmac = createKeyedHmacSha256();
    const bytesKey = (bytes: number[]) => Buffer.from(bytes).toString('latin1');
    expect(hex(hmac('Jefe', 'what do ya want for nothing?'))).toBe(
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
    // Case 1: 20 bytes 0x0b. The HmacSha256 interface takes text; 0x0b is one UTF-8 byte.
    expect(hex(hmac(bytesKey(Array(20).fill(0x0b)), 'Hi There'))).toBe(
      'b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7',
    );
    // Cases 6 and 7 use a 131-byte key of 0xaa, which is two UTF-8 bytes as text: checked against
    // node:crypto with the same text instead.
    const long = 'K'.repeat(131);
    expect(hex(hmac(long, 'Test Using Larger Than Block-Size Key - Hash Key First'))).toBe(
      node(long, 'Test Using Larger Than Block-Size Key - Hash Key First'),
    );
  });

  it('gives node:crypto and @noble/hashes bytes for every key and message length around the block edges', () => {
    const hmac = createKeyedHmacSha256();
    const seed = 'ab'.repeat(32);
    for (let length = 0; length <= 200; length += 1) {
      const message = text(length, 'abcXYZ019:_-');
      expect(hex(hmac(seed, message)), `message of ${length}`).toBe(node(seed, message));
    }
    for (let length = 0; length <= 140; length += 1) {
      const key = text(length, '0123456789abcdef');
      expect(hex(hmac(key, 'player1:0:0')), `key of ${length}`).toBe(node(key, 'player1:0:0'));
      expect(hex(hmac(key, 'player1:0:0'))).toBe(hex(nobleHmacSha256(key, 'player1:0:0')));
    }
  });

  it('encodes text outside ASCII as UTF-8, like the other two', () => {
    const hmac = createKeyedHmacSha256();
    for (let i = 0; i < 200; i += 1) {
      const key = text(randomInt(0, 90), 'aé€😀Z0');
      const message = text(randomInt(0, 120), 'xÿ€😀:9');
      expect(hex(hmac(key, message))).toBe(node(key, message));
    }
  });

  it('switches keys back and forth without mixing their midstates', () => {
    const hmac = createKeyedHmacSha256();
    const keys = Array.from({ length: 5 }, () => randomBytes(32).toString('hex'));
    for (let i = 0; i < 100; i += 1) {
      const key = keys[randomInt(keys.length)]!;
      const message = `player:${randomInt(MAX_NONCE)}:${randomInt(20)}`;
      expect(hex(hmac(key, message))).toBe(node(key, message));
    }
  });

  it('returns a fresh array each call: a FairRandom keeps its block while another draws', () => {
    const hmac = createKeyedHmacSha256();
    const a = hmac('k', 'one');
    const copy = hex(a);
    hmac('k', 'two');
    expect(hex(a)).toBe(copy);
  });

  it('deals FairRandom exactly the draws node:crypto deals, across many blocks', () => {
    const serverSeed = randomBytes(32).toString('hex');
    for (const nonce of [0, 1, 977, MAX_NONCE]) {
      const seeds = { serverSeed, clientSeed: 'Z'.repeat(64), nonce };
      const fast = new FairRandom(seeds, createKeyedHmacSha256());
      const reference = new FairRandom(seeds, nodeHmacSha256);
      for (let i = 0; i < 300; i += 1) {
        const n = 1 + randomInt(2 ** 31);
        expect(fast.int(n)).toBe(reference.int(n));
      }
      expect(fast.draws).toBe(reference.draws);
    }
  });
});

describe('KeyedRoundDraws', () => {
  // Nonces where the message changes length; client seeds whose message fits one block, and the
  // longest, whose message takes two.
  const NONCES = [0, 1, 9, 10, 99, 100, 977, 999_999_999, 1_000_000_000, MAX_NONCE];
  const CLIENT_SEEDS = ['rtp', 'a', `${'Ab9_-'.repeat(8)}xyz`, 'Z'.repeat(64)];

  it('deals every round exactly the draws a FairRandom deals, block after block', () => {
    const serverSeed = randomBytes(32).toString('hex');
    for (const clientSeed of CLIENT_SEEDS) {
      const draws = new KeyedRoundDraws(serverSeed, clientSeed);
      for (const nonce of NONCES) {
        const reference = new FairRandom({ serverSeed, clientSeed, nonce }, nobleHmacSha256);
        const round = draws.round(nonce);
        // 120 draws: 15 blocks, so the block number reaches two digits. Ranges from 1 (every draw
        // accepted, always 0) to 2³² and just above 2³¹ (about half the draws rejected).
        for (let i = 0; i < 120; i += 1) {
          const n = [1, 2 ** 32, 2 ** 31 + 1, 33, 1 + randomInt(2 ** 31)][i % 5]!;
          expect(round.int(n)).toBe(reference.int(n));
        }
        expect(round.draws).toBe(reference.draws);
      }
    }
  });

  it('starts each round over: a nonce played again deals the same draws, whatever came between', () => {
    const draws = new KeyedRoundDraws('ab'.repeat(32), 'again');
    const deal = (nonce: number, count: number) => {
      const round = draws.round(nonce);
      return Array.from({ length: count }, () => round.int(1000));
    };
    const first = deal(5, 20);
    deal(6, 3);
    expect(deal(5, 20)).toEqual(first);
    expect(draws.draws).toBe(20);
  });

  it('refuses a bad seed pair, nonce or range, and a draw before a round, as FairRandom does', () => {
    const good = 'ab'.repeat(32);
    expect(() => new KeyedRoundDraws('AB'.repeat(32), 'x')).toThrow(new RangeError('bad server_seed'));
    expect(() => new KeyedRoundDraws(good.slice(2), 'x')).toThrow(new RangeError('bad server_seed'));
    expect(() => new KeyedRoundDraws(good, 'é')).toThrow(new RangeError('bad client_seed'));
    expect(() => new KeyedRoundDraws(good, 'x'.repeat(65))).toThrow(new RangeError('bad client_seed'));
    const draws = new KeyedRoundDraws(good, 'x');
    expect(() => draws.int(6)).toThrow('round(nonce) first');
    for (const nonce of [-1, 1.5, MAX_NONCE + 1, Number.NaN]) {
      expect(() => draws.round(nonce)).toThrow(new RangeError('bad nonce'));
    }
    for (const n of [0, 2 ** 32 + 1, 2.5, Number.NaN]) {
      expect(() => draws.round(0).int(n)).toThrow(new RangeError(`bad range ${n}`));
    }
  });
});
