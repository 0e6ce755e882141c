/**
 * `<Icon name="deposit" />` — one icon from the product sprite (sprite.tsx; `<SpriteSheet />` must be
 * in the document). Decorative by default (hidden from assistive technology); pass `label` when the
 * icon alone carries meaning. Colour follows the text colour (`className="text-gold"`).
 * Sizes: sm 16 px, md 20 px (default, the spec's "medium"), lg 24 px, xl 32 px.
 */
import type { SVGProps } from 'react';
import { cx } from './class-names.ts';
import { type IconName, iconSymbolId } from './icon-names.ts';

export type IconSize = 'sm' | 'md' | 'lg' | 'xl';

const SIZE_PX: Record<IconSize, number> = { sm: 16, md: 20, lg: 24, xl: 32 };

export interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'children' | 'name'> {
  name: IconName;
  size?: IconSize;
  /** Accessible name; without it the icon is decorative. */
  label?: string;
}

export function Icon({ name, size = 'md', label, className, ...rest }: IconProps) {
  const px = SIZE_PX[size];
  return (
    <svg
      viewBox="0 0 24 24"
      width={px}
      height={px}
      focusable="false"
      className={cx('inline-block shrink-0', className)}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      {...rest}
    >
      <use href={`#${iconSymbolId(name)}`} />
    </svg>
  );
}
