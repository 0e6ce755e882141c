/** A titled card of a profile page: one subject (personal data, contacts, password…) per card. */
import type { ReactNode } from 'react';
import { cx } from '../../ui/class-names.ts';

export interface ProfileCardProps {
  /** Unique on the page: the section's id (a `#contacts` link lands on it) and, suffixed, its heading's. */
  id: string;
  title: string;
  description?: ReactNode;
  /** Beside the title: a status badge. */
  aside?: ReactNode;
  className?: string;
  children: ReactNode;
}

export function ProfileCard({ id, title, description, aside, className, children }: ProfileCardProps) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      data-testid={id}
      className={cx(
        // Below the sticky header when an address's #fragment scrolls to it.
        'scroll-mt-[calc(var(--header-height,4rem)+1rem)] rounded-2xl border border-border bg-surface p-4 shadow-card tablet:p-6',
        className,
      )}
    >
      <div className="mb-5">
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

export type BadgeTone = 'success' | 'warning' | 'muted' | 'info';

const TONES: Record<BadgeTone, string> = {
  success: 'border-accent/40 bg-accent/10 text-accent',
  warning: 'border-warning/40 bg-warning/10 text-warning',
  info: 'border-info/40 bg-info/10 text-info',
  muted: 'border-border bg-raised text-muted',
};

export function Badge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return (
    <span
      className={cx(
        'inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
        TONES[tone],
      )}
    >
      {children}
    </span>
  );
}
