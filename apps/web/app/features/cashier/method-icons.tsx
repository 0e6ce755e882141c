/**
 * A payment method's marks. The content names them by key (`payment-visa`, `payment-bank` …); they
 * are drawn here as neutral marks so no third-party logo files are needed, and an unknown key gets
 * a generic card.
 */
import { cx } from '../../ui/class-names.ts';

function Mark({ icon }: { icon: string }) {
  switch (icon) {
    case 'payment-visa':
      return <span className="px-0.5 text-[0.8125rem] font-black italic tracking-tight text-text">VISA</span>;
    case 'payment-mastercard':
      return (
        <svg viewBox="0 0 24 16" className="h-4 w-6" aria-hidden="true" focusable="false">
          <circle cx="9" cy="8" r="6" fill="#eb001b" />
          <circle cx="15" cy="8" r="6" fill="#f79e1b" fillOpacity="0.9" />
        </svg>
      );
    case 'payment-apple-pay':
      return <span className="px-0.5 text-xs font-semibold text-text">Pay</span>;
    case 'payment-google-pay':
      return <span className="px-0.5 text-xs font-semibold text-text">G Pay</span>;
    case 'payment-bank':
      return (
        <svg
          viewBox="0 0 24 24"
          className="size-5 text-text"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          aria-hidden="true"
          focusable="false"
        >
          <path d="M3 10h18M5 10v8M9.5 10v8M14.5 10v8M19 10v8M3 21h18M12 3l9 5H3z" strokeLinejoin="round" />
        </svg>
      );
    default:
      return (
        <svg
          viewBox="0 0 24 24"
          className="size-5 text-text"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          aria-hidden="true"
          focusable="false"
        >
          <rect x="2.5" y="5" width="19" height="14" rx="2.5" />
          <path d="M2.5 10h19M6 15h4" strokeLinecap="round" />
        </svg>
      );
  }
}

export function MethodIcons({ icons, className }: { icons: readonly string[]; className?: string }) {
  const shown = icons.length > 0 ? icons.slice(0, 3) : ['card'];
  return (
    <span aria-hidden="true" className={cx('flex shrink-0 items-center gap-1', className)}>
      {shown.map((icon) => (
        <span
          key={icon}
          className="inline-flex h-8 min-w-10 items-center justify-center rounded-md border border-border bg-background px-1.5"
        >
          <Mark icon={icon} />
        </span>
      ))}
    </span>
  );
}
