/** A tournament's leaderboard: the top rows (leader images from the content on the first places) and the player's own row. */
import type { LeaderboardRow } from '@croupier/contract/tournaments/tournaments';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { cx } from '../../ui/class-names.ts';
import { formatNumber } from '../../ui/format.ts';
import { ScrollBox } from '../../ui/scroll-box.tsx';

function Row({
  row,
  image,
  prize,
}: {
  row: LeaderboardRow;
  image: string | undefined;
  prize: string | null;
}) {
  const { t } = useTranslation('tournaments');
  return (
    <tr
      className={cx('border-b border-border last:border-b-0', row.me && 'bg-gold/10 font-semibold')}
      data-testid={row.me ? 'leaderboard-me' : 'leaderboard-row'}
    >
      <td className="py-2 ps-3 pe-2 tabular-nums">
        <span className="inline-flex items-center gap-2">
          {image ? <img src={image} alt="" width={20} height={20} className="size-5" /> : null}
          {row.rank}
        </span>
      </td>
      <td className="px-2 py-2">
        {row.player}
        {row.me && <span className="ms-2 text-xs text-gold">{t('board.you')}</span>}
      </td>
      <td className="px-2 py-2 text-end tabular-nums">{formatNumber(row.score, { fractionDigits: 0 })}</td>
      <td className="py-2 ps-2 pe-3 text-end text-text/85">{prize ?? '—'}</td>
    </tr>
  );
}

export function Leaderboard({
  items,
  me,
  leaderImages,
  title,
  prizeOf,
}: {
  items: readonly LeaderboardRow[];
  me: LeaderboardRow | null;
  leaderImages: readonly string[];
  title: string;
  /** The prize of a rank in the site's money format (the row's own label otherwise). */
  prizeOf?: (rank: number) => string | null;
}) {
  const { t } = useTranslation('tournaments');
  if (items.length === 0) {
    return (
      <p
        className="rounded-2xl border border-border bg-surface p-5 text-sm text-muted"
        data-testid="leaderboard-empty"
      >
        {t('board.empty')}
      </p>
    );
  }
  const meShown = me !== null && items.some((row) => row.me);
  return (
    <ScrollBox label={t('board.table', { title })} className="rounded-2xl">
      <table className="w-full min-w-[20rem] text-sm" data-testid="leaderboard">
        <caption className="sr-only">{title}</caption>
        <thead>
          <tr className="border-b border-border text-xs text-muted">
            <th scope="col" className="py-2 ps-3 pe-2 text-start font-medium">
              {t('board.rank')}
            </th>
            <th scope="col" className="px-2 py-2 text-start font-medium">
              {t('board.player')}
            </th>
            <th scope="col" className="px-2 py-2 text-end font-medium">
              {t('board.score')}
            </th>
            <th scope="col" className="py-2 ps-2 pe-3 text-end font-medium">
              {t('board.prize')}
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((row) => (
            <Row
              key={row.rank}
              row={row}
              image={leaderImages[row.rank - 1]}
              prize={prizeOf ? prizeOf(row.rank) : row.prize}
            />
          ))}
          {me && !meShown && <Row row={me} image={undefined} prize={prizeOf ? prizeOf(me.rank) : me.prize} />}
        </tbody>
      </table>
    </ScrollBox>
  );
}
