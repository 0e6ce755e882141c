import { describe, expect, it } from 'vitest';
import { acceptsEncoding, pickEncoding } from './compression.ts';

describe('pickEncoding', () => {
  it('prefers brotli, honours weights and refusals, and sends nothing the client did not name', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip, deflate')).toBe('gzip');
    expect(pickEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0')).toBeNull();
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding('*')).toBeNull();
    expect(pickEncoding('')).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
    expect(pickEncoding(' BR ; q=1 ')).toBe('br');
    expect(pickEncoding('br;q=abc, gzip')).toBe('gzip');
  });
});

describe('acceptsEncoding', () => {
  it('is true only for an encoding named with a weight above 0', () => {
    expect(acceptsEncoding('gzip, deflate, br, zstd', 'gzip')).toBe(true);
    expect(acceptsEncoding(['br', 'gzip;q=0.1'], 'gzip')).toBe(true);
    expect(acceptsEncoding('br', 'gzip')).toBe(false);
    expect(acceptsEncoding('gzip;q=0, br', 'gzip')).toBe(false);
    expect(acceptsEncoding('GZIP;Q=0.5', 'gzip')).toBe(true);
    expect(acceptsEncoding('*', 'gzip')).toBe(false);
    expect(acceptsEncoding(undefined, 'br')).toBe(false);
  });
});
