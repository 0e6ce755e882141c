/**
 * The app icons, drawn from the Croupier chip mark (ui/logo.tsx, DESIGN.md "Identity") at build
 * time: the same geometry in its 32-unit box, sampled 4 × 4 per pixel for smooth edges.
 *
 * - `any`: the chip on a transparent square.
 * - `maskable`: a full-bleed background square with the chip inside the central safe zone (the
 *   launcher may cut the icon to a circle of 80 % of its width).
 */
import { encodePng } from './png.ts';

export interface IconColours {
  background: string;
  accent: string;
}

type Rgba = [number, number, number, number];

function parseHex(hex: string): Rgba {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) throw new Error(`chip icon: expected a #rrggbb colour, got ${hex}`);
  return [Number.parseInt(match[1] ?? '', 16), Number.parseInt(match[2] ?? '', 16), Number.parseInt(match[3] ?? '', 16), 255];
}

const INSERT_ANGLES = [0, 45, 90, 135, 180, 225, 270, 315].map((degrees) => (degrees * Math.PI) / 180);

/** The colour of the chip mark at (x, y) of its 32-unit box, or null outside it. */
function chipSample(x: number, y: number, background: Rgba, accent: Rgba): Rgba | null {
  const dx = x - 16;
  const dy = y - 16;
  const radius = Math.hypot(dx, dy);
  if (radius > 15) return null;
  // The diamond in the middle.
  if (Math.abs(dx) + Math.abs(dy) <= 4.75) return accent;
  if (radius <= 9.25) {
    // The dashed ring (r 7.25, 1 wide, dashes of 1.9) in accent at 60 %.
    if (Math.abs(radius - 7.25) <= 0.5) {
      const arc = (Math.atan2(dy, dx) + Math.PI) * 7.25;
      if (Math.floor(arc / 1.9) % 2 === 0) return blend(background, accent, 0.6);
    }
    return background;
  }
  // The eight edge inserts: 3.5 wide, from 1 to 6 units from the top, rotated about the centre.
  for (const angle of INSERT_ANGLES) {
    const cos = Math.cos(-angle);
    const sin = Math.sin(-angle);
    const rx = dx * cos - dy * sin;
    const ry = dx * sin + dy * cos;
    if (Math.abs(rx) <= 1.75 && ry >= -15 && ry <= -10) return background;
  }
  return accent;
}

function blend(under: Rgba, over: Rgba, alpha: number): Rgba {
  return [0, 1, 2].map((i) => Math.round((under[i] ?? 0) * (1 - alpha) + (over[i] ?? 0) * alpha)).concat(255) as Rgba;
}

const SAMPLES = 4;

/** A square PNG of `size` px; `maskable` fills the square and keeps the chip in the safe zone. */
export function chipIconPng(size: number, colours: IconColours, maskable: boolean): Buffer {
  const background = parseHex(colours.background);
  const accent = parseHex(colours.accent);
  // The chip's share of the icon's width: the whole square, or 64 % (inside the 80 % safe circle).
  const chipShare = maskable ? 0.64 : 1;
  const scale = 32 / (size * chipShare);
  const offset = (size * (1 - chipShare)) / 2;
  const pixels = new Uint8Array(size * size * 4);
  for (let py = 0; py < size; py += 1) {
    for (let px = 0; px < size; px += 1) {
      const sum = [0, 0, 0, 0];
      for (let sy = 0; sy < SAMPLES; sy += 1) {
        for (let sx = 0; sx < SAMPLES; sx += 1) {
          const x = (px + (sx + 0.5) / SAMPLES - offset) * scale;
          const y = (py + (sy + 0.5) / SAMPLES - offset) * scale;
          const colour = chipSample(x, y, background, accent) ?? (maskable ? background : null);
          if (!colour) continue;
          // Premultiplied sums, so transparent samples do not darken the edge.
          sum[0] = (sum[0] ?? 0) + colour[0];
          sum[1] = (sum[1] ?? 0) + colour[1];
          sum[2] = (sum[2] ?? 0) + colour[2];
          sum[3] = (sum[3] ?? 0) + 1;
        }
      }
      const covered = sum[3] ?? 0;
      const index = (py * size + px) * 4;
      if (covered === 0) continue;
      pixels[index] = Math.round((sum[0] ?? 0) / covered);
      pixels[index + 1] = Math.round((sum[1] ?? 0) / covered);
      pixels[index + 2] = Math.round((sum[2] ?? 0) / covered);
      pixels[index + 3] = Math.round((covered / (SAMPLES * SAMPLES)) * 255);
    }
  }
  return encodePng(size, size, pixels);
}
