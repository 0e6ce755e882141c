/**
 * HMAC-SHA256 for simulations at certification scale (issue #17, ADR 058): the same function as
 * node:crypto's and @noble/hashes' (FIPS 180-4 SHA-256, RFC 2104 HMAC; fair.test.ts and
 * keyed-hmac.test.ts compare its bytes with both), computed in plain JavaScript on 32-bit integers
 * with the key's two padded blocks hashed once per key instead of once per call.
 *
 * Why it is faster for FairRandom: every round hashes a short message under the same server seed.
 * HMAC costs four SHA-256 compressions per short message (key ⊕ ipad, the message, key ⊕ opad, the
 * inner digest); two of them depend on the key only. node:crypto redoes them, and pays a native call,
 * a key object and two buffers per HMAC, which is most of its cost at these sizes. Here the key's
 * two midstates are kept for the last key seen (a run uses one server seed), the message is written
 * straight into a reused block as ASCII, and the compression reuses one message schedule.
 *
 * Not used for real rounds: the game server keeps node:crypto (OpenSSL). Same bytes either way, so
 * a simulation through this HMAC plays exactly the rounds the server would deal for those seeds.
 */
import { type HmacSha256, type IntSource, MAX_NONCE, seedProblem } from './fair.ts';

const TWO_POW_32 = 4_294_967_296;

