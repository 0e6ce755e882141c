/**
 * The provably-fair random source shared by every in-house game (ARCHITECTURE.md §5).
 *
 * - The server seed is 32 random bytes written as 64 lowercase hex characters. Before any round is
 *   played with it, the player is shown its commitment: SHA-256 of those 64 ASCII characters, hex.
 * - The client seed is chosen by the player (1–64 characters of A–Z a–z 0–9 _ -).
 * - Every round uses the next nonce (0, 1, 2 …) of the seed pair.
 * - The round's bytes are the concatenation of blocks HMAC-SHA256(key = server seed ASCII,
 *   message = `${clientSeed}:${nonce}:${block}`) for block = 0, 1, 2 …, consumed in order.
 * - An integer in [0, n) takes 4 bytes as a big-endian uint32 u; values u ≥ n·⌊2³²/n⌋ are discarded
 *   and the next 4 bytes are taken (rejection sampling, so every value is exactly equally likely);
 *   otherwise the result is u mod n. No floating point is involved anywhere.
 *
 * The HMAC implementation is injectable: the server passes node:crypto's, the browser verifier uses
 * @noble/hashes (the default). The RTP tool's simulations deal the same draws through
 * KeyedRoundDraws (keyed-hmac.ts: the key's midstates kept, the round's message and draws as words,
 * ADRs 058 and 061). All give identical bytes and draws.
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

export type HmacSha256 = (key: string, message: string) => Uint8Array;

export const nobleHmacSha256: HmacSha256 = (key, message) =>
  hmac(sha256, utf8ToBytes(key), utf8ToBytes(message));

export interface FairSeeds {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
}

export const SERVER_SEED = /^[0-9a-f]{64}$/;
export const CLIENT_SEED = /^[A-Za-z0-9_-]{1,64}$/;
export const MAX_NONCE = 2 ** 31 - 1;

const validNonce = (nonce: number) => Number.isSafeInteger(nonce) && nonce >= 0 && nonce <= MAX_NONCE;

/** Why a seed triple cannot be used, or undefined when it can. */
export function seedProblem(seeds: FairSeeds): string | undefined {
  if (!SERVER_SEED.test(seeds.serverSeed)) return 'server_seed';
  if (!CLIENT_SEED.test(seeds.clientSeed)) return 'client_seed';
  if (!validNonce(seeds.nonce)) return 'nonce';
  return undefined;
}

/** The last seed pair FairRandom found well-formed (strings: compared by value). */
const checked = { serverSeed: '', clientSeed: '' };

/** The commitment shown before play: SHA-256 of the server seed's 64 ASCII characters, hex. */
export function commitServerSeed(serverSeed: string): string {
  return bytesToHex(sha256(utf8ToBytes(serverSeed)));
}

const TWO_POW_32 = 4_294_967_296;

/** What a game needs of a random source: FairRandom in play, scripted values in rule tests. */
export type IntSource = Pick<FairRandom, 'int'>;

export class FairRandom {
  readonly seeds: FairSeeds;
  private readonly hmac: HmacSha256;
  private block = 0;
  private buffer: Uint8Array = new Uint8Array(0);
  private offset = 0;
  /** How many uint32 draws were taken (rejected ones included): lets a verifier show its work. */
  draws = 0;

  constructor(seeds: FairSeeds, hmacSha256: HmacSha256 = nobleHmacSha256) {
    // A simulation makes millions of these with one seed pair: a pair found good is not re-read.
    if (
      seeds.serverSeed !== checked.serverSeed ||
      seeds.clientSeed !== checked.clientSeed ||
      !validNonce(seeds.nonce)
    ) {
      const problem = seedProblem(seeds);
      if (problem) throw new RangeError(`bad ${problem}`);
      checked.serverSeed = seeds.serverSeed;
      checked.clientSeed = seeds.clientSeed;
    }
    this.seeds = seeds;
    this.hmac = hmacSha256;
  }

  private nextUint32(): number {
    if (this.offset + 4 > this.buffer.length) {
      const { serverSeed, clientSeed, nonce } = this.seeds;
      this.buffer = this.hmac(serverSeed, `${clientSeed}:${nonce}:${this.block}`);
      this.block += 1;
      this.offset = 0;
    }
    const b = this.buffer;
    const o = this.offset;
    this.offset += 4;
    this.draws += 1;
    // >>> 0 keeps it an unsigned 32-bit integer (bit operations are exact on these).
    return ((b[o]! << 24) | (b[o + 1]! << 16) | (b[o + 2]! << 8) | b[o + 3]!) >>> 0;
  }

  /** A uniformly distributed integer in [0, n), 1 ≤ n ≤ 2³². */
  int(n: number): number {
    if (!Number.isSafeInteger(n) || n < 1 || n > TWO_POW_32) throw new RangeError(`bad range ${n}`);
    const limit = Math.floor(TWO_POW_32 / n) * n;
    for (;;) {
      const u = this.nextUint32();
      if (u < limit) return u % n;
    }
  }
}

/** Round after round of one seed pair, as a simulation plays them: `round(nonce)` is that round's source. */
export interface RoundDraws {
  round(nonce: number): IntSource;
}

/** A run's draws for a seed pair (checked by the factory: a bad pair is a RangeError). */
export type RoundDrawsFactory = (serverSeed: string, clientSeed: string) => RoundDraws;

/** The reference: every round a FairRandom over `hmac` (@noble/hashes unless given). */
export function fairRoundDraws(hmac: HmacSha256 = nobleHmacSha256): RoundDrawsFactory {
  return (serverSeed, clientSeed) => ({
    round: (nonce) => new FairRandom({ serverSeed, clientSeed, nonce }, hmac),
  });
}
