/**
 * /gamehall/{id} (spec §2): a redirect to the game hall filtered by that category
 * (`/gamehall?category={id}`), in the visitor's locale.
 */
import { localizePath } from '@croupier/contract/locales';
import { redirect } from 'react-router';
import { parseHallQuery } from '../features/games/hall-query.ts';
import { localeOfPath } from '../lib/locale-paths.ts';
import type { Route } from './+types/gamehall-category';

export function loader({ params, url }: Route.LoaderArgs): never {
  const base = localizePath('/gamehall', localeOfPath(url.pathname));
  const { category } = parseHallQuery(new URLSearchParams({ category: params.id }));
  throw redirect(category ? `${base}?category=${encodeURIComponent(category)}` : base, 301);
}

export default function GameHallCategory() {
  return null;
}
