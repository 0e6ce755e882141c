/** node:crypto's HMAC-SHA256 for FairRandom on the server and in simulations (same bytes, faster). */
import { createHmac } from 'node:crypto';
import type { HmacSha256 } from './fair.ts';

export const nodeHmacSha256: HmacSha256 = (key, message) =>
  createHmac('sha256', key).update(message).digest();
