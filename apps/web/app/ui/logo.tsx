/**
 * The Croupier identity: a geometric poker-chip mark and the wordmark (DESIGN.md "Identity").
 *
 *   <Link to="/" aria-label="Croupier"><Logo /></Link>      // header, full
 *   <Logo variant="mark" className="size-8" />             // compact header, favicon-like spots
 *
 * Colours come from the theme (accent chip, background inserts), so a re-skin recolours it.
 * `variant="full"` exposes the brand name as text; `variant="mark"` is an image named "Croupier".
 * The brand name is not translated.
 */
import { cx } from './class-names.ts';

const BRAND = 'Croupier';

/** The eight edge inserts of a casino chip, every 45°. */
const INSERT_ANGLES = [0, 45, 90, 135, 180, 225, 270, 315];

export interface ChipMarkProps {
  className?: string;
  /** Accessible name; omit when the brand name is written next to the mark. */
  title?: string;
}

export function ChipMark({ className, title }: ChipMarkProps) {
  return (
    <svg
      viewBox="0 0 32 32"
      focusable="false"
      className={cx('shrink-0', className)}
      role={title ? 'img' : undefined}
      aria-label={title}
      aria-hidden={title ? undefined : true}
    >
      <circle cx="16" cy="16" r="15" className="fill-accent" />
      <g className="fill-background">
        {INSERT_ANGLES.map((angle) => (
          <rect
            key={angle}
            x="14.25"
            y="1"
            width="3.5"
            height="5"
            rx="1"
            transform={`rotate(${angle} 16 16)`}
          />
        ))}
      </g>
      <circle cx="16" cy="16" r="9.25" className="fill-background" />
      <circle
        cx="16"
        cy="16"
        r="7.25"
        fill="none"
        strokeWidth="1"
        strokeDasharray="1.9 1.9"
        className="stroke-accent/60"
      />
      <path d="M16 11.25 20.75 16 16 20.75 11.25 16Z" className="fill-accent" />
    </svg>
  );
}

export type LogoVariant = 'full' | 'mark';

export interface LogoProps {
  variant?: LogoVariant;
  className?: string;
}

export function Logo({ variant = 'full', className }: LogoProps) {
  if (variant === 'mark') return <ChipMark title={BRAND} className={cx('size-8', className)} />;
  return (
    <span className={cx('inline-flex items-center gap-2.5 text-text', className)}>
      <ChipMark className="size-8" />
      <span className="text-xl font-bold tracking-tight">{BRAND}</span>
    </span>
  );
}
