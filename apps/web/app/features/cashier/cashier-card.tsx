/** A titled card of a cashier page, and an inline notice (error, warning, info) inside one. */
import type { ReactNode } from 'react';
import { cx } from '../../ui/class-names.ts';
import { Icon } from '../../ui/icon.tsx';

export function CashierCard({
  id,
  title,
  description,
  aside,
  className,
  children,
}: {
  /** Unique on the page: names the section (its heading id) and is its test id. */
  id: string;
  title: string;
  description?: ReactNode;
  aside?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      data-testid={id}
      className={cx('rounded-2xl border border-border bg-surface p-4 shadow-card tablet:p-6', className)}
    >
      <div className="mb-4">
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
          <h2 id={`${id}-title`} className="text-lg font-semibold tracking-tight">
            {title}
          </h2>
          {aside}
        </div>
        {description && <p className="mt-1 text-sm leading-relaxed text-muted">{description}</p>}
      </div>
      {children}
    </section>
  );
}

export type NoticeTone = 'error' | 'warning' | 'info';

const NOTICE_CLASS: Record<NoticeTone, string> = {
  error: 'border-danger/40 bg-danger/10',
  warning: 'border-warning/40 bg-warning/10',
  info: 'border-info/40 bg-info/10',
};
const NOTICE_ICON: Record<NoticeTone, 'error' | 'warning' | 'info'> = {
  error: 'error',
  warning: 'warning',
  info: 'info',
};
const NOTICE_ICON_CLASS: Record<NoticeTone, string> = {
  error: 'text-danger',
  warning: 'text-warning',
  info: 'text-info',
};

export function Notice({
  tone,
  title,
  children,
  action,
  testId,
}: {
  tone: NoticeTone;
  title?: string;
  children?: ReactNode;
  action?: ReactNode;
  testId?: string;
}) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      data-testid={testId}
      className={cx('flex gap-3 rounded-xl border p-3 text-sm tablet:p-4', NOTICE_CLASS[tone])}
    >
      <Icon name={NOTICE_ICON[tone]} className={cx('mt-0.5', NOTICE_ICON_CLASS[tone])} />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        {title && <p className="font-semibold text-text">{title}</p>}
        {children && <div className="leading-relaxed text-text/90">{children}</div>}
        {action && <div className="flex flex-wrap gap-2">{action}</div>}
      </div>
    </div>
  );
}
