import type { ReactNode } from 'react';
import { Spinner } from '../../../ui/spinner.tsx';
import { useGameShell } from './game-shell-context.ts';
import { useSpaceKey } from './hooks.ts';

/**
 * The main action: a large round button in the game's accent colour. Space triggers it too
 * (unless focus is on another control, or `disabled`).
 */
export function PlayButton({
  label,
  onPlay,
  busy = false,
  disabled = false,
  icon,
}: {
  label: string;
  onPlay: () => void;
  busy?: boolean;
  disabled?: boolean;
  icon?: ReactNode;
}) {
  const shell = useGameShell();
  const blocked = busy || disabled || shell.busy;
  useSpaceKey(onPlay, !blocked);
  return (
    <button
      type="button"
      onClick={onPlay}
      disabled={blocked}
      aria-busy={busy || undefined}
      aria-keyshortcuts="Space"
      data-testid="rgs-play"
      className="group relative inline-flex h-14 min-w-28 items-center justify-center gap-2 rounded-full bg-(--game-accent,var(--color-accent)) px-6 text-base font-extrabold tracking-wide text-(--game-accent-contrast,var(--color-on-accent)) uppercase shadow-[0_0_24px_-4px_var(--game-glow,var(--color-accent))] transition-[transform,filter] duration-150 hover:brightness-110 active:scale-95 disabled:cursor-not-allowed disabled:opacity-60 disabled:active:scale-100 tablet:h-16 tablet:min-w-36 tablet:text-lg"
    >
      {busy ? <Spinner size="sm" decorative /> : icon}
      <span>{label}</span>
    </button>
  );
}
