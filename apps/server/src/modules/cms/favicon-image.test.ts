import { crc32, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  APPLE_FAVICON_SIZE,
  chipPng,
  encodeIco,
  generateFavicons,
  ICO_SIZES,
  PNG_FAVICON_SIZES,
} from './favicon-image.ts';

/** Walks a PNG's chunks, checking each CRC; returns them by type. */
function readPng(bytes: Buffer): { width: number; height: number; pixels: Buffer } {
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  let offset = 8;
  const chunks: { type: string; data: Buffer }[] = [];
  while (offset < bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('ascii', offset + 4, offset + 8);
    const data = bytes.subarray(offset + 8, offset + 8 + length);
    const crc = bytes.readUInt32BE(offset + 8 + length);
    expect(crc32(bytes.subarray(offset + 4, offset + 8 + length)) >>> 0, `${type} CRC`).toBe(crc);
    chunks.push({ type, data });
    offset += 12 + length;
  }
  expect(chunks.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
  const header = chunks[0]!.data;
  const width = header.readUInt32BE(0);
  const height = header.readUInt32BE(4);
  expect([header[8], header[9]]).toEqual([8, 6]);
  const raw = inflateSync(chunks[1]!.data);
  expect(raw.length).toBe((width * 4 + 1) * height);
  return { width, height, pixels: raw };
}

function pixel(png: { width: number; pixels: Buffer }, x: number, y: number): number[] {
  const offset = y * (png.width * 4 + 1) + 1 + x * 4;
  return [...png.pixels.subarray(offset, offset + 4)];
}

describe('favicons', () => {
  it('draws a valid PNG: dark background, green chip in the middle', () => {
    const png = readPng(chipPng(64, { roundedCorners: false }));
    expect([png.width, png.height]).toEqual([64, 64]);
    const [r, g, b, a] = pixel(png, 32, 32);
    expect(a).toBe(255);
    expect(g).toBeGreaterThan(r! + 60);
    expect(g).toBeGreaterThan(b! + 60);
    expect(pixel(png, 1, 1)).toEqual([11, 18, 32, 255]);
  });

  it('makes the corners transparent when rounded', () => {
    const png = readPng(chipPng(32, { roundedCorners: true }));
    expect(pixel(png, 0, 0)[3]).toBe(0);
    expect(pixel(png, 16, 16)[3]).toBe(255);
  });

  it('packs PNG images into a valid ICO directory', () => {
    const images = ICO_SIZES.map((size) => ({ size, png: chipPng(size, { roundedCorners: true }) }));
    const ico = encodeIco(images);
    expect(ico.readUInt16LE(0)).toBe(0);
    expect(ico.readUInt16LE(2)).toBe(1);
    expect(ico.readUInt16LE(4)).toBe(images.length);
    images.forEach((image, index) => {
      const entry = 6 + index * 16;
      expect(ico[entry]).toBe(image.size);
      const length = ico.readUInt32LE(entry + 8);
      const offset = ico.readUInt32LE(entry + 12);
      expect(readPng(ico.subarray(offset, offset + length)).width).toBe(image.size);
    });
  });

  it('generates every kind and size, or only the wanted ones', () => {
    const all = generateFavicons(() => true);
    expect(all.map((f) => `${f.kind}:${f.size}`)).toEqual([
      ...PNG_FAVICON_SIZES.map((size) => `png:${size}x${size}`),
      `apple_png:${APPLE_FAVICON_SIZE}x${APPLE_FAVICON_SIZE}`,
      'ico:multi',
    ]);
    expect(generateFavicons((kind) => kind === 'ico').map((f) => f.kind)).toEqual(['ico']);
  });
});
