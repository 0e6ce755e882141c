/**
 * Default artwork the seeded content refers to (logos, banner backgrounds, medals), drawn as SVG in
 * code so the repository carries no binary assets. Banner art is decorative only: titles and texts
 * come from the banner rows and are laid over it by the web, in the player's language. The quiet
 * left side leaves room for that text.
 */

export interface MediaFile {
  name: string;
  contentType: 'image/svg+xml';
  bytes: Buffer;
}

const INK = '#0b1220';
const GREEN = '#22c55e';
const GREEN_DARK = '#15803d';
const LIGHT = '#f8fafc';

/** A poker chip centred at (cx, cy); the six edge inserts are dashes of a 360-unit circle. */
function chip(cx: number, cy: number, r: number, colour: string, opacity = 1): string {
  const edge = r * 0.86;
  return [
    `<g opacity="${opacity}">`,
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${colour}"/>`,
    `<circle cx="${cx}" cy="${cy}" r="${edge}" fill="none" stroke="${LIGHT}" stroke-width="${r * 0.24}" pathLength="360" stroke-dasharray="24 36" stroke-dashoffset="12"/>`,
    `<circle cx="${cx}" cy="${cy}" r="${r * 0.62}" fill="#000" fill-opacity="0.22"/>`,
    `<circle cx="${cx}" cy="${cy}" r="${r * 0.56}" fill="${colour}"/>`,
    `<circle cx="${cx}" cy="${cy}" r="${r * 0.43}" fill="none" stroke="${LIGHT}" stroke-opacity="0.8" stroke-width="${r * 0.05}"/>`,
    '</g>',
  ].join('');
}

function svg(width: number, height: number, body: string, label: string): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${label}">${body}</svg>\n`,
    'utf8',
  );
}

/** Deterministic positions, so the seeded art is the same on every install. */
function* scatter(seed: number): Generator<number, never> {
  let state = seed >>> 0;
  while (true) {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    yield state / 2 ** 32;
  }
}

function logo(): Buffer {
  const body = [
    chip(24, 24, 22, GREEN),
    `<text x="56" y="33" font-family="Inter, 'Segoe UI', system-ui, sans-serif" font-size="26" font-weight="700" letter-spacing="0.5" fill="${LIGHT}">Croupier</text>`,
  ].join('');
  return svg(200, 48, body, 'Croupier');
}

function logoMark(): Buffer {
  return svg(48, 48, chip(24, 24, 22, GREEN), 'Croupier');
}

type Motif = 'chips' | 'cards' | 'trophy' | 'coins' | 'phone' | 'shield' | 'dice';

interface ArtTheme {
  width: number;
  height: number;
  from: string;
  to: string;
  glow: string;
  chipColours: string[];
  motif: Motif;
  seed: number;
  label: string;
}

function card(x: number, y: number, w: number, rotate: number, suit: string, colour: string): string {
  const h = w * 1.4;
  return [
    `<g transform="rotate(${rotate} ${x + w / 2} ${y + h / 2})">`,
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${w * 0.08}" fill="${LIGHT}" stroke="#cbd5e1" stroke-width="2"/>`,
    `<text x="${x + w / 2}" y="${y + h * 0.62}" text-anchor="middle" font-family="'Segoe UI Symbol', 'DejaVu Sans', sans-serif" font-size="${w * 0.6}" fill="${colour}">${suit}</text>`,
    `<text x="${x + w * 0.1}" y="${y + w * 0.24}" font-family="Georgia, serif" font-size="${w * 0.2}" font-weight="700" fill="${colour}">A</text>`,
    '</g>',
  ].join('');
}

/** Square-ish art (mobile) keeps its text on top and its motif below; wide art, text left, motif right. */
function isTall(theme: ArtTheme): boolean {
  return theme.height >= theme.width * 0.8;
}

