/**
 * A payment method in the footer. The content names methods by icon key (`payment-visa`); the
 * badges are drawn here as neutral wordmarks so no third-party logo files are needed.
 */
import { cx } from '../../ui/class-names.ts';

const STYLES: Record<string, string> = {
  'payment-visa': 'font-black italic tracking-tight text-[#e8ecf8]',
  'payment-mastercard': 'font-semibold',
  'payment-bank': 'font-medium',
  'payment-apple-pay': 'font-semibold',
  'payment-google-pay': 'font-semibold',
};

function Mark({ icon }: { icon: string }) {
  if (icon === 'payment-mastercard') {
    return (
      <svg viewBox="0 0 24 16" className="h-4 w-6" aria-hidden="true" focusable="false">
        <circle cx="9" cy="8" r="6" fill="#eb001b" />
        <circle cx="15" cy="8" r="6" fill="#f79e1b" fillOpacity="0.9" />
      </svg>
    );
  }
  if (icon === 'payment-bank') {
    return (
      <svg
        viewBox="0 0 24 24"
        className="size-4"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        aria-hidden="true"
        focusable="false"
      >
        <path d="M3 10h18M5 10v8M9.5 10v8M14.5 10v8M19 10v8M3 21h18M12 3l9 5H3z" strokeLinejoin="round" />
      </svg>
    );
  }
  return null;
}

export function PaymentBadge({ icon, name }: { icon: string; name: string }) {
  return (
    <span
      className={cx(
        'inline-flex h-10 min-w-16 items-center justify-center gap-1.5 rounded-lg border border-border bg-raised px-3 text-xs text-text/90',
        STYLES[icon],
      )}
    >
      <Mark icon={icon} />
      <span>{name}</span>
    </span>
  );
}
