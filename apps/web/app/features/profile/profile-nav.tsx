/**
 * The profile's sections (spec §2 profile areas). Only areas that exist are listed: the others
 * join with their issues; loyalty and bets show while their site sections are on; bonuses and cashback
 * name themselves in the `bonuses` namespace.
 * Tabs on phones and tablets, a side menu from laptop width.
 */
import { type Locale, localizePath } from '@croupier/contract/locales';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { useRootLoaderData } from '../../lib/root-data.ts';
import type { IconName } from '../../ui/icon-names.ts';
import { SectionNav } from '../../ui/section-nav.tsx';

export const PROFILE_SECTIONS = [
  { id: 'settings', path: '/profile/settings', icon: 'profile' },
  { id: 'security', path: '/profile/security', icon: 'security' },
  { id: 'notification', path: '/profile/notification', icon: 'mail' },
  { id: 'bonuses', path: '/profile/bonuses', icon: 'gift', label: 'bonuses:nav.bonuses' },
  { id: 'cashback', path: '/profile/cashback', icon: 'promotions', label: 'bonuses:nav.cashback' },
  {
    id: 'responsible-game',
    path: '/profile/responsible-game',
    icon: 'security',
    label: 'responsible-gaming:nav.profile',
  },
  { id: 'verification', path: '/profile/verification', icon: 'check-circle', label: 'verification:nav' },
  { id: 'loyalty', path: '/profile/loyalty', icon: 'loyalty', label: 'loyalty:page.profileTitle' },
  { id: 'bets', path: '/profile/bets', icon: 'betting', label: 'sportsbook:profileNav' },
] as const satisfies readonly { id: string; path: string; icon: IconName; label?: string }[];

export function ProfileNav({ locale }: { locale: Locale }) {
  const { t } = useTranslation([
    'profile',
    'bonuses',
    'responsible-gaming',
    'verification',
    'loyalty',
    'sportsbook',
  ]);
  // The loyalty and bets areas show while their site sections are on (ADR 014).
  const sections = useRootLoaderData()?.sections;
  const shown = (id: string) =>
    id === 'loyalty' ? sections?.loyalty === true : id === 'bets' ? sections?.sports === true : true;
  return (
    <SectionNav
      label={t('nav.label')}
      testIdPrefix="profile-nav"
      sideFromLaptop
      sections={PROFILE_SECTIONS.filter((s) => shown(s.id)).map((s) => ({
        id: s.id,
        to: localizePath(s.path, locale),
        icon: s.icon,
        label: 'label' in s ? t(s.label) : t(`nav.${s.id}`),
      }))}
    />
  );
}
