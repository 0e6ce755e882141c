/**
 * The profile's sections (spec §2 profile areas). Only areas that exist are listed: the others
 * (verification, responsible gaming, bets, loyalty, bonuses, cashback) join with their issues.
 * Tabs on phones and tablets, a side menu from laptop width.
 */
import { type Locale, localizePath } from '@croupier/contract/locales';
import { useTranslation } from 'react-i18next';
import { SectionNav } from '../../ui/section-nav.tsx';
import type { IconName } from '../../ui/sprite.tsx';

export const PROFILE_SECTIONS = [
  { id: 'settings', path: '/profile/settings', icon: 'profile' },
  { id: 'security', path: '/profile/security', icon: 'security' },
  { id: 'notification', path: '/profile/notification', icon: 'mail' },
] as const satisfies readonly { id: string; path: string; icon: IconName }[];

export function ProfileNav({ locale }: { locale: Locale }) {
  const { t } = useTranslation('profile');
  return (
    <SectionNav
      label={t('nav.label')}
      testIdPrefix="profile-nav"
      sideFromLaptop
      sections={PROFILE_SECTIONS.map((s) => ({
        id: s.id,
        to: localizePath(s.path, locale),
        icon: s.icon,
        label: t(`nav.${s.id}`),
      }))}
    />
  );
}
