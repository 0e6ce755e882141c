/** /profile/security (spec §2): password change, and two-factor authentication when the site offers it. */

import { PasswordForm } from '../features/profile/password-form.tsx';
import { useProfileOutlet } from '../features/profile/profile-outlet.ts';
import { TwoFactorCard } from '../features/profile/two-factor-card.tsx';
import { i18nFor } from '../i18n/i18n.ts';
import { localeOfPath } from '../lib/locale-paths.ts';
import { withPageTitle } from '../lib/page-meta.ts';
import type { Route } from './+types/profile-security';

export function loader({ url }: Route.LoaderArgs) {
  return { pageMeta: { title: i18nFor(localeOfPath(url.pathname)).t('profile:nav.security') } };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  withPageTitle(matches, loaderData?.pageMeta.title);

export default function ProfileSecurity() {
  const { account, twoFactorAvailable } = useProfileOutlet();
  return (
    <>
      {/* Social and messenger players may have no password yet (spec §7). */}
      <PasswordForm currentRequired={account.login_type !== 'external'} />
      {twoFactorAvailable && <TwoFactorCard enabled={account.two_factor_auth} />}
    </>
  );
}
