/**
 * A named box that scrolls a table wider than the screen within itself, so the page never scrolls
 * sideways. It takes focus, so a keyboard can scroll it too (WCAG 2.1.1: a scrollable region with
 * nothing focusable inside is otherwise out of a keyboard's reach). The box is positioned: a visually
 * hidden header (`sr-only`, absolutely positioned) would otherwise be placed against the page and
 * widen it.
 */
import type { ReactNode } from 'react';
import { cx } from './class-names.ts';

export function ScrollBox({
  children,
  label,
  className,
}: {
  children: ReactNode;
  /** The region's accessible name (a table's caption or what the table lists). */
  label: string;
  /** Its corners and surface. */
  className?: string;
}) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus
      tabIndex={0}
      className={cx(
        'relative overflow-x-auto border border-border bg-surface focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent',
        className,
      )}
    >
      {children}
    </section>
  );
}
