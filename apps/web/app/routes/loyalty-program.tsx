/**
 * /loyalty/{sysname} (spec §2, ADR 033): one programme by its sysname (key), drawn like /loyalty;
 * an unknown sysname is the 404 page.
 */
import { loadLoyaltyInfo } from '../features/loyalty/loyalty-loaders.ts';
import { LoyaltyProgramPage } from '../features/loyalty/loyalty-views.tsx';
import { errorPageResponse, orErrorPage } from '../lib/loader-errors.ts';
import { withPageTitle } from '../lib/page-meta.ts';
import { isApiErrorLike } from '../lib/system-pages.ts';
import { getWebContext } from '../lib/web-context.ts';
import type { Route } from './+types/loyalty-program';

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const web = getWebContext(context);
  const program = await web.api
    .call('loyalty.getProgram', { sysname: params.sysname })
    .catch((error: unknown) => {
      if (isApiErrorLike(error) && error.type === 'InvalidParameterException') {
        throw errorPageResponse({ page: 'notFound', path: url.pathname }, 404);
      }
      throw error;
    });
  const info = await orErrorPage(loadLoyaltyInfo(web));
  return { program, info, pageMeta: { title: program.name } };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  withPageTitle(matches, loaderData?.pageMeta.title);

export default function LoyaltyProgram({ loaderData }: Route.ComponentProps) {
  return <LoyaltyProgramPage program={loaderData.program} info={loaderData.info} />;
}
