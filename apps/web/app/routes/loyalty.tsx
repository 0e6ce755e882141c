/**
 * /loyalty (spec §2, ADR 033): the loyalty programme — levels and their perks, how points are
 * earned, and for a player their points and level progress.
 */

import { loadLoyaltyInfo } from '../features/loyalty/loyalty-loaders.ts';
import { LoyaltyProgramPage } from '../features/loyalty/loyalty-views.tsx';
import { i18nFor } from '../i18n/i18n.ts';
import { orErrorPage } from '../lib/loader-errors.ts';
import { localeOfPath } from '../lib/locale-paths.ts';
import { withPageTitle } from '../lib/page-meta.ts';
import { getWebContext } from '../lib/web-context.ts';
import type { Route } from './+types/loyalty';

export async function loader({ context, url }: Route.LoaderArgs) {
  const web = getWebContext(context);
  const locale = localeOfPath(url.pathname);
  const [program, info] = await Promise.all([
    orErrorPage(web.api.call('loyalty.getProgram', {})),
    loadLoyaltyInfo(web),
  ]);
  return {
    program,
    info,
    pageMeta: { title: program.name || i18nFor(locale).t('loyalty:page.programTitle') },
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  withPageTitle(matches, loaderData?.pageMeta.title);

export default function Loyalty({ loaderData }: Route.ComponentProps) {
  return <LoyaltyProgramPage program={loaderData.program} info={loaderData.info} />;
}