function motif(theme: ArtTheme): string {
  const tall = isTall(theme);
  const w = theme.width;
  const h = tall ? theme.height * 0.6 : theme.height;
  const cx = tall ? w * 0.5 : w * 0.74;
  const cy = tall ? theme.height * 0.68 : h * 0.52;
  switch (theme.motif) {
    case 'cards':
      return (
        card(cx - h * 0.32, cy - h * 0.34, h * 0.34, -14, '♠', INK) +
        card(cx, cy - h * 0.3, h * 0.34, 12, '♥', '#dc2626')
      );
    case 'trophy': {
      const s = h / 600;
      return [
        `<g transform="translate(${cx - 150 * s} ${cy - 190 * s}) scale(${s})" fill="#facc15" stroke="#a16207" stroke-width="6">`,
        '<path d="M60 20h180v70c0 70-40 120-90 130c-50-10-90-60-90-130z"/>',
        '<path d="M60 40H15c0 60 25 95 60 100M240 40h45c0 60-25 95-60 100" fill="none" stroke="#facc15" stroke-width="18"/>',
        '<rect x="130" y="220" width="40" height="60"/><rect x="85" y="280" width="130" height="40" rx="8"/>',
        '<path d="M150 60l14 30 32 4-24 22 7 32-29-16-29 16 7-32-24-22 32-4z" fill="#fef9c3" stroke="none"/>',
        '</g>',
      ].join('');
    }
    case 'coins':
      return [0, 1, 2, 3]
        .map(
          (i) =>
            `<ellipse cx="${cx}" cy="${cy + h * 0.18 - i * h * 0.08}" rx="${h * 0.2}" ry="${h * 0.06}" fill="#facc15" stroke="#a16207" stroke-width="4"/>`,
        )
        .join('');
    case 'phone':
      return [
        `<rect x="${cx - h * 0.16}" y="${cy - h * 0.4}" width="${h * 0.32}" height="${h * 0.8}" rx="${h * 0.05}" fill="${INK}" stroke="${LIGHT}" stroke-width="4"/>`,
        chip(cx, cy - h * 0.05, h * 0.1, GREEN),
        `<rect x="${cx - h * 0.1}" y="${cy + h * 0.14}" width="${h * 0.2}" height="${h * 0.06}" rx="${h * 0.03}" fill="${GREEN}"/>`,
      ].join('');
    case 'shield':
      return [
        `<path d="M${cx} ${cy - h * 0.36}l${h * 0.28} ${h * 0.1}v${h * 0.2}c0 ${h * 0.22}-${h * 0.12} ${h * 0.34}-${h * 0.28} ${h * 0.42}c-${h * 0.16}-${h * 0.08}-${h * 0.28}-${h * 0.2}-${h * 0.28}-${h * 0.42}v-${h * 0.2}z" fill="${GREEN_DARK}" stroke="${LIGHT}" stroke-width="6"/>`,
        `<path d="M${cx - h * 0.1} ${cy}l${h * 0.07} ${h * 0.07} ${h * 0.14}-${h * 0.15}" fill="none" stroke="${LIGHT}" stroke-width="${h * 0.035}" stroke-linecap="round" stroke-linejoin="round"/>`,
      ].join('');
    case 'dice': {
      const size = h * 0.3;
      const die = (x: number, y: number, rotate: number, pips: [number, number][]) =>
        `<g transform="rotate(${rotate} ${x + size / 2} ${y + size / 2})"><rect x="${x}" y="${y}" width="${size}" height="${size}" rx="${size * 0.16}" fill="${LIGHT}"/>${pips
          .map(
            ([px, py]) =>
              `<circle cx="${x + px * size}" cy="${y + py * size}" r="${size * 0.08}" fill="${INK}"/>`,
          )
          .join('')}</g>`;
      return (
        die(cx - size * 1.1, cy - size * 0.6, -12, [
          [0.25, 0.25],
          [0.5, 0.5],
          [0.75, 0.75],
        ]) +
        die(cx + size * 0.1, cy - size * 0.3, 16, [
          [0.25, 0.25],
          [0.75, 0.25],
          [0.25, 0.75],
          [0.75, 0.75],
          [0.5, 0.5],
        ])
      );
    }
    case 'chips':
      return (
        chip(cx - h * 0.12, cy, h * 0.22, theme.chipColours[0] ?? GREEN) +
        chip(cx + h * 0.18, cy + h * 0.12, h * 0.16, theme.chipColours[1] ?? GREEN)
      );
  }
}

