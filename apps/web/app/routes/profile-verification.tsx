/** /profile/verification (spec §2, ADR 026): identity verification status and start. */

import { VerificationCard } from '../features/verification/verification-card.tsx';
import { i18nFor } from '../i18n/i18n.ts';
import { orErrorPage } from '../lib/loader-errors.ts';
import { localeOfPath } from '../lib/locale-paths.ts';
import { withPageTitle } from '../lib/page-meta.ts';
import { getWebContext } from '../lib/web-context.ts';
import type { Route } from './+types/profile-verification';

export async function loader({ context, url }: Route.LoaderArgs) {
  const web = getWebContext(context);
  const { status } = await orErrorPage(web.api.call('sumsub.getStatus'));
  return {
    status,
    pageMeta: { title: i18nFor(localeOfPath(url.pathname)).t('verification:title') },
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  withPageTitle(matches, loaderData?.pageMeta.title);

export default function ProfileVerification({ loaderData }: Route.ComponentProps) {
  return <VerificationCard status={loaderData.status} />;
}
