/**
 * A row of exclusive choices (over/under, rows 8/12/16, risk) as real radio inputs: arrow keys
 * move between them, and the checked one wears the game's accent colour.
 *
 *   <Segmented label={t('plinko.rows')} options={[{ value: 8, label: '8' }, …]} value={rows} onChange={setRows} />
 */
import { type ReactNode, useId } from 'react';
import { cx } from '../../../ui/class-names.ts';

export interface SegmentedOption<T> {
  value: T;
  label: string;
  icon?: ReactNode;
}

export function Segmented<T extends string | number>({
  label,
  showLabel = true,
  options,
  value,
  onChange,
  disabled = false,
}: {
  label: string;
  /** The label is also shown inside the control from laptop width up (it always stays for screen readers). */
  showLabel?: boolean;
  options: readonly SegmentedOption<T>[];
  value: T;
  onChange: (value: T) => void;
  disabled?: boolean;
}) {
  const name = useId();
  return (
    <fieldset
      disabled={disabled}
      className="flex min-w-0 items-center gap-1 rounded-2xl border border-white/10 bg-white/5 p-1 disabled:opacity-60"
    >
      <legend className="sr-only">{label}</legend>
      {showLabel && (
        <span
          aria-hidden
          className="hidden px-2 text-[0.65rem] font-semibold tracking-wider text-white/50 uppercase laptop:inline"
        >
          {label}
        </span>
      )}
      {options.map((option) => (
        <label key={String(option.value)} className="relative">
          <input
            type="radio"
            name={name}
            value={String(option.value)}
            checked={option.value === value}
            onChange={() => onChange(option.value)}
            className="peer sr-only"
          />
          <span
            className={cx(
              'inline-flex min-h-10 min-w-10 cursor-pointer items-center justify-center gap-1.5 rounded-xl px-2 text-xs font-bold transition-colors tablet:px-2.5 tablet:text-sm',
              'peer-focus-visible:ring-2 peer-focus-visible:ring-(--game-accent,var(--color-accent)) peer-disabled:cursor-not-allowed',
              option.value === value
                ? 'bg-(--game-accent,var(--color-accent)) text-(--game-accent-contrast,var(--color-on-accent))'
                : 'text-white/70 hover:bg-white/10 hover:text-white',
            )}
          >
            {option.icon}
            {option.label}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
