/**
 * Layout helpers of a game's board: the stage (board, aside, control bar), the control bar's
 * arrangement around the bet selector, and a label/value pair for stats. The game's root element
 * sets `--game-accent`, `--game-accent-contrast` and `--game-glow`; the controls read them.
 */
import type { CSSProperties, ReactNode } from 'react';
import { cx } from '../../../ui/class-names.ts';
import { BetSelector } from './bet-selector.tsx';

/**
 * The board area and the control bar under it. The board is centred and scales down to fit;
 * `aside` (a feed, a history strip) goes beside the board on wide screens and under it on phones.
 */
export function GameStage({
  board,
  controls,
  aside,
  className,
  style,
}: {
  board: ReactNode;
  controls: ReactNode;
  aside?: ReactNode;
  className?: string;
  style?: CSSProperties;
}) {
  return (
    <div className={cx('flex min-h-0 flex-1 flex-col', className)} style={style}>
      <div className="flex min-h-0 flex-1 flex-col gap-2 p-2 laptop:flex-row laptop:gap-4 laptop:p-4">
        <div className="relative flex min-h-0 min-w-0 flex-1 items-center justify-center">{board}</div>
        {aside && <div className="shrink-0 laptop:w-64">{aside}</div>}
      </div>
      <div className="shrink-0 border-t border-white/5 bg-black/40 px-2 py-2 backdrop-blur-md tablet:px-4 tablet:py-3">
        {controls}
      </div>
    </div>
  );
}

/** The control bar: the game's own inputs (`extra`), the bet selector, and the main action. */
export function GameControls({
  extra,
  action,
  info,
  betDisabled,
  bet,
}: {
  extra?: ReactNode;
  action: ReactNode;
  /** Replaces the bet selector (a stake the player cannot change, e.g. free spins). */
  bet?: ReactNode;
  /** Short stats (line bet, last win…) beside the bet on wide screens (from 1280 px); hidden below. */
  info?: ReactNode;
  betDisabled?: boolean;
}) {
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-2 laptop:flex-row laptop:items-center laptop:gap-4">
      {extra && <div className="min-w-0 laptop:shrink-0">{extra}</div>}
      <div className="flex items-center gap-2 tablet:gap-4 laptop:ml-auto">
        <div className="min-w-0 flex-1 laptop:flex-none">{bet ?? <BetSelector disabled={betDisabled} />}</div>
        {info && <div className="hidden min-w-0 laptopLg:block">{info}</div>}
        <div className="shrink-0">{action}</div>
      </div>
    </div>
  );
}

/** A label/value pair for control bars and panels (win chance, multiplier, payout…). */
export function Stat({ label, value, tone }: { label: string; value: ReactNode; tone?: 'win' | 'muted' }) {
  return (
    <div className="flex min-w-0 flex-col leading-tight">
      <span className="truncate text-[0.65rem] font-semibold tracking-wider text-muted uppercase">
        {label}
      </span>
      <span
        className={cx(
          'amount truncate text-sm font-bold tablet:text-base',
          tone === 'win'
            ? 'text-(--game-accent,var(--color-accent))'
            : tone === 'muted'
              ? 'text-muted'
              : 'text-text',
        )}
      >
        {value}
      </span>
    </div>
  );
}
