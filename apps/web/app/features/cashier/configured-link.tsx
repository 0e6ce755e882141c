/**
 * A button to a link the operator configured (withdrawal gates, spec §8): a site path opens in the
 * app in the page language; an absolute http(s) URL is an explicit external link in a new tab.
 * Anything else is not shown (spec §2: no dangerous or unflagged external navigation), and neither
 * is a site path into a section without pages yet (ADR 014: `/profile/verification` before KYC lands).
 */
import { localizePath } from '@croupier/contract/locales';
import type { ReactNode } from 'react';
import { isExternalHref, isSafeHref, toSafeHref } from '../../lib/navigation.ts';
import { useHrefAvailable } from '../../lib/site-sections.ts';
import { usePageLocale } from '../../lib/use-root-data.ts';
import { Button, buttonClassName } from '../../ui/button.tsx';

export function ConfiguredLinkButton({ link, children }: { link: string; children: ReactNode }) {
  const locale = usePageLocale();
  const hrefAvailable = useHrefAvailable();
  const trimmed = link.trim();
  if (trimmed === '' || !hrefAvailable(trimmed)) return null;
  const external = /^https?:\/\//i.test(trimmed);
  if (!isSafeHref(trimmed, { external })) return null;
  const href = toSafeHref(trimmed, { external });
  if (isExternalHref(href)) {
    return (
      <a href={href} target="_blank" rel="noopener noreferrer" className={buttonClassName({ size: 'sm' })}>
        {children}
      </a>
    );
  }
  return (
    <Button href={localizePath(href, locale)} size="sm">
      {children}
    </Button>
  );
}
