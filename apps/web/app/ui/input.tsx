/**
 * `<Input>` — a 48 px text input. Inside `<Field>` it takes its id, `aria-describedby`,
 * `aria-invalid` and `aria-required` from the field; standalone, pass `invalid` and an
 * `aria-label`/`id` yourself.
 *
 *   <Input name="q" type="search" leadingIcon="search" aria-label={t('games:search')} />
 *   <Input type="password" trailing={<IconButton icon="eye" label={t('auth:showPassword')} … />} />
 *   <Input inputMode="decimal" className="amount" />   // amounts: tabular digits
 */
import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { cx } from './class-names.ts';
import { useFieldControl } from './field.tsx';
import { Icon } from './icon.tsx';
import type { IconName } from './icon-names.ts';

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  ref?: Ref<HTMLInputElement>;
  /** Marks the input invalid outside a `<Field>` (inside one the field's `error` decides). */
  invalid?: boolean;
  leadingIcon?: IconName;
  /** A control at the end of the input, such as a show-password or clear button. */
  trailing?: ReactNode;
}

export function Input({ invalid, leadingIcon, trailing, className, id, ...rest }: InputProps) {
  const field = useFieldControl();
  const isInvalid = invalid ?? field?.['aria-invalid'] ?? false;
  const describedBy = [field?.['aria-describedby'], rest['aria-describedby']].filter(Boolean).join(' ');
  const input = (
    <input
      {...rest}
      id={id ?? field?.id}
      aria-describedby={describedBy || undefined}
      aria-invalid={isInvalid || undefined}
      aria-required={rest['aria-required'] ?? field?.['aria-required']}
      className={cx(
        'block min-h-12 w-full rounded-xl border bg-background px-4 text-base text-text transition-colors duration-150',
        'placeholder:text-muted/70 hover:border-border-strong focus-visible:border-accent focus-visible:outline-offset-0',
        'disabled:cursor-not-allowed disabled:opacity-50 read-only:bg-surface',
        isInvalid ? 'border-danger' : 'border-border',
        leadingIcon && 'ps-11',
        trailing !== undefined && 'pe-12',
        !leadingIcon && trailing === undefined && className,
      )}
    />
  );
  if (!leadingIcon && trailing === undefined) return input;
  return (
    <div className={cx('relative', className)}>
      {leadingIcon && (
        <Icon
          name={leadingIcon}
          className="pointer-events-none absolute start-3.5 top-1/2 -translate-y-1/2 text-muted"
        />
      )}
      {input}
      {trailing !== undefined && <div className="absolute end-0.5 top-1/2 -translate-y-1/2">{trailing}</div>}
    </div>
  );
}
