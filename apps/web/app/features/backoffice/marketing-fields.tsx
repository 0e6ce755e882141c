/**
 * The parts the marketing desks' forms share (tournaments, jackpots, loyalty; ADR 049): a labelled
 * field with its problem under it, a choice, the preview frame (the player's own component inside),
 * and the save call that tells its outcome, keeps the server's field problems and reloads the list.
 */
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { cx } from '../../ui/class-names.ts';
import { useToasts } from '../../ui/toasts.tsx';
import { BackofficeApiError } from './backoffice-api.ts';
import { errorText } from './backoffice-errors.ts';
import { staffRequest } from './backoffice-session.ts';
import type { Problems } from './marketing.ts';

export const INPUT = 'min-h-11 w-full rounded-lg border border-border bg-background px-3 text-base text-text';

export function ProblemText({ problem, id }: { problem: string | undefined; id?: string }) {
  const { t } = useTranslation('backoffice');
  if (!problem) return null;
  return (
    <span id={id} className="text-sm font-normal text-danger" role="alert">
      {t(`marketing.problems.${problem}`, { defaultValue: t('marketing.problems.invalid') })}
    </span>
  );
}

export function Field({
  label,
  name,
  value,
  onChange,
  problem,
  type = 'text',
  disabled,
  hint,
  className,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  problem?: string | undefined;
  type?: 'text' | 'datetime-local' | 'number';
  disabled?: boolean;
  hint?: string;
  className?: string;
}) {
  const problemId = `${name}-problem`;
  return (
    <label className={cx('flex min-w-0 flex-col gap-1 text-sm font-medium', className)}>
      {label}
      <input
        name={name}
        type={type}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? problemId : undefined}
        className={cx(INPUT, problem && 'border-danger')}
      />
      {hint && <span className="text-xs font-normal text-muted">{hint}</span>}
      <ProblemText problem={problem} id={problemId} />
    </label>
  );
}

export function Choice<T extends string>({
  label,
  name,
  value,
  options,
  onChange,
  disabled,
}: {
  label: string;
  name: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
  disabled?: boolean;
}) {
  return (
    <label className="flex min-w-0 flex-col gap-1 text-sm font-medium">
      {label}
      <select
        name={name}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value as T)}
        className={INPUT}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The player's view of what the form holds, framed and labelled as a preview. */
export function Preview({ children }: { children: ReactNode }) {
  const { t } = useTranslation('backoffice');
  return (
    <section
      aria-label={t('marketing.preview')}
      className="rounded-xl border border-dashed border-border p-3"
      data-testid="marketing-preview"
    >
      <h2 className="mb-3 text-sm font-semibold tracking-wide text-muted uppercase">
        {t('marketing.preview')}
      </h2>
      {children}
    </section>
  );
}

/** Sends a desk's change; tells the outcome; answers the server's field problems on a refusal. */
export function useDeskSave() {
  const { t } = useTranslation('backoffice');
  const toasts = useToasts();
  const revalidator = useRevalidator();
  const [pending, setPending] = useState(false);
  const [serverProblems, setServerProblems] = useState<Problems>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  async function save(method: 'POST' | 'PUT', path: string, body: unknown, done: string): Promise<boolean> {
    setPending(true);
    setRefusal(null);
    setServerProblems({});
    try {
      await staffRequest(path, { method, body });
      toasts.show({ kind: 'success', title: done });
      await revalidator.revalidate();
      return true;
    } catch (caught) {
      const text = errorText(t, caught);
      setRefusal(text);
      if (caught instanceof BackofficeApiError && caught.fields) setServerProblems(caught.fields);
      toasts.show({ kind: 'error', title: text });
      return false;
    } finally {
      setPending(false);
    }
  }
  return { save, pending, serverProblems, refusal, clear: () => setRefusal(null) };
}
