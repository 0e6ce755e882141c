/**
 * Game artwork drawn in code (the repository carries no binary assets): one 288×192 SVG per game,
 * its engine's motif (reels, wheel, cards, dice, pegs) in its theme's palette, with the game's
 * name. Deterministic: the same game always draws the same bytes (so ETags hold across nodes).
 */
import { createHash } from 'node:crypto';
import type { EngineName, ThemeName } from './games.catalogue.ts';

export const ART_WIDTH = 288;
export const ART_HEIGHT = 192;

interface Palette {
  from: string;
  to: string;
  accents: [string, string, string];
  ink: string;
  glow: string;
}

const PALETTES: Record<ThemeName, Palette> = {
  neon: {
    from: '#12052b',
    to: '#3a0b5c',
    accents: ['#ff2bd6', '#00e5ff', '#faff00'],
    ink: '#fdf4ff',
    glow: '#ff2bd6',
  },
  aurora: {
    from: '#03131f',
    to: '#0c3f3b',
    accents: ['#4ade80', '#a78bfa', '#22d3ee'],
    ink: '#ecfeff',
    glow: '#4ade80',
  },
  gems: {
    from: '#1b0b30',
    to: '#43104a',
    accents: ['#ef4444', '#10b981', '#3b82f6'],
    ink: '#fdf2f8',
    glow: '#f472b6',
  },
  ocean: {
    from: '#021a33',
    to: '#075173',
    accents: ['#38bdf8', '#fbbf24', '#f472b6'],
    ink: '#f0f9ff',
    glow: '#38bdf8',
  },
  classic: {
    from: '#04301b',
    to: '#0f5a36',
    accents: ['#facc15', '#ef4444', '#f8fafc'],
    ink: '#fefce8',
    glow: '#facc15',
  },
  royale: {
    from: '#2a0612',
    to: '#611027',
    accents: ['#d4af37', '#f8fafc', '#111827'],
    ink: '#fff7e0',
    glow: '#d4af37',
  },
  frost: {
    from: '#0a1d3a',
    to: '#22578a',
    accents: ['#e0f2fe', '#7dd3fc', '#c4b5fd'],
    ink: '#f8fafc',
    glow: '#7dd3fc',
  },
};

const FONT = "Inter, 'Segoe UI', system-ui, sans-serif";

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** A deterministic stream in [0, 1) from a text seed. */
function* stream(seed: string): Generator<number, never> {
  let state = createHash('sha256').update(seed).digest().readUInt32LE(0);
  while (true) {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    yield state / 2 ** 32;
  }
}

function next(random: Generator<number, never>): number {
  return random.next().value;
}

function sparkles(p: Palette, random: Generator<number, never>, count: number): string {
  const dots: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const x = (next(random) * ART_WIDTH).toFixed(1);
    const y = (next(random) * ART_HEIGHT * 0.7).toFixed(1);
    const r = (0.6 + next(random) * 1.6).toFixed(2);
    const colour = p.accents[i % 3];
    dots.push(
      `<circle cx="${x}" cy="${y}" r="${r}" fill="${colour}" opacity="${(0.25 + next(random) * 0.5).toFixed(2)}"/>`,
    );
  }
  return dots.join('');
}

function symbol(kind: number, cx: number, cy: number, p: Palette): string {
  const [a, b, c] = p.accents;
  switch (kind % 5) {
    case 0:
      return `<text x="${cx}" y="${cy + 11}" text-anchor="middle" font-family="${FONT}" font-size="32" font-weight="900" fill="${a}" stroke="${p.ink}" stroke-width="1">7</text>`;
    case 1:
      return `<path d="M${cx} ${cy - 13} L${cx + 12} ${cy} L${cx} ${cy + 13} L${cx - 12} ${cy} Z" fill="${b}" stroke="${p.ink}" stroke-width="1.5"/>`;
    case 2:
      return `<circle cx="${cx - 6}" cy="${cy + 5}" r="7" fill="${a}"/><circle cx="${cx + 7}" cy="${cy + 6}" r="7" fill="${a}"/><path d="M${cx - 6} ${cy - 1} Q${cx} ${cy - 16} ${cx + 9} ${cy - 12} M${cx + 7} ${cy} Q${cx + 6} ${cy - 8} ${cx + 9} ${cy - 12}" stroke="${c}" stroke-width="2" fill="none"/>`;
    case 3: {
      const points: string[] = [];
      for (let i = 0; i < 10; i += 1) {
        const radius = i % 2 === 0 ? 13 : 5.5;
        const angle = (Math.PI / 5) * i - Math.PI / 2;
        points.push(
          `${(cx + radius * Math.cos(angle)).toFixed(1)},${(cy + radius * Math.sin(angle)).toFixed(1)}`,
        );
      }
      return `<polygon points="${points.join(' ')}" fill="${c}" stroke="${p.ink}" stroke-width="1"/>`;
    }
    default:
      return `<rect x="${cx - 14}" y="${cy - 8}" width="28" height="16" rx="3" fill="${p.ink}"/><text x="${cx}" y="${cy + 4}" text-anchor="middle" font-family="${FONT}" font-size="10" font-weight="800" fill="${p.from}">BAR</text>`;
  }
}

