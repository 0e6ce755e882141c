/**
 * The player's points and level in the header user menu (ADR 033), linking to /profile/loyalty,
 * with their character's picture where the loyalty config shows characters in the header.
 */
import { type Locale, localizePath } from '@croupier/contract/locales';
import { countedAlias } from '@croupier/contract/loyalty/counted-alias';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { useRootLoaderData } from '../../lib/root-data.ts';
import { Icon } from '../../ui/icon.tsx';
import { formatPoints, levelProgress, showsCharacterIn } from './loyalty-maths.ts';
import { PROFILE_LOYALTY_PATH } from './loyalty-views.tsx';

export function MenuLoyalty({ locale, onNavigate }: { locale: Locale; onNavigate: () => void }) {
  const { t } = useTranslation('loyalty');
  const loyalty = useRootLoaderData()?.loyalty;
  const info = loyalty?.info;
  if (!loyalty || !info) return null;
  const character = showsCharacterIn(loyalty.config, 'header') ? info.character : null;
  const level = levelProgress(info).current;
  return (
    <Link
      to={localizePath(PROFILE_LOYALTY_PATH, locale)}
      onClick={onNavigate}
      className="flex min-h-12 items-center gap-3 rounded-2xl border border-gold/30 bg-raised/60 px-4 py-3 hover:border-gold"
      data-testid="menu-loyalty"
    >
      {character ? (
        <img
          src={character.image}
          alt={character.name}
          title={character.name}
          className="size-8 shrink-0"
          width={32}
          height={32}
          data-testid="menu-character"
        />
      ) : (
        <Icon name="loyalty" className="text-gold" />
      )}
      <span className="flex flex-col">
        <span className="font-semibold">
          {t('summary.points', {
            points: formatPoints(info.points),
            alias: countedAlias(info.points, info, locale),
          })}
        </span>
        {level && <span className="text-xs text-muted">{t('summary.level', { name: level.name })}</span>}
      </span>
    </Link>
  );
}