const K = Int32Array.from([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);

const IV = Int32Array.from([
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
]);

const BLOCK = 64;
/** Words 8–15 of HMAC's outer block after a 32-byte digest: 0x80, zeros, then 768 bits (64 + 32 bytes). */
const OUTER_PADDING = Int32Array.from([0x80000000 | 0, 0, 0, 0, 0, 0, 0, (BLOCK + 32) * 8]);
const utf8 = new TextEncoder();

/**
 * One SHA-256 compression: `state` (8 words) absorbs the 64-byte block of `bytes` at `offset`.
 * `w` is the caller's 64-word message schedule (reused, so nothing is allocated).
 */
function compress(state: Int32Array, bytes: Uint8Array, offset: number, w: Int32Array): void {
  for (let i = 0; i < 16; i += 1) {
    const o = offset + i * 4;
    w[i] = (bytes[o]! << 24) | (bytes[o + 1]! << 16) | (bytes[o + 2]! << 8) | bytes[o + 3]!;
  }
  compressWords(state, w);
}

/** One SHA-256 compression of the block already in `w[0..15]` (the rest of `w` is overwritten). */
function compressWords(state: Int32Array, w: Int32Array): void {
  for (let i = 16; i < 64; i += 1) {
    const x = w[i - 15]!;
    const y = w[i - 2]!;
    const s0 = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
    const s1 = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
    w[i] = (w[i - 16]! + s0 + w[i - 7]! + s1) | 0;
  }
  let a = state[0]!;
  let b = state[1]!;
  let c = state[2]!;
  let d = state[3]!;
  let e = state[4]!;
  let f = state[5]!;
  let g = state[6]!;
  let h = state[7]!;
  let t1 = 0;
  // Eight rounds per pass with the working variables renamed instead of moved (each round's new
  // a and e land in the registers the old h and d held). Ch(e,f,g) = g ^ (e & (f ^ g)),
  // Maj(a,b,c) = (a & b) | (c & (a | b)): the standard forms with one operation fewer.
  for (let i = 0; i < 64; i += 8) {
    t1 =
      (h +
        (((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7))) +
        (g ^ (e & (f ^ g))) +
        K[i]! +
        w[i]!) |
      0;
    d = (d + t1) | 0;
    h =
      (t1 +
        ((((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10))) +
          ((a & b) | (c & (a | b))))) |
      0;
    t1 =
      (g +
        (((d >>> 6) | (d << 26)) ^ ((d >>> 11) | (d << 21)) ^ ((d >>> 25) | (d << 7))) +
        (f ^ (d & (e ^ f))) +
        K[i + 1]! +
        w[i + 1]!) |
      0;
    c = (c + t1) | 0;
    g =
      (t1 +
        ((((h >>> 2) | (h << 30)) ^ ((h >>> 13) | (h << 19)) ^ ((h >>> 22) | (h << 10))) +
          ((h & a) | (b & (h | a))))) |
      0;
    t1 =
      (f +
        (((c >>> 6) | (c << 26)) ^ ((c >>> 11) | (c << 21)) ^ ((c >>> 25) | (c << 7))) +
        (e ^ (c & (d ^ e))) +
        K[i + 2]! +
        w[i + 2]!) |
      0;
    b = (b + t1) | 0;
    f =
      (t1 +
        ((((g >>> 2) | (g << 30)) ^ ((g >>> 13) | (g << 19)) ^ ((g >>> 22) | (g << 10))) +
          ((g & h) | (a & (g | h))))) |
      0;
    t1 =
      (e +
        (((b >>> 6) | (b << 26)) ^ ((b >>> 11) | (b << 21)) ^ ((b >>> 25) | (b << 7))) +
        (d ^ (b & (c ^ d))) +
        K[i + 3]! +
        w[i + 3]!) |
      0;
    a = (a + t1) | 0;
    e =
      (t1 +
        ((((f >>> 2) | (f << 30)) ^ ((f >>> 13) | (f << 19)) ^ ((f >>> 22) | (f << 10))) +
          ((f & g) | (h & (f | g))))) |
      0;
    t1 =
      (d +
        (((a >>> 6) | (a << 26)) ^ ((a >>> 11) | (a << 21)) ^ ((a >>> 25) | (a << 7))) +
        (c ^ (a & (b ^ c))) +
        K[i + 4]! +
        w[i + 4]!) |
      0;
    h = (h + t1) | 0;
    d =
      (t1 +
        ((((e >>> 2) | (e << 30)) ^ ((e >>> 13) | (e << 19)) ^ ((e >>> 22) | (e << 10))) +
          ((e & f) | (g & (e | f))))) |
      0;
    t1 =
      (c +
        (((h >>> 6) | (h << 26)) ^ ((h >>> 11) | (h << 21)) ^ ((h >>> 25) | (h << 7))) +
        (b ^ (h & (a ^ b))) +
        K[i + 5]! +
        w[i + 5]!) |
      0;
    g = (g + t1) | 0;
    c =
      (t1 +
        ((((d >>> 2) | (d << 30)) ^ ((d >>> 13) | (d << 19)) ^ ((d >>> 22) | (d << 10))) +
          ((d & e) | (f & (d | e))))) |
      0;
    t1 =
      (b +
        (((g >>> 6) | (g << 26)) ^ ((g >>> 11) | (g << 21)) ^ ((g >>> 25) | (g << 7))) +
        (a ^ (g & (h ^ a))) +
        K[i + 6]! +
        w[i + 6]!) |
      0;
    f = (f + t1) | 0;
    b =
      (t1 +
        ((((c >>> 2) | (c << 30)) ^ ((c >>> 13) | (c << 19)) ^ ((c >>> 22) | (c << 10))) +
          ((c & d) | (e & (c | d))))) |
      0;
    t1 =
      (a +
        (((f >>> 6) | (f << 26)) ^ ((f >>> 11) | (f << 21)) ^ ((f >>> 25) | (f << 7))) +
        (h ^ (f & (g ^ h))) +
        K[i + 7]! +
        w[i + 7]!) |
      0;
    e = (e + t1) | 0;
    a =
      (t1 +
        ((((b >>> 2) | (b << 30)) ^ ((b >>> 13) | (b << 19)) ^ ((b >>> 22) | (b << 10))) +
          ((b & c) | (d & (b | c))))) |
      0;
  }
  state[0] = (state[0]! + a) | 0;
  state[1] = (state[1]! + b) | 0;
  state[2] = (state[2]! + c) | 0;
  state[3] = (state[3]! + d) | 0;
  state[4] = (state[4]! + e) | 0;
  state[5] = (state[5]! + f) | 0;
  state[6] = (state[6]! + g) | 0;
  state[7] = (state[7]! + h) | 0;
}

/** Writes `state` big-endian into `out` at `offset` (32 bytes). */
function writeState(state: Int32Array, out: Uint8Array, offset: number): void {
  for (let i = 0; i < 8; i += 1) {
    const v = state[i]!;
    const o = offset + i * 4;
    out[o] = v >>> 24;
    out[o + 1] = (v >>> 16) & 0xff;
    out[o + 2] = (v >>> 8) & 0xff;
    out[o + 3] = v & 0xff;
  }
}

/**
 * Pads the `length` message bytes already in `buffer` (after `prefix` bytes hashed before them:
 * the key block) and compresses them into `state`. `buffer` must have room for the padding.
 */
function finish(state: Int32Array, buffer: Uint8Array, length: number, prefix: number, w: Int32Array): void {
  const total = length + 9;
  const blocks = Math.ceil(total / BLOCK);
  buffer[length] = 0x80;
  buffer.fill(0, length + 1, blocks * BLOCK);
  // Message length in bits, big-endian in the last 8 bytes (below 2⁵³ here, so two 32-bit words).
  const bits = (prefix + length) * 8;
  const end = blocks * BLOCK;
  const high = Math.floor(bits / 0x1_0000_0000);
  buffer[end - 8] = high >>> 24;
  buffer[end - 7] = (high >>> 16) & 0xff;
  buffer[end - 6] = (high >>> 8) & 0xff;
  buffer[end - 5] = high & 0xff;
  buffer[end - 4] = bits >>> 24;
  buffer[end - 3] = (bits >>> 16) & 0xff;
  buffer[end - 2] = (bits >>> 8) & 0xff;
  buffer[end - 1] = bits & 0xff;
  for (let offset = 0; offset < end; offset += BLOCK) compress(state, buffer, offset, w);
}

/** SHA-256 of `bytes` (only for keys longer than a block, which HMAC hashes first). */
function sha256(bytes: Uint8Array): Uint8Array {
  const w = new Int32Array(64);
  const state = IV.slice();
  const whole = Math.floor(bytes.length / BLOCK) * BLOCK;
  for (let offset = 0; offset < whole; offset += BLOCK) compress(state, bytes, offset, w);
  const rest = bytes.length - whole;
  const tail = new Uint8Array(Math.ceil((rest + 9) / BLOCK) * BLOCK);
  tail.set(bytes.subarray(whole));
  finish(state, tail, rest, whole, w);
  const out = new Uint8Array(32);
  writeState(state, out, 0);
  return out;
}

/**
 * A new HMAC-SHA256 with its own scratch space and key cache (one per thread or simulation; not
 * shared across concurrent users of one instance, which a synchronous call never is).
 */
export function createKeyedHmacSha256(): HmacSha256 {
  const w = new Int32Array(64);
  const inner = new Int32Array(8);
  const outer = new Int32Array(8);
  const innerMid = new Int32Array(8);
  const outerMid = new Int32Array(8);
  let buffer = new Uint8Array(4 * BLOCK);
  let cachedKey: string | undefined;

  function setKey(key: string): void {
    let bytes: Uint8Array = utf8.encode(key);
    if (bytes.length > BLOCK) bytes = sha256(bytes);
    const pad = new Uint8Array(BLOCK);
    for (let i = 0; i < BLOCK; i += 1) pad[i] = (bytes[i] ?? 0) ^ 0x36;
    innerMid.set(IV);
    compress(innerMid, pad, 0, w);
    for (let i = 0; i < BLOCK; i += 1) pad[i] = (bytes[i] ?? 0) ^ 0x5c;
    outerMid.set(IV);
    compress(outerMid, pad, 0, w);
    cachedKey = key;
  }

  /** Writes the message's UTF-8 bytes into `buffer` (grown to fit its padding); returns their count. */
  function writeMessage(message: string): number {
    const n = message.length;
    // Every UTF-16 unit becomes at most 3 UTF-8 bytes; 9 more for the padding, then whole blocks.
    const room = Math.ceil((n * 3 + 9) / BLOCK) * BLOCK;
    if (buffer.length < room) buffer = new Uint8Array(room);
    for (let i = 0; i < n; i += 1) {
      const code = message.charCodeAt(i);
      if (code >= 0x80) return utf8.encodeInto(message, buffer).written;
      buffer[i] = code;
    }
    return n;
  }

  return (key, message) => {
    if (key !== cachedKey) setKey(key);
    const length = writeMessage(message);
    inner.set(innerMid);
    finish(inner, buffer, length, BLOCK, w);
    // The outer hash's one block is the inner digest, then its padding for 64 + 32 bytes: written
    // as words straight from the inner state.
    outer.set(outerMid);
    w.set(inner);
    w.set(OUTER_PADDING, 8);
    compressWords(outer, w);
    const out = new Uint8Array(32);
    writeState(outer, out, 0);
    return out;
  };
}

/** Room for `${clientSeed}:${nonce}:${block}` (64 + 1 + 10 + 1 + 10 bytes) and its padding. */
const MESSAGE_ROOM = 2 * BLOCK;

/** Writes `value`'s decimal digits into `bytes` at `at`; returns the index after the last one. */
function writeDecimal(bytes: Uint8Array, at: number, value: number): number {
  let digits = 1;
  for (let rest = value; rest >= 10; rest = Math.floor(rest / 10)) digits += 1;
  let rest = value;
  for (let i = at + digits - 1; i >= at; i -= 1) {
    bytes[i] = 0x30 + (rest % 10);
    rest = Math.floor(rest / 10);
  }
  return at + digits;
}

/**
 * FairRandom's draws, round after round of one seed pair, for simulations (ADR 061): the bytes of
 * block b of nonce n are HMAC-SHA256(server seed, `${clientSeed}:${n}:${b}`) and an integer in
 * [0, k) is taken from them by the same rejection sampling, so every draw equals FairRandom's with
 * any HMAC (keyed-hmac.test.ts compares them draw by draw). What it saves against a FairRandom per
 * round over the keyed HMAC: the round's object, the seed checks (done once, here), the message as
 * a string (the `${clientSeed}:` bytes are written once, the nonce's digits once per round), and the
 * digest as bytes (draws read the outer hash's words, big-endian uint32s already).
 *
 * Not for real rounds: the game server deals with FairRandom over node:crypto.
 */
export class KeyedRoundDraws implements IntSource {
  /** Draws taken in the current round (rejected ones included), as FairRandom counts them. */
  draws = 0;
  private readonly w = new Int32Array(64);
  private readonly innerMid = new Int32Array(8);
  private readonly outerMid = new Int32Array(8);
  private readonly words = new Int32Array(8);
  private readonly message = new Uint8Array(MESSAGE_ROOM);
  /** Bytes of `${clientSeed}:`, then of `${clientSeed}:${nonce}:`. */
  private readonly prefix: number;
  private roundPrefix = 0;
  private block = 0;
  /** The next word of `words` to draw; 8 when the block is used up. */
  private next = 8;

  constructor(serverSeed: string, clientSeed: string) {
    const problem = seedProblem({ serverSeed, clientSeed, nonce: 0 });
    if (problem) throw new RangeError(`bad ${problem}`);
    // The server seed is 64 ASCII characters: exactly one block, so the key is used as it is.
    const pad = new Uint8Array(BLOCK);
    for (let i = 0; i < BLOCK; i += 1) pad[i] = serverSeed.charCodeAt(i) ^ 0x36;
    this.innerMid.set(IV);
    compress(this.innerMid, pad, 0, this.w);
    for (let i = 0; i < BLOCK; i += 1) pad[i] = serverSeed.charCodeAt(i) ^ 0x5c;
    this.outerMid.set(IV);
    compress(this.outerMid, pad, 0, this.w);
    // The client seed is ASCII (CLIENT_SEED): one byte per character.
    for (let i = 0; i < clientSeed.length; i += 1) this.message[i] = clientSeed.charCodeAt(i);
    this.message[clientSeed.length] = 0x3a; // ':'
    this.prefix = clientSeed.length + 1;
  }

  /** Starts the round of `nonce` (0 … MAX_NONCE): its first draw is block 0's first word. */
  round(nonce: number): this {
    if (!Number.isSafeInteger(nonce) || nonce < 0 || nonce > MAX_NONCE) throw new RangeError('bad nonce');
    const end = writeDecimal(this.message, this.prefix, nonce);
    this.message[end] = 0x3a;
    this.roundPrefix = end + 1;
    this.block = 0;
    this.next = 8;
    this.draws = 0;
    return this;
  }

  /** A uniformly distributed integer in [0, n), 1 ≤ n ≤ 2³², exactly as FairRandom.int draws it. */
  int(n: number): number {
    if (!Number.isSafeInteger(n) || n < 1 || n > TWO_POW_32) throw new RangeError(`bad range ${n}`);
    if (this.roundPrefix === 0) throw new Error('round(nonce) first');
    const limit = Math.floor(TWO_POW_32 / n) * n;
    for (;;) {
      if (this.next === 8) this.hashBlock();
      this.draws += 1;
      const u = this.words[this.next]! >>> 0;
      this.next += 1;
      // u − ⌊u / n⌋·n is u mod n: the quotient of two integers below 2⁵³ floors exactly, and it
      // stays in machine arithmetic where % on a uint32 above 2³¹ calls fmod.
      if (u < limit) return u - Math.floor(u / n) * n;
    }
  }

  /** `words` ← HMAC of the round's next block's message. */
  private hashBlock(): void {
    const { w, words } = this;
    const length = writeDecimal(this.message, this.roundPrefix, this.block);
    words.set(this.innerMid);
    finish(words, this.message, length, BLOCK, w);
    w.set(words);
    w.set(OUTER_PADDING, 8);
    words.set(this.outerMid);
    compressWords(words, w);
    this.block += 1;
    this.next = 0;
  }
}
