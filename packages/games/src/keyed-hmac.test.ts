import { createHmac, randomBytes, randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { FairRandom, MAX_NONCE, nobleHmacSha256 } from './fair.ts';
import { createKeyedHmacSha256 } from './keyed-hmac.ts';
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
