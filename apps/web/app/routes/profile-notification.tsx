/** /profile/notification (spec §2): news and offers, per contact. */

import { SubscriptionsCard } from '../features/profile/subscriptions-card.tsx';
import { i18nFor } from '../i18n/i18n.ts';
import { orErrorPage } from '../lib/loader-errors.ts';
import { localeOfPath } from '../lib/locale-paths.ts';
import { withPageTitle } from '../lib/page-meta.ts';
import { getWebContext } from '../lib/web-context.ts';
import type { Route } from './+types/profile-notification';

export async function loader({ context, url }: Route.LoaderArgs) {
  const web = getWebContext(context);
  const profile = await orErrorPage(web.api.call('account.getprofileinfo'));
  return {
    contacts: profile.contacts,
    pageMeta: { title: i18nFor(localeOfPath(url.pathname)).t('profile:nav.notification') },
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  withPageTitle(matches, loaderData?.pageMeta.title);

export default function ProfileNotification({ loaderData }: Route.ComponentProps) {
  return <SubscriptionsCard contacts={loaderData.contacts} />;
}
