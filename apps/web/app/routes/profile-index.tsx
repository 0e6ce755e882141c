/** `/profile` → `/profile/settings` (spec §2), in the same language, query kept. */
import { localizePath } from '@croupier/contract/locales';
import { redirect } from 'react-router';
import { localeOfPath } from '../lib/locale-paths.ts';
import type { Route } from './+types/profile-index';

export function loader({ url }: Route.LoaderArgs) {
  throw redirect(`${localizePath('/profile/settings', localeOfPath(url.pathname))}${url.search}`, 302);
}

export default function ProfileIndex() {
  return null;
}
