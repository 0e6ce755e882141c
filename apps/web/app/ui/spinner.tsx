/**
 * `<Spinner />` — for short waits only (DESIGN.md: skeletons for lists, progress for long jobs).
 * Announces "Loading…" (ui:loading) unless `label` overrides it; inside something that already
 * says it is busy (a loading button), pass `decorative` so it is not announced twice.
 * Sizes: sm 16 px, md 24 px (default), lg 40 px. Colour follows the text colour.
 */
import { useTranslation } from '../i18n/use-translation.tsx';
import { cx } from './class-names.ts';

export type SpinnerSize = 'sm' | 'md' | 'lg';

const SIZE_CLASS: Record<SpinnerSize, string> = { sm: 'size-4', md: 'size-6', lg: 'size-10' };

export interface SpinnerProps {
  size?: SpinnerSize;
  label?: string;
  decorative?: boolean;
  className?: string;
}

export function Spinner({ size = 'md', label, decorative = false, className }: SpinnerProps) {
  const { t } = useTranslation('ui');
  const svg = (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      aria-hidden="true"
      focusable="false"
      className={cx('animate-spin', SIZE_CLASS[size], className)}
    >
      <circle cx="12" cy="12" r="9.5" stroke="currentColor" strokeOpacity="0.2" strokeWidth="3" />
      <path d="M21.5 12A9.5 9.5 0 0 0 12 2.5" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
  if (decorative) return svg;
  return (
    <span role="status" className="inline-flex">
      {svg}
      <span className="sr-only">{label ?? t('loading')}</span>
    </span>
  );
}
