/**
 * Links inside content-service HTML are plain `<a href="/path">`. This turns a plain left click on
 * a same-origin link into a client navigation, with the page's locale prefix added when the
 * content wrote an unprefixed path (editors write `/responsible-gaming` in every language).
 */
import { type Locale, localizePath, splitLocalePath } from '@croupier/contract/locales';
import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { isSafeHref, toSafeHref } from './navigation.ts';

export function localizeContentHref(href: string, locale: Locale): string {
  const split = href.search(/[?#]/);
  const path = split === -1 ? href : href.slice(0, split);
  const rest = split === -1 ? '' : href.slice(split);
  if (path === '' || splitLocalePath(path).prefixed) return href;
  return `${localizePath(path, locale)}${rest}`;
}

export function useRichTextLinks(locale: Locale) {
  const navigate = useNavigate();
  return (event: MouseEvent<HTMLElement>) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    ) {
      return;
    }
    const anchor = (event.target as Element).closest('a');
    if (!anchor || (anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return;
    const raw = anchor.getAttribute('href');
    if (!raw || raw.startsWith('#')) return;
    const origin = window.location.origin;
    if (!isSafeHref(raw, { origin })) return; // External links keep their normal behaviour.
    event.preventDefault();
    navigate(localizeContentHref(toSafeHref(raw, { origin }), locale));
  };
}
