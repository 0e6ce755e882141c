/**
 * Any unmatched path (spec §5): 404 "Page Not Found" with the path, drawn by the root error
 * boundary. A wrong locale prefix was already corrected by the root middleware.
 */

import { errorPageResponse } from '../lib/loader-errors.ts';
import type { Route } from './+types/not-found';

export function loader({ url }: Route.LoaderArgs): never {
  throw errorPageResponse({ page: 'notFound', path: url.pathname }, 404);
}

export default function NotFound() {
  return null;
}
