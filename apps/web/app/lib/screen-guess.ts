/**
 * The screen class the server renders with (hydration starts from it; the client then follows the
 * real width). Phones say "Mobi" in their User-Agent, tablets mostly say "iPad" or "Tablet".
 */
import type { ScreenClass } from '@croupier/contract/content/cms-config';

export function guessScreenClass(userAgent: string | null | undefined): ScreenClass {
  if (!userAgent) return 'desktop';
  if (/iPad|Tablet/i.test(userAgent)) return 'tablet';
  if (/Mobi|Android|iPhone/i.test(userAgent)) return 'mobile';
  return 'desktop';
}
