import { Minus, Plus } from 'lucide-react';
import { useTranslation } from '../../../i18n/use-translation.tsx';
import { cx } from '../../../ui/class-names.ts';
import { scaleStake, stepStake, validRange } from './bet-steps.ts';
import { useGameShell } from './game-shell-context.ts';

/** Stake −/+ along the 1-2-5 ladder of the session's limits, with ½ and 2×. */
export function BetSelector({ disabled = false }: { disabled?: boolean | undefined }) {
  const { t } = useTranslation('rgs');
  const shell = useGameShell();
  const { stakeMinor, steps, stakeRules } = shell;
  const range = validRange(stakeRules);
  const atMin = !range || stakeMinor <= range.low;
  const atMax = !range || stakeMinor >= range.high;
  const locked = disabled || shell.busy;
  const change = (value: bigint) => {
    if (value !== stakeMinor) shell.sound.play('chip');
    shell.setStakeMinor(value);
  };
  const small =
    'h-11 min-w-11 shrink-0 items-center justify-center rounded-xl px-2 text-sm font-bold text-muted transition-colors hover:bg-white/10 hover:text-text disabled:opacity-40 disabled:hover:bg-transparent';
  return (
    <fieldset
      className="flex min-w-0 items-center gap-1 rounded-2xl border border-white/10 bg-white/5 p-1"
      disabled={locked}
    >
      <legend className="sr-only">{t('shell.bet')}</legend>
      <button
        type="button"
        className={cx(small, 'hidden tablet:inline-flex')}
        onClick={() => change(scaleStake(stakeMinor, 'half', stakeRules))}
        disabled={atMin}
        // The name begins with the visible text (WCAG 2.5.3 label in name).
        aria-label={t('shell.betHalf')}
      >
        ½
      </button>
      <button
        type="button"
        className={cx(small, 'inline-flex')}
        onClick={() => change(stepStake(steps, stakeMinor, -1))}
        disabled={atMin}
        aria-label={t('shell.betDown')}
      >
        <Minus className="size-4" aria-hidden />
      </button>
      <div className="flex min-w-0 flex-1 flex-col items-center px-1 leading-tight tablet:min-w-28">
        <span className="text-[0.6rem] font-semibold tracking-wider text-muted uppercase">
          {t('shell.bet')}
        </span>
        <output
          className="amount truncate text-base font-bold text-text"
          aria-live="polite"
          data-testid="rgs-stake"
        >
          {shell.money(stakeMinor)}
        </output>
      </div>
      <button
        type="button"
        className={cx(small, 'inline-flex')}
        onClick={() => change(stepStake(steps, stakeMinor, 1))}
        disabled={atMax}
        aria-label={t('shell.betUp')}
      >
        <Plus className="size-4" aria-hidden />
      </button>
      <button
        type="button"
        className={cx(small, 'hidden tablet:inline-flex')}
        onClick={() => change(scaleStake(stakeMinor, 'double', stakeRules))}
        disabled={atMax}
        aria-label={t('shell.betDouble')}
      >
        2×
      </button>
    </fieldset>
  );
}
