/**
 * The 5 × 3 reel window. `spin()` (through the ref) scrolls each reel along its real strip to the
 * round's stops, stopping left to right; winning lines are drawn over it and winning symbols pulse.
 */
import { type Ref, useImperativeHandle, useLayoutEffect, useRef, useState } from 'react';
import { cx } from '../../../ui/class-names.ts';
import { fillerAfter, type SlotSymbol, type SpinResult } from './slot-describe.ts';
import { SymbolArt } from './slot-symbols.tsx';
import type { SlotTheme } from './slot-themes.ts';

export interface ReelsHandle {
  /** Animates to `spin`'s grid; resolves when the last reel has stopped. */
  spin(
    spin: SpinResult,
    options: { strips: SlotSymbol[][]; fast: boolean; onReelStop?: (reel: number) => void },
  ): Promise<void>;
}

export interface Highlight {
  /** "reel:row" of the symbols to pulse. */
  cells: ReadonlySet<string>;
  /** Paylines to draw: rows per reel, and the colour. */
  lines: { rows: number[]; color: string; key: string }[];
}

interface Plan {
  id: number;
  stacks: SlotSymbol[][];
  durationsMs: number[];
}

export function SlotReels({
  ref,
  theme,
  grid,
  rows,
  highlight,
  feature,
  reducedMotion,
  label,
}: {
  ref?: Ref<ReelsHandle>;
  theme: SlotTheme;
  grid: SlotSymbol[][];
  rows: number;
  highlight: Highlight | null;
  feature: boolean;
  reducedMotion: boolean;
  label: string;
}) {
  const [shown, setShown] = useState(grid);
  const [plan, setPlan] = useState<Plan | null>(null);
  const columns = useRef<(HTMLDivElement | null)[]>([]);
  const pending = useRef<{
    resolve: () => void;
    onReelStop: ((reel: number) => void) | undefined;
    grid: SlotSymbol[][];
  } | null>(null);
  const planId = useRef(0);

  // A new grid from outside (a resumed round) replaces the one shown when no spin is running.
  const gridProp = useRef(grid);
  if (gridProp.current !== grid && !plan) {
    gridProp.current = grid;
    setShown(grid);
  }

  useImperativeHandle(
    ref,
    () => ({
      spin(spin, { strips, fast, onReelStop }) {
        return new Promise<void>((resolve) => {
          if (reducedMotion) {
            setShown(spin.grid);
            resolve();
            return;
          }
          planId.current += 1;
          const stacks = spin.grid.map((window, reel) => {
            const strip = strips[reel] ?? [];
            const count = (fast ? 6 : 10) + reel * (fast ? 2 : 4);
            return [
              ...window,
              ...fillerAfter(strip, spin.stops[reel] ?? 0, rows, count),
              ...(shown[reel] ?? []),
            ];
          });
          const durationsMs = spin.grid.map((_, reel) => (fast ? 380 + reel * 110 : 700 + reel * 260));
          pending.current = { resolve, onReelStop, grid: spin.grid };
          setPlan({ id: planId.current, stacks, durationsMs });
        });
      },
    }),
    [reducedMotion, rows, shown],
  );

  useLayoutEffect(() => {
    if (!plan) return;
    const current = pending.current;
    const animations = plan.stacks.map((stack, reel) => {
      const element = columns.current[reel];
      if (!element) return null;
      const from = -((stack.length - rows) / stack.length) * 100;
      const animation = element.animate(
        [
          { transform: `translateY(${from}%)`, filter: 'blur(0px)' },
          { transform: `translateY(${from * 0.15}%)`, filter: 'blur(1.5px)', offset: 0.75 },
          { transform: 'translateY(0%)', filter: 'blur(0px)' },
        ],
        { duration: plan.durationsMs[reel] ?? 600, easing: 'cubic-bezier(0.25, 0.6, 0.35, 1.06)' },
      );
      animation.onfinish = () => current?.onReelStop?.(reel);
      return animation;
    });
    let cancelled = false;
    void Promise.all(animations.map((animation) => animation?.finished.catch(() => undefined))).then(() => {
      if (cancelled || !current) return;
      setShown(current.grid);
      setPlan(null);
      pending.current = null;
      current.resolve();
    });
    return () => {
      cancelled = true;
    };
  }, [plan, rows]);

  const stacks = plan?.stacks ?? shown;
  const reelCount = stacks.length;
  const dimOthers = highlight !== null && highlight.cells.size > 0 && !plan;

  return (
    <div
      className="relative aspect-[5/3] w-[min(100cqw,calc((100cqh-7.5rem)*5/3))] rounded-[1.4rem] p-[3px] shadow-[0_20px_60px_-20px_rgba(0,0,0,0.9)]"
      style={{
        background: `linear-gradient(135deg, ${theme.frameFrom}, ${theme.frameTo})`,
        boxShadow: `0 0 40px -8px ${theme.frameFrom}66, 0 20px 60px -20px rgba(0,0,0,0.9)`,
      }}
      role="img"
      aria-label={label}
      data-testid="slot-reels"
    >
      <div
        className="relative grid h-full w-full overflow-hidden rounded-[1.25rem] transition-colors duration-700"
        style={{
          gridTemplateColumns: `repeat(${reelCount}, minmax(0, 1fr))`,
          background: `linear-gradient(180deg, rgba(0,0,0,0.35), transparent 20%, transparent 80%, rgba(0,0,0,0.45)), ${feature ? theme.featureReelBg : theme.reelBg}`,
        }}
      >
        {stacks.map((stack, reel) => (
          <div
            // Reels are fixed positions.
            // biome-ignore lint/suspicious/noArrayIndexKey: the reel index is the reel's identity.
            key={reel}
            className="relative h-full overflow-hidden"
            style={{ borderLeft: reel > 0 ? `1px solid ${theme.reelDivider}` : undefined }}
          >
            <div
              ref={(element) => {
                columns.current[reel] = element;
              }}
              className="absolute inset-x-0 top-0 will-change-transform"
              style={{ height: `${(stack.length / rows) * 100}%` }}
            >
              {stack.map((symbol, index) => {
                const row = index;
                const winning = !plan && highlight?.cells.has(`${reel}:${row}`);
                return (
                  <div
                    // Positions in a reel's stack are its identity during one spin.
                    // biome-ignore lint/suspicious/noArrayIndexKey: stack positions are stable within a spin.
                    key={index}
                    className="flex items-center justify-center"
                    style={{ height: `${100 / stack.length}%` }}
                    data-cell={plan ? undefined : `${reel}:${row}`}
                    data-symbol={symbol}
                    data-win={winning ? '' : undefined}
                  >
                    <SymbolArt
                      theme={theme}
                      symbol={symbol}
                      className={cx(
                        'h-[82%] w-[82%] transition-opacity duration-300',
                        winning && 'rgs-symbol-win',
                        dimOthers && !winning && 'opacity-35',
                      )}
                    />
                  </div>
                );
              })}
            </div>
          </div>
        ))}
        {highlight && !plan && (
          <svg
            viewBox={`0 0 ${reelCount * 100} ${rows * 100}`}
            preserveAspectRatio="none"
            className="pointer-events-none absolute inset-0 h-full w-full"
            aria-hidden
            focusable="false"
          >
            {highlight.lines.map((line) => (
              <polyline
                key={line.key}
                points={line.rows.map((row, reel) => `${reel * 100 + 50},${row * 100 + 50}`).join(' ')}
                fill="none"
                stroke={line.color}
                strokeWidth="6"
                strokeLinecap="round"
                strokeLinejoin="round"
                vectorEffect="non-scaling-stroke"
                className="rgs-win-line"
                style={{ filter: `drop-shadow(0 0 6px ${line.color})` }}
              />
            ))}
          </svg>
        )}
      </div>
    </div>
  );
}
