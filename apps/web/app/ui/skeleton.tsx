/**
 * `<Skeleton className="h-4 w-32" />` — a placeholder block while content loads (lists, tiles).
 * Hidden from assistive technology: mark the loading region itself with `aria-busy="true"`.
 * Shapes: 'rect' (rounded 12 px, default — game tiles), 'text' (a line of text), 'circle' (avatars).
 * The shimmer is slow and low-contrast, and off for users who prefer reduced motion.
 */
import { cx } from './class-names.ts';

export type SkeletonShape = 'rect' | 'text' | 'circle';

const SHAPE_CLASS: Record<SkeletonShape, string> = {
  rect: 'rounded-xl',
  text: 'h-[0.9em] rounded-md',
  circle: 'rounded-full',
};

export interface SkeletonProps {
  shape?: SkeletonShape;
  className?: string;
}

export function Skeleton({ shape = 'rect', className }: SkeletonProps) {
  return (
    <span
      aria-hidden="true"
      className={cx(
        'block bg-raised bg-[linear-gradient(90deg,transparent_0%,rgb(255_255_255/0.05)_50%,transparent_100%)] bg-size-[200%_100%] bg-no-repeat motion-safe:animate-shimmer',
        SHAPE_CLASS[shape],
        className,
      )}
    />
  );
}

export interface SkeletonTextProps {
  /** Number of lines, the last one shorter, like a paragraph. */
  lines?: number;
  className?: string;
}

export function SkeletonText({ lines = 3, className }: SkeletonTextProps) {
  const count = Math.max(1, Math.min(lines, 12));
  return (
    <span aria-hidden="true" className={cx('flex flex-col gap-2', className)}>
      {[...Array(count).keys()].map((line) => (
        <Skeleton key={line} shape="text" className={line === count - 1 && count > 1 ? 'w-3/5' : 'w-full'} />
      ))}
    </span>
  );
}
