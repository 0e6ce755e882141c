/**
 * A native `<select>` dressed like `<Input>` (48 px, same border and focus), reading its id,
 * description and invalid state from the surrounding `<Field>`. Native, so phones show their own
 * picker and keyboard users get the platform behaviour.
 */
import type { Ref, SelectHTMLAttributes } from 'react';
import { cx } from '../../ui/class-names.ts';
import { useFieldControl } from '../../ui/field.tsx';
import { Icon } from '../../ui/icon.tsx';

export interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  ref?: Ref<HTMLSelectElement>;
  invalid?: boolean;
}

export function Select({ invalid, className, id, children, ...rest }: SelectProps) {
  const field = useFieldControl();
  const isInvalid = invalid ?? field?.['aria-invalid'] ?? false;
  return (
    <div className={cx('relative', className)}>
      <select
        {...rest}
        id={id ?? field?.id}
        aria-describedby={
          [field?.['aria-describedby'], rest['aria-describedby']].filter(Boolean).join(' ') || undefined
        }
        aria-invalid={isInvalid || undefined}
        aria-required={rest['aria-required'] ?? field?.['aria-required']}
        className={cx(
          'block min-h-12 w-full appearance-none rounded-xl border bg-background ps-4 pe-11 text-base text-text transition-colors duration-150',
          'hover:border-border-strong focus-visible:border-accent focus-visible:outline-offset-0',
          'disabled:cursor-not-allowed disabled:opacity-50',
          isInvalid ? 'border-danger' : 'border-border',
        )}
      >
        {children}
      </select>
      <Icon
        name="chevron-down"
        className="pointer-events-none absolute end-3.5 top-1/2 -translate-y-1/2 text-muted"
      />
    </div>
  );
}
