/**
 * An on/off switch (`role="switch"`): a 44 px target, the state in `aria-checked`, the label
 * beside it. `busy` keeps it in place while the change is being saved.
 */
import { cx } from '../../ui/class-names.ts';
import { Spinner } from '../../ui/spinner.tsx';

export interface ToggleSwitchProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The id of the element that names the switch. */
  labelledBy: string;
  describedBy?: string;
  busy?: boolean;
  disabled?: boolean;
  testId?: string;
}

export function ToggleSwitch({
  checked,
  onChange,
  labelledBy,
  describedBy,
  busy = false,
  disabled = false,
  testId,
}: ToggleSwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      aria-busy={busy || undefined}
      disabled={disabled || busy}
      data-testid={testId}
      onClick={() => onChange(!checked)}
      className="group inline-flex min-h-11 min-w-14 shrink-0 items-center justify-center rounded-full disabled:cursor-not-allowed"
    >
      <span
        aria-hidden="true"
        className={cx(
          'relative inline-flex h-7 w-12 items-center rounded-full border transition-colors duration-150',
          checked ? 'border-accent bg-accent' : 'border-border-strong bg-raised',
          'group-disabled:opacity-60',
        )}
      >
        <span
          className={cx(
            'absolute top-1/2 flex size-5 -translate-y-1/2 items-center justify-center rounded-full shadow transition-[inset-inline-start] duration-150',
            checked ? 'start-[calc(100%-1.5rem)] bg-on-accent text-accent' : 'start-1 bg-muted text-raised',
          )}
        >
          {busy && <Spinner size="sm" decorative className="size-3.5" />}
        </span>
      </span>
    </button>
  );
}
