/**
 * Social network glyphs for the footer, simplified outlines drawn in the current colour (lucide
 * dropped brand icons, and brand colours would fight the dark theme).
 */
import { Globe } from 'lucide-react';

const STROKE = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

export function SocialIcon({ name }: { name: string }) {
  const svgProps = {
    viewBox: '0 0 24 24',
    className: 'size-5',
    'aria-hidden': true,
    focusable: false,
  } as const;
  switch (name) {
    case 'telegram':
      return (
        <svg {...svgProps} aria-hidden="true">
          <path
            {...STROKE}
            d="M21.5 3.5 2.8 10.7c-.9.4-.9 1.6.1 1.9l4.6 1.5 1.8 5.6c.3.8 1.3 1 1.9.4l2.6-2.5 4.7 3.5c.7.5 1.7.1 1.9-.8L23 4.9c.2-1-.7-1.8-1.5-1.4Z"
          />
          <path {...STROKE} d="m7.5 14.1 10-7.1-7.6 8.6" />
        </svg>
      );
    case 'instagram':
      return (
        <svg {...svgProps} aria-hidden="true">
          <rect {...STROKE} x="3" y="3" width="18" height="18" rx="5" />
          <circle {...STROKE} cx="12" cy="12" r="4" />
          <path {...STROKE} d="M17.5 6.5h.01" />
        </svg>
      );
    case 'youtube':
      return (
        <svg {...svgProps} aria-hidden="true">
          <rect {...STROKE} x="2" y="5" width="20" height="14" rx="4" />
          <path {...STROKE} d="m10 9 5 3-5 3z" />
        </svg>
      );
    default:
      return <Globe className="size-5" aria-hidden focusable={false} />;
  }
}
