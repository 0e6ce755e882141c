/**
 * Screen classes of spec §4/§9: which of the eight width bands the viewport is in.
 *
 * Wiring (root.tsx): `<ScreenClassProvider initial={screenClassFromLoader}>…</ScreenClassProvider>`.
 * `initial` is what the server renders and what hydration starts from (default 'mobile', the
 * product is mobile first); the client then follows the real width through matchMedia. Prefer CSS
 * variants (`laptop:grid-cols-4`) for layout; use `useScreenClass()` only when the component tree
 * itself differs (e.g. a bottom menu on mobile, a side menu on laptop).
 */
import type { ScreenClass } from '@croupier/contract/content/cms-config';
import { createContext, type ReactNode, useCallback, useContext, useSyncExternalStore } from 'react';

interface Breakpoint {
  screenClass: ScreenClass;
  minWidthPx: number;
}

/** Ascending min-widths; each class runs up to the next one's min-width minus 1 px (spec §9). */
export const SCREEN_BREAKPOINTS: readonly Breakpoint[] = [
  { screenClass: 'mobile', minWidthPx: 0 },
  { screenClass: 'tablet', minWidthPx: 768 },
  { screenClass: 'laptop', minWidthPx: 992 },
  { screenClass: 'laptopLg', minWidthPx: 1280 },
  { screenClass: 'desktopSm', minWidthPx: 1366 },
  { screenClass: 'desktop', minWidthPx: 1440 },
  { screenClass: 'desktopMd', minWidthPx: 1696 },
  { screenClass: 'desktopLg', minWidthPx: 1920 },
];

export const DEFAULT_SCREEN_CLASS: ScreenClass = 'mobile';

/** The screen class of a viewport `widthPx` wide. Anything not a positive number is mobile. */
export function screenClassFor(widthPx: number): ScreenClass {
  let result: ScreenClass = DEFAULT_SCREEN_CLASS;
  if (!(widthPx > 0)) return result;
  for (const breakpoint of SCREEN_BREAKPOINTS) {
    if (widthPx >= breakpoint.minWidthPx) result = breakpoint.screenClass;
  }
  return result;
}

function rank(screenClass: ScreenClass): number {
  return SCREEN_BREAKPOINTS.findIndex((breakpoint) => breakpoint.screenClass === screenClass);
}

/** `isAtLeast('laptopLg', 'laptop')` → true: "laptop and wider", like the `laptop:` CSS variant. */
export function isAtLeast(current: ScreenClass, minimum: ScreenClass): boolean {
  return rank(current) >= rank(minimum);
}

/** The same test the CSS variants use, so JS and CSS never disagree at a boundary. */
function minWidthQuery(minWidthPx: number): string {
  return `(min-width: ${minWidthPx}px)`;
}

interface WatchedBreakpoint {
  screenClass: ScreenClass;
  list: MediaQueryList;
}

/** One MediaQueryList per breakpoint above mobile, created on first use in the browser. */
let watched: readonly WatchedBreakpoint[] | undefined;

function watchedBreakpoints(): readonly WatchedBreakpoint[] {
  watched ??= SCREEN_BREAKPOINTS.filter((breakpoint) => breakpoint.minWidthPx > 0).map((breakpoint) => ({
    screenClass: breakpoint.screenClass,
    list: window.matchMedia(minWidthQuery(breakpoint.minWidthPx)),
  }));
  return watched;
}

function readScreenClass(): ScreenClass {
  let result: ScreenClass = DEFAULT_SCREEN_CLASS;
  for (const { screenClass, list } of watchedBreakpoints()) {
    if (list.matches) result = screenClass;
  }
  return result;
}

function subscribe(onChange: () => void): () => void {
  const lists = watchedBreakpoints().map(({ list }) => list);
  for (const list of lists) list.addEventListener('change', onChange);
  return () => {
    for (const list of lists) list.removeEventListener('change', onChange);
  };
}

const ScreenClassContext = createContext<ScreenClass | null>(null);

export interface ScreenClassProviderProps {
  /** Server render and hydration value, e.g. guessed from the User-Agent. Default 'mobile'. */
  initial?: ScreenClass;
  children: ReactNode;
}

export function ScreenClassProvider({ initial = DEFAULT_SCREEN_CLASS, children }: ScreenClassProviderProps) {
  const getServerSnapshot = useCallback(() => initial, [initial]);
  // useSyncExternalStore renders `initial` on the server and during hydration, then switches to the
  // real width: no hydration mismatch and no effect.
  const screenClass = useSyncExternalStore(subscribe, readScreenClass, getServerSnapshot);
  return <ScreenClassContext value={screenClass}>{children}</ScreenClassContext>;
}

export function useScreenClass(): ScreenClass {
  const screenClass = useContext(ScreenClassContext);
  if (screenClass === null) throw new Error('useScreenClass must be used inside <ScreenClassProvider>');
  return screenClass;
}
