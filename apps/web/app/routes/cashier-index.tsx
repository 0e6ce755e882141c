/** /cashier (spec §2): redirects to the deposit page, keeping the query. */
import { localizePath } from '@croupier/contract/locales';
import { redirect } from 'react-router';
import { localeOfPath } from '../lib/locale-paths.ts';
import type { Route } from './+types/cashier-index';

export function loader({ url }: Route.LoaderArgs) {
  throw redirect(`${localizePath('/cashier/deposit', localeOfPath(url.pathname))}${url.search}`);
}

export default function CashierIndex() {
  return null;
}