function bannerArt(theme: ArtTheme): Buffer {
  const { width: w, height: h } = theme;
  const tall = isTall(theme);
  const random = scatter(theme.seed);
  const chips: string[] = [];
  for (let i = 0; i < 7; i += 1) {
    const x = tall ? w * random.next().value : w * (0.5 + random.next().value * 0.5);
    const y = tall ? h * (0.4 + random.next().value * 0.6) : h * random.next().value;
    const r = h * (0.04 + random.next().value * 0.08);
    const colour = theme.chipColours[i % theme.chipColours.length] ?? GREEN;
    chips.push(chip(Math.round(x), Math.round(y), Math.round(r), colour, 0.35));
  }
  const body = [
    '<defs>',
    `<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${theme.from}"/><stop offset="1" stop-color="${theme.to}"/></linearGradient>`,
    `<radialGradient id="glow" cx="${tall ? 0.5 : 0.74}" cy="${tall ? 0.68 : 0.5}" r="0.5"><stop offset="0" stop-color="${theme.glow}" stop-opacity="0.55"/><stop offset="1" stop-color="${theme.glow}" stop-opacity="0"/></radialGradient>`,
    `<linearGradient id="shade" x1="0" y1="0" x2="${tall ? 0 : 1}" y2="${tall ? 1 : 0}"><stop offset="0" stop-color="${INK}" stop-opacity="0.7"/><stop offset="0.55" stop-color="${INK}" stop-opacity="0"/></linearGradient>`,
    '</defs>',
    `<rect width="${w}" height="${h}" fill="url(#bg)"/>`,
    `<rect width="${w}" height="${h}" fill="url(#glow)"/>`,
    ...chips,
    motif(theme),
    `<rect width="${w}" height="${h}" fill="url(#shade)"/>`,
  ].join('');
  return svg(w, h, body, theme.label);
}

function medal(place: 1 | 2 | 3): Buffer {
  const colours = {
    1: ['#facc15', '#a16207'],
    2: ['#e2e8f0', '#64748b'],
    3: ['#f59e0b', '#92400e'],
  } as const;
  const [fill, stroke] = colours[place];
  const body = [
    `<path d="M22 4h20l-6 22h-8zM42 4h20l-10 22h-8z" fill="${GREEN_DARK}"/>`,
    `<circle cx="42" cy="52" r="26" fill="${fill}" stroke="${stroke}" stroke-width="4"/>`,
    `<text x="42" y="62" text-anchor="middle" font-family="Inter, system-ui, sans-serif" font-size="28" font-weight="800" fill="${stroke}">${place}</text>`,
  ].join('');
  return svg(84, 84, body, `Place ${place}`);
}

function coin(): Buffer {
  const body = [
    '<circle cx="32" cy="32" r="29" fill="#facc15" stroke="#a16207" stroke-width="4"/>',
    '<circle cx="32" cy="32" r="20" fill="none" stroke="#a16207" stroke-width="2" stroke-dasharray="3 3"/>',
    '<text x="32" y="41" text-anchor="middle" font-family="Inter, system-ui, sans-serif" font-size="24" font-weight="800" fill="#a16207">C</text>',
  ].join('');
  return svg(64, 64, body, 'Loyalty coin');
}

/** A loyalty character (ADR 033): a round badge with the character's colours and emblem. */
interface CharacterArt {
  label: string;
  ring: string;
  fill: string;
  ink: string;
  emblem: string;
}

