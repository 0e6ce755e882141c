/**
 * Form controls the design system does not have yet, built on its `Field` and `Input`: a select
 * styled as the input, a checkbox row with its error under it, the password input with a show /
 * hide button, and the form-level error box. Labels above, errors under (DESIGN.md "Forms").
 */
import { ChevronDown } from 'lucide-react';
import {
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  useId,
  useState,
} from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { IconButton } from '../../ui/button.tsx';
import { cx } from '../../ui/class-names.ts';
import { useFieldControl } from '../../ui/field.tsx';
import { Icon } from '../../ui/icon.tsx';
import { Input, type InputProps } from '../../ui/input.tsx';

export interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  ref?: Ref<HTMLSelectElement>;
}

/** A native select (the platform's own picker on phones) in the input's look; put it in a `<Field>`. */
export function Select({ className, children, ...rest }: SelectProps) {
  const field = useFieldControl();
  const invalid = field?.['aria-invalid'] ?? false;
  return (
    <div className={cx('relative', className)}>
      <select
        {...rest}
        id={rest.id ?? field?.id}
        aria-describedby={field?.['aria-describedby']}
        aria-invalid={invalid || undefined}
        aria-required={field?.['aria-required']}
        className={cx(
          'block min-h-12 w-full appearance-none rounded-xl border bg-background ps-4 pe-11 text-base text-text transition-colors duration-150',
          'hover:border-border-strong focus-visible:border-accent focus-visible:outline-offset-0',
          invalid ? 'border-danger' : 'border-border',
        )}
      >
        {children}
      </select>
      <ChevronDown
        className="pointer-events-none absolute end-3.5 top-1/2 size-5 -translate-y-1/2 text-muted"
        aria-hidden
        focusable={false}
      />
    </div>
  );
}

export interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  ref?: Ref<HTMLInputElement>;
  label: ReactNode;
  error?: string | undefined;
}

/** A checkbox with its label beside it and its error under it (the required-checkbox rule of spec §5). */
export function CheckboxField({ label, error, className, id, required, ...rest }: CheckboxFieldProps) {
  const generatedId = useId();
  const controlId = id ?? `checkbox-${generatedId}`;
  const errorId = error ? `${controlId}-error` : undefined;
  return (
    <div className={cx('flex flex-col gap-1', className)}>
      <div className="flex items-start gap-3">
        <span className="relative mt-0.5 flex size-5 shrink-0">
          <input
            {...rest}
            id={controlId}
            type="checkbox"
            aria-invalid={error ? true : undefined}
            aria-describedby={errorId}
            aria-required={required || undefined}
            className={cx(
              'peer size-5 cursor-pointer appearance-none rounded-md border bg-background transition-colors',
              'checked:border-accent checked:bg-accent hover:border-accent',
              error ? 'border-danger' : 'border-border-strong',
            )}
          />
          <Icon
            name="check"
            size="sm"
            className="pointer-events-none absolute inset-0.5 text-on-accent opacity-0 peer-checked:opacity-100"
          />
        </span>
        <label htmlFor={controlId} className="cursor-pointer text-sm leading-relaxed text-text/90">
          {label}
        </label>
      </div>
      {error && (
        <p id={errorId} className="flex items-start gap-1.5 ps-8 text-sm text-danger">
          <Icon name="error" size="sm" className="mt-0.5" />
          <span>{error}</span>
        </p>
      )}
    </div>
  );
}

/** `<Input type="password">` with a button that shows the text (labels from the auth bundle). */
export function PasswordInput(props: Omit<InputProps, 'type' | 'trailing'>) {
  const { t } = useTranslation('auth');
  const [visible, setVisible] = useState(false);
  return (
    <Input
      {...props}
      type={visible ? 'text' : 'password'}
      autoCapitalize="none"
      spellCheck={false}
      trailing={
        <IconButton
          icon={visible ? 'eye-off' : 'eye'}
          label={visible ? t('fields.hidePassword') : t('fields.showPassword')}
          aria-pressed={visible}
          onClick={() => setVisible((value) => !value)}
        />
      }
    />
  );
}

/** A form-level message (a failure the fields cannot show, or a confirmation), announced when it appears. */
export function FormMessage({
  tone,
  children,
  className,
}: {
  tone: 'error' | 'success' | 'info';
  children: ReactNode;
  className?: string;
}) {
  const styles = {
    error: { box: 'border-danger/40 bg-danger/10', icon: 'error', color: 'text-danger' },
    success: { box: 'border-accent/40 bg-accent/10', icon: 'check-circle', color: 'text-accent' },
    info: { box: 'border-info/40 bg-info/10', icon: 'info', color: 'text-info' },
  } as const;
  const style = styles[tone];
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cx(
        'flex items-start gap-3 rounded-xl border px-4 py-3 text-sm leading-relaxed',
        style.box,
        className,
      )}
    >
      <Icon name={style.icon} className={cx('mt-0.5', style.color)} />
      <div className="min-w-0 flex-1 text-text">{children}</div>
    </div>
  );
}
