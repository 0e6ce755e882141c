/** The cashier's sections (spec §2): deposit, withdraw, history, wallet. */
import { type Locale, localizePath } from '@croupier/contract/locales';
import { useTranslation } from '../../i18n/use-translation.tsx';
import type { IconName } from '../../ui/icon-names.ts';
import { SectionNav } from '../../ui/section-nav.tsx';

const SECTIONS = [
  { id: 'deposit', path: '/cashier/deposit', icon: 'deposit' },
  { id: 'withdraw', path: '/cashier/withdraw', icon: 'withdraw' },
  { id: 'history', path: '/cashier/history', icon: 'history' },
  { id: 'wallet', path: '/cashier/wallet', icon: 'wallet' },
] as const satisfies readonly { id: string; path: string; icon: IconName }[];

export function CashierNav({ locale }: { locale: Locale }) {
  const { t } = useTranslation('cashier');
  return (
    <SectionNav
      label={t('nav.label')}
      testIdPrefix="cashier-nav"
      sections={SECTIONS.map((s) => ({
        id: s.id,
        to: localizePath(s.path, locale),
        icon: s.icon,
        label: t(`nav.${s.id}`),
      }))}
    />
  );
}
