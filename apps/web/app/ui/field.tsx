/**
 * A form field (DESIGN.md): label above, optional hint, the control, error text under it in the
 * danger colour. Never a placeholder-only label.
 *
 *   <Field label={t('auth:email')} error={errors.email} hint={t('auth:emailHint')}>
 *     <Input name="email" type="email" autoComplete="email" />
 *   </Field>
 *
 * The field gives its control an id, `aria-describedby` (hint and error) and `aria-invalid` through
 * context: `<Input>` reads it; any other control can call `useFieldControl()` and spread the result.
 */
import { createContext, type ReactNode, useContext, useId } from 'react';
import { cx } from './class-names.ts';
import { Icon } from './icon.tsx';

export interface FieldControlProps {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
  'aria-required': true | undefined;
}

const FieldContext = createContext<FieldControlProps | null>(null);

/** Props for the control inside a `<Field>`; `null` outside one. */
export function useFieldControl(): FieldControlProps | null {
  return useContext(FieldContext);
}

export interface FieldProps {
  label: ReactNode;
  /** The error message; when set the control is marked invalid. */
  error?: string | null | undefined;
  hint?: ReactNode;
  /** Marks the control `aria-required`; the control itself should also get `required` if wanted. */
  required?: boolean;
  /** Use when the control needs a known id (e.g. for a `<label>` elsewhere). */
  id?: string;
  className?: string;
  children: ReactNode;
}

export function Field({ label, error, hint, required = false, id, className, children }: FieldProps) {
  const generatedId = useId();
  const controlId = id ?? `field-${generatedId}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const control: FieldControlProps = {
    id: controlId,
    'aria-describedby': describedBy,
    'aria-invalid': error ? true : undefined,
    'aria-required': required ? true : undefined,
  };
  return (
    <div className={cx('flex flex-col gap-1.5', className)}>
      <label htmlFor={controlId} className="text-sm font-medium text-text">
        {label}
        {required && (
          <span aria-hidden="true" className="ms-0.5 text-muted">
            *
          </span>
        )}
      </label>
      <FieldContext value={control}>{children}</FieldContext>
      {hint && (
        <p id={hintId} className="text-sm text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="flex items-start gap-1.5 text-sm text-danger">
          <Icon name="error" size="sm" className="mt-0.5" />
          <span>{error}</span>
        </p>
      )}
    </div>
  );
}
