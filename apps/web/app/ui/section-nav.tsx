/**
 * Section tabs of an area (cashier, profile): equal tabs with the icon over the label on phones,
 * icon beside label from tablet width; `sideFromLaptop` turns them into a side menu on laptops.
 * More than four tabs scroll sideways on phones rather than cutting every label short.
 * Usage: <SectionNav label="Cashier" testIdPrefix="cashier-nav" sections={[{ id, to, icon, label }]} />
 */
import { useEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router';
import { cx } from './class-names.ts';
import { Icon } from './icon.tsx';
import type { IconName } from './icon-names.ts';

export interface SectionLink {
  id: string;
  /** A locale-prefixed path. */
  to: string;
  icon: IconName;
  label: string;
}

// Whole class names so Tailwind sees them; one column per tab on phones.
const COLUMNS: Record<number, string> = {
  2: 'grid-cols-2',
  3: 'grid-cols-3',
  4: 'grid-cols-4',
  5: 'grid-cols-5',
};

export function SectionNav({
  label,
  sections,
  testIdPrefix,
  sideFromLaptop = false,
}: {
  label: string;
  sections: readonly SectionLink[];
  testIdPrefix: string;
  sideFromLaptop?: boolean;
}) {
  // Past four tabs a phone's columns would cut every label short: the row scrolls instead.
  const scrolls = sections.length > 4;
  const listRef = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();
  const currentIndex = sections.findIndex((s) => pathname === s.to || pathname.startsWith(`${s.to}/`));
  // A scrolling row brings the current tab into view (a DOM position to keep in step, no data).
  useEffect(() => {
    const list = listRef.current;
    const current = list?.children[currentIndex];
    if (!scrolls || !list || !(current instanceof HTMLElement)) return;
    const start = current.offsetLeft;
    const end = start + current.offsetWidth;
    if (start < list.scrollLeft) list.scrollLeft = Math.max(0, start - 16);
    else if (end > list.scrollLeft + list.clientWidth) list.scrollLeft = end - list.clientWidth + 16;
  }, [scrolls, currentIndex]);
  return (
    <nav aria-label={label}>
      <ul
        ref={listRef}
        className={cx(
          scrolls
            ? 'relative flex gap-2 overflow-x-auto max-tablet:-mx-4 max-tablet:px-4 max-tablet:[scrollbar-width:none]'
            : cx('grid gap-2', COLUMNS[sections.length] ?? 'grid-cols-4'),
          sideFromLaptop ? 'laptop:flex laptop:flex-col laptop:gap-1' : 'tablet:flex tablet:gap-2',
          scrolls && sideFromLaptop && 'laptop:overflow-visible',
        )}
      >
        {sections.map((section) => (
          <li key={section.id} className={scrolls ? 'min-w-[5.5rem] shrink-0 tablet:shrink' : 'min-w-0'}>
            <NavLink
              to={section.to}
              prefetch="intent"
              data-testid={`${testIdPrefix}-${section.id}`}
              className={({ isActive }) =>
                cx(
                  'flex min-h-14 flex-col items-center justify-center gap-1 rounded-xl border text-xs font-semibold transition-colors',
                  'tablet:min-h-11 tablet:flex-row tablet:px-4 tablet:text-sm',
                  sideFromLaptop
                    ? 'px-2 tablet:gap-2.5 laptop:min-h-12 laptop:justify-start laptop:text-base'
                    : 'px-1 tablet:gap-2',
                  isActive
                    ? 'border-accent/50 bg-accent/10 text-text'
                    : cx(
                        'border-border bg-surface text-muted hover:border-border-strong hover:text-text',
                        sideFromLaptop && 'laptop:border-transparent laptop:bg-transparent',
                      ),
                )
              }
            >
              {({ isActive }) => (
                <>
                  <Icon name={section.icon} className={isActive ? 'text-accent' : undefined} />
                  <span className="max-w-full truncate">{section.label}</span>
                </>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
