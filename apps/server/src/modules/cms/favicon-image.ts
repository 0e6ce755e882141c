/**
 * The default favicons, drawn in code so that no binary file has to live in the repository: a green
 * poker chip on a dark background, rendered with supersampling, encoded as PNG (RFC 2083) and packed
 * into an ICO that holds PNG images (supported by every browser since 2007).
 */
import { crc32, deflateSync } from 'node:zlib';

type Rgba = readonly [number, number, number, number];

const BACKGROUND: Rgba = [11, 18, 32, 255];
const TRANSPARENT: Rgba = [0, 0, 0, 0];
const RIM_SHADOW: Rgba = [5, 46, 22, 255];
const CHIP_EDGE: Rgba = [34, 197, 94, 255];
const EDGE_INSERT: Rgba = [248, 250, 252, 255];
const GROOVE: Rgba = [20, 83, 45, 255];
const CHIP_FACE: Rgba = [22, 163, 74, 255];
const FACE_RING: Rgba = [220, 252, 231, 255];

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const MAX_SIZE = 1024;

/** Colour of the mark at a point of the unit square centred on 0 (x, y in -1..1). */
function markColour(x: number, y: number, roundedCorners: boolean): Rgba {
  if (roundedCorners) {
    // A rounded square: transparent beyond a corner radius of 0.36.
    const cornerX = Math.max(Math.abs(x) - 0.64, 0);
    const cornerY = Math.max(Math.abs(y) - 0.64, 0);
    if (cornerX * cornerX + cornerY * cornerY > 0.36 * 0.36) return TRANSPARENT;
  }
  const radius = Math.hypot(x, y);
  if (radius > 0.9) return BACKGROUND;
  if (radius > 0.84) return RIM_SHADOW;
  if (radius > 0.62) {
    // Six light inserts around the edge, 24° wide, the look of a casino chip.
    const degrees = ((Math.atan2(y, x) * 180) / Math.PI + 360 + 30) % 60;
    return Math.abs(degrees - 30) < 12 ? EDGE_INSERT : CHIP_EDGE;
  }
  if (radius > 0.56) return GROOVE;
  if (radius > 0.4 && radius <= 0.45) return FACE_RING;
  return CHIP_FACE;
}

/** RGBA pixels of the chip at `size`×`size`. */
export function renderChip(size: number, options: { roundedCorners: boolean }): Uint8Array {
  if (!Number.isInteger(size) || size < 1 || size > MAX_SIZE) throw new RangeError(`Bad icon size ${size}`);
  // Small icons need more samples per pixel to stay smooth; large ones have pixels to spare.
  const samples = size <= 64 ? 4 : 2;
  const pixels = new Uint8Array(size * size * 4);
  for (let row = 0; row < size; row += 1) {
    for (let column = 0; column < size; column += 1) {
      let red = 0;
      let green = 0;
      let blue = 0;
      let alpha = 0;
      for (let sy = 0; sy < samples; sy += 1) {
        for (let sx = 0; sx < samples; sx += 1) {
          const x = ((column + (sx + 0.5) / samples) / size) * 2 - 1;
          const y = ((row + (sy + 0.5) / samples) / size) * 2 - 1;
          const [r, g, b, a] = markColour(x, y, options.roundedCorners);
          // Premultiplied sums, so transparent samples do not darken the edge.
          red += r * a;
          green += g * a;
          blue += b * a;
          alpha += a;
        }
      }
      const offset = (row * size + column) * 4;
      const count = samples * samples;
      pixels[offset] = alpha === 0 ? 0 : Math.round(red / alpha);
      pixels[offset + 1] = alpha === 0 ? 0 : Math.round(green / alpha);
      pixels[offset + 2] = alpha === 0 ? 0 : Math.round(blue / alpha);
      pixels[offset + 3] = Math.round(alpha / count);
    }
  }
  return pixels;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/** An 8-bit RGBA PNG of the given pixels. */
export function encodePng(width: number, height: number, rgba: Uint8Array): Buffer {
  if (rgba.length !== width * height * 4) throw new RangeError('Pixel buffer does not match the size');
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // colour type: RGBA
  header[10] = 0; // deflate
  header[11] = 0; // adaptive filtering
  header[12] = 0; // no interlace
  const stride = width * 4;
  const raw = Buffer.alloc((stride + 1) * height);
  for (let row = 0; row < height; row += 1) {
    raw[row * (stride + 1)] = 0; // filter: none
    raw.set(rgba.subarray(row * stride, (row + 1) * stride), row * (stride + 1) + 1);
  }
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export function chipPng(size: number, options: { roundedCorners: boolean }): Buffer {
  return encodePng(size, size, renderChip(size, options));
}

/** An ICO file holding the given PNG images (each at most 256 px). */
export function encodeIco(images: readonly { size: number; png: Buffer }[]): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(images.length, 4);
  const entries: Buffer[] = [];
  let offset = 6 + 16 * images.length;
  for (const image of images) {
    if (image.size < 1 || image.size > 256)
      throw new RangeError(`ICO images are 1-256 px, not ${image.size}`);
    const entry = Buffer.alloc(16);
    entry[0] = image.size === 256 ? 0 : image.size; // 0 means 256
    entry[1] = image.size === 256 ? 0 : image.size;
    entry[2] = 0; // no palette
    entry[3] = 0;
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(image.png.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += image.png.length;
    entries.push(entry);
  }
  return Buffer.concat([header, ...entries, ...images.map((image) => image.png)]);
}

export interface GeneratedFavicon {
  kind: 'png' | 'apple_png' | 'ico';
  size: string;
  contentType: string;
  bytes: Buffer;
}

/** Browser tab sizes, Android home screen (192) and the PWA/social image (512). */
export const PNG_FAVICON_SIZES = [16, 32, 48, 192, 512] as const;
/** iOS home screen; iOS rounds the corners itself, so the square stays full. */
export const APPLE_FAVICON_SIZE = 180;
export const ICO_SIZES = [16, 32, 48] as const;

/** Every default favicon the site serves; `wanted` limits which are drawn (drawing takes time). */
export function generateFavicons(
  wanted: (kind: GeneratedFavicon['kind'], size: string) => boolean,
): GeneratedFavicon[] {
  const result: GeneratedFavicon[] = [];
  for (const size of PNG_FAVICON_SIZES) {
    const label = `${size}x${size}`;
    if (!wanted('png', label)) continue;
    result.push({
      kind: 'png',
      size: label,
      contentType: 'image/png',
      bytes: chipPng(size, { roundedCorners: true }),
    });
  }
  const appleLabel = `${APPLE_FAVICON_SIZE}x${APPLE_FAVICON_SIZE}`;
  if (wanted('apple_png', appleLabel)) {
    result.push({
      kind: 'apple_png',
      size: appleLabel,
      contentType: 'image/png',
      bytes: chipPng(APPLE_FAVICON_SIZE, { roundedCorners: false }),
    });
  }
  if (wanted('ico', 'multi')) {
    const images = ICO_SIZES.map((size) => ({ size, png: chipPng(size, { roundedCorners: true }) }));
    result.push({ kind: 'ico', size: 'multi', contentType: 'image/x-icon', bytes: encodeIco(images) });
  }
  return result;
}