const CHARACTER_EMBLEMS = {
  // The ace of spades.
  spade: '<path d="M32 14c-6 8-14 12-14 19a7 7 0 0 0 12 5l-2 8h8l-2-8a7 7 0 0 0 12-5c0-7-8-11-14-19z"/>',
  // A crown.
  crown:
    '<path d="M16 42l-2-18 10 8 8-12 8 12 10-8-2 18z"/><rect x="16" y="44" width="32" height="4" rx="1"/>',
  // A jester's three-pointed hat with bells.
  jester:
    '<path d="M18 44c2-10 4-18 0-26 6 4 10 10 14 16 4-6 8-12 14-16-4 8-2 16 0 26z"/><circle cx="18" cy="17" r="3"/><circle cx="46" cy="17" r="3"/><circle cx="32" cy="31" r="3"/>',
  // A dealer's stack of chips.
  chips:
    '<ellipse cx="32" cy="44" rx="13" ry="4"/><rect x="19" y="36" width="26" height="8"/><ellipse cx="32" cy="36" rx="13" ry="4"/><rect x="19" y="28" width="26" height="8"/><ellipse cx="32" cy="28" rx="13" ry="4"/><rect x="19" y="20" width="26" height="8"/><ellipse cx="32" cy="20" rx="13" ry="4"/>',
} as const;

function character(art: CharacterArt): Buffer {
  const body = [
    `<circle cx="32" cy="32" r="29" fill="${art.fill}" stroke="${art.ring}" stroke-width="4"/>`,
    `<g fill="${art.ink}">${art.emblem}</g>`,
  ].join('');
  return svg(64, 64, body, art.label);
}

const CHARACTERS: Record<string, CharacterArt> = {
  'character-ace': {
    label: 'Ace',
    ring: '#22c55e',
    fill: '#052e16',
    ink: '#f8fafc',
    emblem: CHARACTER_EMBLEMS.spade,
  },
  'character-queen': {
    label: 'Queen',
    ring: '#facc15',
    fill: '#3b0764',
    ink: '#facc15',
    emblem: CHARACTER_EMBLEMS.crown,
  },
  'character-joker': {
    label: 'Joker',
    ring: '#f43f5e',
    fill: '#1e1b4b',
    ink: '#f43f5e',
    emblem: CHARACTER_EMBLEMS.jester,
  },
  'character-dealer': {
    label: 'Dealer',
    ring: '#38bdf8',
    fill: '#0b1220',
    ink: '#38bdf8',
    emblem: CHARACTER_EMBLEMS.chips,
  },
};

const HERO = { width: 1600, height: 600 } as const;
const HERO_MOBILE = { width: 800, height: 800 } as const;
const STRIP = { width: 1200, height: 200 } as const;
const CARD = { width: 800, height: 480 } as const;

