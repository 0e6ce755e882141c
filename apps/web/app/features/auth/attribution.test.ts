import { describe, expect, test } from 'vitest';
import {
  captureAttribution,
  PROMO_CODE_STORAGE_KEY,
  promoCodeFromQuery,
  type StorageLike,
  storedPromoCode,
  storedTracking,
  TRACKING_STORAGE_KEY,
  trackingFromQuery,
} from './attribution.ts';

function memoryStorage(initial: Record<string, string> = {}): StorageLike & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => {
      data.set(key, value);
    },
  };
}

const NOW = new Date('2025-03-07T09:05:00.000Z');

describe('promo_code', () => {
  test('the query value is kept under promo_code', () => {
    const storage = memoryStorage();
    captureAttribution('?promo_code=WELCOME', storage, NOW);
    expect(storage.data.get(PROMO_CODE_STORAGE_KEY)).toBe('WELCOME');
  });

  test('the query wins over the stored value', () => {
    const storage = memoryStorage({ promo_code: 'OLD' });
    captureAttribution('?promo_code=NEW', storage, NOW);
    expect(storedPromoCode(storage)).toBe('NEW');
  });

  test('of a repeated parameter the last value counts', () => {
    expect(promoCodeFromQuery('?promo_code=A&promo_code=B')).toBe('B');
  });

  test('no, blank or overlong query value leaves the stored one alone', () => {
    for (const search of ['', '?x=1', '?promo_code=', '?promo_code=%20', `?promo_code=${'x'.repeat(65)}`]) {
      const storage = memoryStorage({ promo_code: 'KEEP' });
      captureAttribution(search, storage, NOW);
      expect(storedPromoCode(storage)).toBe('KEEP');
    }
  });

  test('storage that throws is ignored', () => {
    const broken: StorageLike = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
    };
    expect(() => captureAttribution('?promo_code=X&track_id=1', broken, NOW)).not.toThrow();
    expect(storedPromoCode(broken)).toBe('');
    expect(storedTracking(broken)).toBeUndefined();
  });
});

describe('advertising parameters', () => {
  test('all six are kept under one key with the time they arrived', () => {
    const storage = memoryStorage();
    captureAttribution(
      '?track_id=T1&show_popup_reg=1&publisher_id=P&goal_id=G&goal_entry_id=GE&link_id=L&other=x',
      storage,
      NOW,
    );
    expect(JSON.parse(storage.data.get(TRACKING_STORAGE_KEY) ?? '')).toEqual({
      params: {
        track_id: 'T1',
        show_popup_reg: '1',
        publisher_id: 'P',
        goal_id: 'G',
        goal_entry_id: 'GE',
        link_id: 'L',
      },
      savedAt: '2025-03-07T09:05:00.000Z',
    });
  });

  test('a track_id starting td_ becomes the td parameter', () => {
    expect(trackingFromQuery('?track_id=td_abc123')).toEqual({ td: 'abc123' });
    expect(trackingFromQuery('?track_id=td_')).toBeUndefined();
    expect(trackingFromQuery('?track_id=xtd_1')).toEqual({ track_id: 'xtd_1' });
  });

  test('a new set replaces the previous one whole; an address without any keeps it', () => {
    const storage = memoryStorage();
    captureAttribution('?track_id=A&publisher_id=P', storage, NOW);
    captureAttribution('?about=1', storage, NOW);
    expect(storedTracking(storage)?.params).toEqual({ track_id: 'A', publisher_id: 'P' });
    captureAttribution('?link_id=L', storage, NOW);
    expect(storedTracking(storage)?.params).toEqual({ link_id: 'L' });
  });

  test('the last of a repeated parameter counts; blank ones are skipped', () => {
    expect(trackingFromQuery('?goal_id=1&goal_id=2&link_id=')).toEqual({ goal_id: '2' });
  });

  test('a corrupted stored value reads as none', () => {
    expect(storedTracking(memoryStorage({ croupier_tracking: '{oops' }))).toBeUndefined();
    expect(storedTracking(memoryStorage({ croupier_tracking: '"text"' }))).toBeUndefined();
  });
});