function slotMotif(p: Palette, random: Generator<number, never>): string {
  const parts = [
    `<rect x="44" y="30" width="200" height="104" rx="14" fill="#000" fill-opacity="0.35" stroke="${p.accents[0]}" stroke-width="3"/>`,
  ];
  for (let reel = 0; reel < 5; reel += 1) {
    const x = 52 + reel * 38;
    parts.push(`<rect x="${x}" y="38" width="34" height="88" rx="6" fill="${p.ink}" fill-opacity="0.08"/>`);
    for (let row = 0; row < 3; row += 1) {
      parts.push(symbol(Math.floor(next(random) * 5), x + 17, 52 + row * 30, p));
    }
  }
  parts.push(
    `<line x1="48" y1="82" x2="240" y2="82" stroke="${p.accents[2]}" stroke-width="2" stroke-dasharray="6 4" opacity="0.8"/>`,
  );
  return parts.join('');
}

function rouletteMotif(p: Palette): string {
  const cx = 144;
  const cy = 82;
  const outer = 62;
  const inner = 40;
  const parts = [`<circle cx="${cx}" cy="${cy}" r="${outer + 8}" fill="${p.accents[0]}" opacity="0.9"/>`];
  for (let i = 0; i < 37; i += 1) {
    const a0 = (2 * Math.PI * i) / 37 - Math.PI / 2;
    const a1 = (2 * Math.PI * (i + 1)) / 37 - Math.PI / 2;
    const fill = i === 0 ? '#16a34a' : i % 2 === 0 ? '#111827' : '#dc2626';
    const point = (r: number, a: number) =>
      `${(cx + r * Math.cos(a)).toFixed(2)} ${(cy + r * Math.sin(a)).toFixed(2)}`;
    parts.push(
      `<path d="M${point(inner, a0)} L${point(outer, a0)} A${outer} ${outer} 0 0 1 ${point(outer, a1)} L${point(inner, a1)} A${inner} ${inner} 0 0 0 ${point(inner, a0)} Z" fill="${fill}"/>`,
    );
  }
  parts.push(
    `<circle cx="${cx}" cy="${cy}" r="${inner}" fill="${p.to}" stroke="${p.accents[0]}" stroke-width="3"/>`,
    `<path d="M${cx - 22} ${cy} L${cx + 22} ${cy} M${cx} ${cy - 22} L${cx} ${cy + 22}" stroke="${p.accents[0]}" stroke-width="4" stroke-linecap="round"/>`,
    `<circle cx="${cx}" cy="${cy}" r="7" fill="${p.accents[0]}"/>`,
    `<circle cx="${cx + 36}" cy="${cy - 40}" r="5" fill="#f8fafc" stroke="#94a3b8" stroke-width="1"/>`,
  );
  return parts.join('');
}

function card(x: number, y: number, rotate: number, rank: string, suit: string, red: boolean): string {
  const colour = red ? '#dc2626' : '#111827';
  return [
    `<g transform="rotate(${rotate} ${x + 30} ${y + 42})">`,
    `<rect x="${x}" y="${y}" width="60" height="84" rx="6" fill="#f8fafc" stroke="#cbd5e1" stroke-width="1.5"/>`,
    `<text x="${x + 8}" y="${y + 20}" font-family="${FONT}" font-size="16" font-weight="800" fill="${colour}">${rank}</text>`,
    `<text x="${x + 30}" y="${y + 60}" text-anchor="middle" font-family="'Segoe UI Symbol', 'DejaVu Sans', sans-serif" font-size="34" fill="${colour}">${suit}</text>`,
    '</g>',
  ].join('');
}

function chipStack(x: number, y: number, colour: string, count: number): string {
  const parts: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const cy = y - i * 6;
    parts.push(
      `<ellipse cx="${x}" cy="${cy}" rx="16" ry="6" fill="${colour}" stroke="#f8fafc" stroke-width="1.5" stroke-dasharray="4 4"/>`,
    );
  }
  return parts.join('');
}

function blackjackMotif(p: Palette): string {
  return [
    `<ellipse cx="144" cy="150" rx="150" ry="70" fill="#000" fill-opacity="0.18"/>`,
    card(96, 34, -12, 'A', '♠', false),
    card(134, 30, 10, 'K', '♥', true),
    chipStack(70, 120, p.accents[1], 4),
    chipStack(222, 124, p.accents[0], 3),
    `<text x="144" y="140" text-anchor="middle" font-family="${FONT}" font-size="14" font-weight="800" fill="${p.accents[0]}">21</text>`,
  ].join('');
}

