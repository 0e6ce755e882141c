import { z } from 'zod';

/** Keys the web keeps per player, e.g. `already_seen_cashback_id`. */
export const storageKey = z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'invalid_key');
export const STORAGE_MAX_KEYS_PER_PLAYER = 100;
export const STORAGE_MAX_VALUE_CHARS = 4096;
