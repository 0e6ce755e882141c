/** The player's points and level in the header user menu (ADR 033), linking to /profile/loyalty. */
import { type Locale, localizePath } from '@croupier/contract/locales';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRootLoaderData } from '../../lib/root-data.ts';
import { Icon } from '../../ui/icon.tsx';
import { formatPoints, levelProgress } from './loyalty-maths.ts';
import { PROFILE_LOYALTY_PATH } from './loyalty-views.tsx';

export function MenuLoyalty({ locale, onNavigate }: { locale: Locale; onNavigate: () => void }) {
  const { t } = useTranslation('loyalty');
  const info = useRootLoaderData()?.loyalty?.info;
  if (!info) return null;
  const level = levelProgress(info).current;
  return (
    <Link
      to={localizePath(PROFILE_LOYALTY_PATH, locale)}
      onClick={onNavigate}
      className="flex min-h-12 items-center gap-3 rounded-2xl border border-gold/30 bg-raised/60 px-4 py-3 hover:border-gold"
      data-testid="menu-loyalty"
    >
      <Icon name="loyalty" className="text-gold" />
      <span className="flex flex-col">
        <span className="font-semibold">
          {t('summary.points', { points: formatPoints(info.points), alias: info.pointsAlias })}
        </span>
        {level && <span className="text-xs text-muted">{t('summary.level', { name: level.name })}</span>}
      </span>
    </Link>
  );
}