const themes: Record<string, ArtTheme> = {
  'banner-welcome': {
    ...HERO,
    from: '#052e16',
    to: '#0b1220',
    glow: '#22c55e',
    chipColours: ['#22c55e', '#facc15', '#f8fafc'],
    motif: 'chips',
    seed: 11,
    label: 'Welcome offer',
  },
  'banner-welcome-mobile': {
    ...HERO_MOBILE,
    from: '#052e16',
    to: '#0b1220',
    glow: '#22c55e',
    chipColours: ['#22c55e', '#facc15'],
    motif: 'chips',
    seed: 12,
    label: 'Welcome offer',
  },
  'banner-live': {
    ...HERO,
    from: '#450a0a',
    to: '#0b1220',
    glow: '#ef4444',
    chipColours: ['#ef4444', '#f8fafc', '#22c55e'],
    motif: 'cards',
    seed: 21,
    label: 'Live casino',
  },
  'banner-tournament': {
    ...HERO,
    from: '#1e1b4b',
    to: '#0b1220',
    glow: '#facc15',
    chipColours: ['#6366f1', '#facc15'],
    motif: 'trophy',
    seed: 31,
    label: 'Tournament',
  },
  'banner-game-hall': {
    ...HERO,
    from: '#3b0764',
    to: '#0b1220',
    glow: '#a855f7',
    chipColours: ['#a855f7', '#22c55e', '#f8fafc'],
    motif: 'cards',
    seed: 51,
    label: 'Game hall',
  },
  'banner-provably-fair': {
    ...HERO,
    from: '#083344',
    to: '#0b1220',
    glow: '#06b6d4',
    chipColours: ['#06b6d4', '#22c55e'],
    motif: 'dice',
    seed: 41,
    label: 'Provably fair games',
  },
  'strip-cashback': {
    ...STRIP,
    from: '#064e3b',
    to: '#0b1220',
    glow: '#facc15',
    chipColours: ['#facc15', '#22c55e'],
    motif: 'coins',
    seed: 51,
    label: 'Weekly cashback',
  },
  'strip-app': {
    ...STRIP,
    from: '#2e1065',
    to: '#0b1220',
    glow: '#a855f7',
    chipColours: ['#a855f7', '#22c55e'],
    motif: 'phone',
    seed: 61,
    label: 'Install the app',
  },
  'auth-banner': {
    ...CARD,
    from: '#052e16',
    to: '#0b1220',
    glow: '#22c55e',
    chipColours: ['#22c55e', '#facc15'],
    motif: 'chips',
    seed: 71,
    label: 'Welcome',
  },
  'menu-banner': {
    ...CARD,
    from: '#1e1b4b',
    to: '#0b1220',
    glow: '#facc15',
    chipColours: ['#facc15', '#6366f1'],
    motif: 'coins',
    seed: 81,
    label: 'Loyalty',
  },
  'home-responsible': {
    ...CARD,
    from: '#022c22',
    to: '#0b1220',
    glow: '#34d399',
    chipColours: ['#34d399'],
    motif: 'shield',
    seed: 91,
    label: 'Responsible gaming',
  },
  'home-promotions': {
    ...CARD,
    from: '#422006',
    to: '#0b1220',
    glow: '#f59e0b',
    chipColours: ['#f59e0b', '#22c55e'],
    motif: 'chips',
    seed: 101,
    label: 'Promotions',
  },
  // Promotion cards (ADR 023): one per demo promotion.
  'promo-welcome': {
    ...CARD,
    from: '#052e16',
    to: '#0b1220',
    glow: '#22c55e',
    chipColours: ['#22c55e', '#facc15', '#f8fafc'],
    motif: 'chips',
    seed: 111,
    label: 'Welcome bonus',
  },
  'promo-reload': {
    ...CARD,
    from: '#172554',
    to: '#0b1220',
    glow: '#38bdf8',
    chipColours: ['#38bdf8', '#f8fafc'],
    motif: 'coins',
    seed: 121,
    label: 'Reload bonus',
  },
  'promo-cashback': {
    ...CARD,
    from: '#3b0764',
    to: '#0b1220',
    glow: '#c084fc',
    chipColours: ['#c084fc', '#facc15'],
    motif: 'shield',
    seed: 131,
    label: 'Weekly cashback',
  },
  'promo-code': {
    ...CARD,
    from: '#422006',
    to: '#0b1220',
    glow: '#f59e0b',
    chipColours: ['#f59e0b', '#22c55e'],
    motif: 'dice',
    seed: 141,
    label: 'Promo code',
  },
};

/** Every default image, by file name under /nfx/media/. */
export function generateMedia(): MediaFile[] {
  const files: { name: string; bytes: Buffer }[] = [
    { name: 'logo.svg', bytes: logo() },
    { name: 'logo-mark.svg', bytes: logoMark() },
    { name: 'loyalty-coin.svg', bytes: coin() },
    ...Object.entries(CHARACTERS).map(([name, art]) => ({ name: `${name}.svg`, bytes: character(art) })),
    { name: 'leader-1.svg', bytes: medal(1) },
    { name: 'leader-2.svg', bytes: medal(2) },
    { name: 'leader-3.svg', bytes: medal(3) },
    ...Object.entries(themes).map(([name, theme]) => ({ name: `${name}.svg`, bytes: bannerArt(theme) })),
  ];
  return files.map((file) => ({ ...file, contentType: 'image/svg+xml' as const }));
}

/** `/nfx/media/logo.svg`: where the routes serve a media file. */
export function mediaUrl(name: string): string {
  return `/nfx/media/${name}`;
}
