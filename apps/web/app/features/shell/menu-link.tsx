/**
 * One content-managed menu link (spec §3 "menu links"): internal paths get the page's locale
 * prefix and client navigation; external ones (explicitly flagged) open in a new tab; anything
 * `toSafeHref` refuses is not rendered at all.
 */
import type { LinkItem } from '@croupier/contract/content/cms-config';
import { type Locale, localizePath } from '@croupier/contract/locales';
import type { ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { toSafeHref } from '../../lib/navigation.ts';
import { cx } from '../../ui/class-names.ts';
import { MenuIcon } from './menu-icon.tsx';

export interface MenuLinkProps {
  item: LinkItem;
  locale: Locale;
  className?: string | ((state: { isActive: boolean }) => string);
  iconClassName?: string;
  showIcon?: boolean;
  children?: ReactNode;
  onNavigate?: () => void;
}

/** The localized href of an internal link, or the checked URL of an external one; undefined when unsafe. */
export function menuHref(item: LinkItem, locale: Locale): string | undefined {
  try {
    if (item.external) return toSafeHref(item.url, { external: true });
    const href = toSafeHref(item.url);
    const split = href.search(/[?#]/);
    const path = split === -1 ? href : href.slice(0, split);
    return `${localizePath(path, locale)}${split === -1 ? '' : href.slice(split)}`;
  } catch {
    return undefined;
  }
}

export function MenuLink({
  item,
  locale,
  className,
  iconClassName,
  showIcon = true,
  children,
  onNavigate,
}: MenuLinkProps) {
  const { t } = useTranslation();
  const search = new URLSearchParams(useLocation().search);
  const href = menuHref(item, locale);
  if (!href) return null;
  const icon = showIcon ? <MenuIcon name={item.icon} className={iconClassName} /> : null;
  const label = children ?? <span>{item.title}</span>;
  if (item.external) {
    return (
      <a
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        data-audience={item.audience}
        className={cx(typeof className === 'function' ? className({ isActive: false }) : className)}
      >
        {icon}
        {label}
        <span className="sr-only"> ({t('externalLink')})</span>
      </a>
    );
  }
  // A link with a query (`/gamehall?category=live`) is current only when the address has that query too.
  const query = href.includes('?') ? new URLSearchParams(href.slice(href.indexOf('?') + 1)) : null;
  const matchesQuery = !query || [...query].every(([key, value]) => search.getAll(key).includes(value));
  return (
    <NavLink
      to={href}
      end={href === localizePath('/', locale)}
      data-audience={item.audience}
      aria-current={matchesQuery ? 'page' : false}
      className={
        typeof className === 'function'
          ? ({ isActive }) => className({ isActive: isActive && matchesQuery })
          : className
      }
      onClick={onNavigate}
      prefetch="intent"
    >
      {icon}
      {label}
    </NavLink>
  );
}
