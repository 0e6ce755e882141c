/**
 * The player's free-spin packs (spec §3 Freespin pack, §7 freespins.get): game, spins left of the
 * pack, the stake of one spin, expiry, and a link to the game page to play them.
 */
import type { FreespinPack } from '@croupier/contract/freespins/get';
import { localizePath } from '@croupier/contract/locales';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { Button } from '../../ui/button.tsx';
import { Icon } from '../../ui/icon.tsx';
import { useCashierFormat } from '../cashier/use-cashier-format.ts';

export function FreespinList({ packs }: { packs: readonly FreespinPack[] }) {
  const { t } = useTranslation('bonuses');
  const { money, dateTime, locale } = useCashierFormat();
  return (
    <ul className="grid gap-3 tablet:grid-cols-2" data-testid="freespin-list">
      {packs.map((pack) => (
        <li
          key={pack.id}
          className="flex flex-col gap-3 rounded-2xl border border-border bg-surface p-4 shadow-card"
          data-testid="freespin-pack"
        >
          <div className="flex items-start gap-3">
            <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-raised text-gold">
              <Icon name="slots" />
            </span>
            <div className="flex min-w-0 flex-1 flex-col gap-0.5">
              <p className="truncate text-base font-semibold" translate="no">
                {pack.game.name}
              </p>
              <p className="text-sm text-muted" data-testid="freespin-count">
                {t('freespins.spins', { remaining: pack.remaining_count, total: pack.total_count })}
              </p>
              {pack.description && <p className="text-xs text-muted">{pack.description}</p>}
            </div>
          </div>
          <dl className="grid grid-cols-2 gap-3">
            <div>
              <dt className="text-xs text-muted">{t('freespins.bet')}</dt>
              <dd className="amount text-sm font-semibold">{money(pack.bet)}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted">{t('freespins.expires')}</dt>
              <dd className="text-sm font-semibold">
                {pack.expires_at ? (
                  <time dateTime={pack.expires_at}>{dateTime(pack.expires_at)}</time>
                ) : (
                  t('freespins.noExpiry')
                )}
              </dd>
            </div>
          </dl>
          <Button
            href={localizePath(`/game/${encodeURIComponent(pack.game.sysname)}`, locale)}
            size="sm"
            iconStart="play"
            aria-label={t('freespins.playLabel', { game: pack.game.name })}
            data-testid="freespin-play"
          >
            {t('actions.play')}
          </Button>
        </li>
      ))}
    </ul>
  );
}
