/**
 * The sportsbook frame's two ends (ADR 035): the launcher URL /bets/{path} frames, and the page the
 * in-house book opens when it is the framed provider (its launch URL, `/frame/launch`).
 */
import { localizePath, normalizeLocale } from '@croupier/contract/locales';
import { isFramePath } from '@croupier/contract/sportsbook/frame';
import { FRAME_PREFIX } from './sportsbook-paths.ts';

/** The launcher URL of the framed sportsbook for `/bets/{path}`. */
export function frameSource(sysname: string, locale: string, path: string): string {
  const page = `/${path}`.replace(/\/+$/, '') || '/';
  const search = new URLSearchParams({ mode: 'real', lang: locale });
  if (isFramePath(page)) search.set('path', page);
  return `/platform/game/${encodeURIComponent(sysname)}/play?${search}`;
}

/** The chrome-less betting page a launch of the in-house book opens. */
export function framedBettingPath(lang: string | null, path: string | null): string {
  const locale = normalizeLocale(lang ?? '') ?? 'en';
  const page = path && isFramePath(path) && path !== '/' ? path : '';
  return localizePath(`${FRAME_PREFIX}/betting${page}`, locale);
}
