import { describe, expect, it } from 'vitest';
import { isAtLeast, SCREEN_BREAKPOINTS, screenClassFor } from './screen-class.tsx';

describe('screenClassFor', () => {
  // Spec §9: mobile to 767, tablet 768-991, laptop 992-1279, laptopLg 1280-1365,
  // desktopSm 1366-1439, desktop 1440-1695, desktopMd 1696-1919, desktopLg 1920+.
  it.each([
    [0, 'mobile'],
    [320, 'mobile'],
    [767, 'mobile'],
    [767.9, 'mobile'],
    [768, 'tablet'],
    [991, 'tablet'],
    [992, 'laptop'],
    [1279, 'laptop'],
    [1280, 'laptopLg'],
    [1365, 'laptopLg'],
    [1366, 'desktopSm'],
    [1439, 'desktopSm'],
    [1440, 'desktop'],
    [1695, 'desktop'],
    [1696, 'desktopMd'],
    [1919, 'desktopMd'],
    [1920, 'desktopLg'],
    [7680, 'desktopLg'],
  ] as const)('%d px → %s', (width, expected) => {
    expect(screenClassFor(width)).toBe(expected);
  });

  it('treats nonsense widths as mobile', () => {
    expect(screenClassFor(-1)).toBe('mobile');
    expect(screenClassFor(Number.NaN)).toBe('mobile');
  });

  it('has ascending breakpoints starting at 0, one per screen class', () => {
    expect(SCREEN_BREAKPOINTS[0]?.minWidthPx).toBe(0);
    for (let index = 1; index < SCREEN_BREAKPOINTS.length; index += 1) {
      expect(SCREEN_BREAKPOINTS[index]!.minWidthPx).toBeGreaterThan(
        SCREEN_BREAKPOINTS[index - 1]!.minWidthPx,
      );
      // the boundary itself belongs to the new class, one pixel less to the previous one
      const { minWidthPx, screenClass } = SCREEN_BREAKPOINTS[index]!;
      expect(screenClassFor(minWidthPx)).toBe(screenClass);
      expect(screenClassFor(minWidthPx - 1)).toBe(SCREEN_BREAKPOINTS[index - 1]!.screenClass);
    }
    expect(new Set(SCREEN_BREAKPOINTS.map((breakpoint) => breakpoint.screenClass)).size).toBe(8);
  });

  it('compares screen classes', () => {
    expect(isAtLeast('laptopLg', 'laptop')).toBe(true);
    expect(isAtLeast('laptop', 'laptop')).toBe(true);
    expect(isAtLeast('tablet', 'laptop')).toBe(false);
  });
});
