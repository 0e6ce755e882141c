/**
 * The product icons' names (sprite.tsx draws them): what `<Icon>` and content checks need, apart
 * from the drawings so a page's JavaScript carries the names only; the sprite's module is fetched
 * after the page's initial JavaScript (root.tsx, issue #17). sprite.tsx's `SHAPES` must draw every
 * shape name (its `satisfies` clause fails the type check otherwise).
 */

export const SHAPE_NAMES = [
  'home',
  'casino',
  'slots',
  'live',
  'betting',
  'promotions',
  'gift',
  'tournaments',
  'jackpot',
  'loyalty',
  'cashier',
  'deposit',
  'withdraw',
  'history',
  'profile',
  'security',
  'support',
  'search',
  'menu',
  'close',
  'chevron-left',
  'chevron-right',
  'chevron-down',
  'chevron-up',
  'heart',
  'heart-filled',
  'star',
  'star-filled',
  'globe',
  'logout',
  'info',
  'warning',
  'error',
  'check',
  'check-circle',
  'fullscreen',
  'fullscreen-exit',
  'play',
  'lock',
  'mail',
  'phone',
  'refresh',
  'eye',
  'eye-off',
  'volume',
  'volume-off',
  'filter',
  'external-link',
  'copy',
  'calendar',
  'plus',
  'minus',
] as const;
export type ShapeName = (typeof SHAPE_NAMES)[number];

/** Second names for the same drawing (spec pairs such as casino/slots are distinct drawings). */
export const ALIASES = {
  trophy: 'tournaments',
  crown: 'loyalty',
  wallet: 'cashier',
  user: 'profile',
  shield: 'security',
  chat: 'support',
} as const satisfies Record<string, ShapeName>;

type AliasName = keyof typeof ALIASES;
export type IconName = ShapeName | AliasName;

export const ALIAS_NAMES = Object.keys(ALIASES) as AliasName[];

/** Every icon name, for the `/_icons` page. */
export const ICON_NAMES: readonly IconName[] = [...SHAPE_NAMES, ...ALIAS_NAMES];

const ICON_NAME_SET: ReadonlySet<string> = new Set(ICON_NAMES);

/** For names coming from content configuration (a menu link's `icon`). */
export function isIconName(value: string | null | undefined): value is IconName {
  return value != null && ICON_NAME_SET.has(value);
}

/** The `id` of an icon's `<symbol>`; `<Icon>` uses it as `#icon-NAME`. */
export function iconSymbolId(name: IconName): string {
  return `icon-${name}`;
}
