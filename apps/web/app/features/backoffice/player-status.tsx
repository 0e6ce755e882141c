/** A player's account status as a badge: active in the accent colour, anything else in danger's. */
import { useTranslation } from '../../i18n/use-translation.tsx';
import { cx } from '../../ui/class-names.ts';

export function PlayerStatus({ status }: { status: string }) {
  const { t } = useTranslation('backoffice');
  return (
    <span
      className={cx(
        'inline-block rounded-full px-2 py-0.5 text-xs font-medium',
        status === 'active' ? 'bg-accent/15 text-accent' : 'bg-danger/15 text-danger-soft',
      )}
    >
      {t(`players.statuses.${status}`, { defaultValue: status })}
    </span>
  );
}