function die(x: number, y: number, size: number, rotate: number, face: number, p: Palette): string {
  const pips: Record<number, [number, number][]> = {
    1: [[0.5, 0.5]],
    2: [
      [0.25, 0.25],
      [0.75, 0.75],
    ],
    3: [
      [0.25, 0.25],
      [0.5, 0.5],
      [0.75, 0.75],
    ],
    4: [
      [0.25, 0.25],
      [0.75, 0.25],
      [0.25, 0.75],
      [0.75, 0.75],
    ],
    5: [
      [0.25, 0.25],
      [0.75, 0.25],
      [0.5, 0.5],
      [0.25, 0.75],
      [0.75, 0.75],
    ],
    6: [
      [0.25, 0.22],
      [0.75, 0.22],
      [0.25, 0.5],
      [0.75, 0.5],
      [0.25, 0.78],
      [0.75, 0.78],
    ],
  };
  const dots = (pips[face] ?? [])
    .map(
      ([px, py]) =>
        `<circle cx="${x + px * size}" cy="${y + py * size}" r="${size * 0.09}" fill="${p.from}"/>`,
    )
    .join('');
  return `<g transform="rotate(${rotate} ${x + size / 2} ${y + size / 2})"><rect x="${x}" y="${y}" width="${size}" height="${size}" rx="${size * 0.18}" fill="${p.ink}" stroke="${p.accents[0]}" stroke-width="3"/>${dots}</g>`;
}

function diceMotif(p: Palette): string {
  return [
    die(84, 40, 64, -14, 5, p),
    die(152, 54, 56, 12, 3, p),
    `<rect x="60" y="128" width="168" height="8" rx="4" fill="#000" fill-opacity="0.35"/>`,
    `<rect x="60" y="128" width="96" height="8" rx="4" fill="${p.accents[1]}"/>`,
    `<circle cx="156" cy="132" r="7" fill="${p.ink}" stroke="${p.accents[1]}" stroke-width="2"/>`,
  ].join('');
}

function plinkoMotif(p: Palette): string {
  const parts: string[] = [];
  const rows = 7;
  for (let row = 0; row < rows; row += 1) {
    for (let i = 0; i <= row + 2; i += 1) {
      const x = 144 + (i - (row + 2) / 2) * 20;
      const y = 28 + row * 14;
      parts.push(`<circle cx="${x}" cy="${y}" r="2.6" fill="${p.ink}" opacity="0.85"/>`);
    }
  }
  const slots = 10;
  for (let i = 0; i < slots; i += 1) {
    const x = 144 + (i - slots / 2) * 20 + 1;
    const edge = Math.abs(i - (slots - 1) / 2);
    const colour = edge > 3 ? p.accents[0] : edge > 1.5 ? p.accents[1] : p.accents[2];
    parts.push(`<rect x="${x}" y="128" width="18" height="10" rx="3" fill="${colour}"/>`);
  }
  parts.push(
    `<path d="M144 14 Q150 40 136 56 T152 84 T140 112" stroke="${p.glow}" stroke-width="2" fill="none" stroke-dasharray="3 4" opacity="0.7"/>`,
    `<circle cx="140" cy="112" r="6" fill="${p.accents[0]}" stroke="${p.ink}" stroke-width="1.5"/>`,
  );
  return parts.join('');
}

/** The SVG art of one game. */
export function gameArtSvg(game: {
  sysname: string;
  name: string;
  engine: EngineName;
  theme: ThemeName;
}): string {
  const p = PALETTES[game.theme];
  const random = stream(game.sysname);
  const motif =
    game.engine === 'slot'
      ? slotMotif(p, random)
      : game.engine === 'roulette'
        ? rouletteMotif(p)
        : game.engine === 'blackjack'
          ? blackjackMotif(p)
          : game.engine === 'dice'
            ? diceMotif(p)
            : plinkoMotif(p);
  const id = game.sysname.replace(/[^a-z0-9]/g, '');
  const title = escapeXml(game.name);
  const body = [
    '<defs>',
    `<linearGradient id="bg-${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.from}"/><stop offset="1" stop-color="${p.to}"/></linearGradient>`,
    `<radialGradient id="glow-${id}" cx="0.5" cy="0.42" r="0.6"><stop offset="0" stop-color="${p.glow}" stop-opacity="0.45"/><stop offset="1" stop-color="${p.glow}" stop-opacity="0"/></radialGradient>`,
    `<linearGradient id="shade-${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.7"/></linearGradient>`,
    '</defs>',
    `<rect width="${ART_WIDTH}" height="${ART_HEIGHT}" fill="url(#bg-${id})"/>`,
    `<rect width="${ART_WIDTH}" height="${ART_HEIGHT}" fill="url(#glow-${id})"/>`,
    sparkles(p, random, 28),
    motif,
    `<rect width="${ART_WIDTH}" height="${ART_HEIGHT}" fill="url(#shade-${id})"/>`,
    `<text x="144" y="176" text-anchor="middle" font-family="${FONT}" font-size="20" font-weight="800" letter-spacing="0.5" fill="${p.ink}" stroke="${p.from}" stroke-width="0.6" paint-order="stroke">${title}</text>`,
  ].join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${ART_WIDTH}" height="${ART_HEIGHT}" viewBox="0 0 ${ART_WIDTH} ${ART_HEIGHT}" role="img" aria-label="${title}">${body}</svg>\n`;
}

/** Where a seeded game's art is served. */
export function gameArtUrl(sysname: string): string {
  return `/media/games/${sysname}.svg`;
}
