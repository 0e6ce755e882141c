/**
 * The activity part of a player's file in the back office: loss and wager limits, the latest
 * bonuses, sports bets and game rounds (as the player's own pages list them) and the live sessions
 * (when and from where; never their ids). Read-only: the actions are the file's.
 */
import type { Locale } from '@croupier/contract/locales';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { cx } from '../../ui/class-names.ts';
import { formatStaffDateTime, formatStaffMoney } from './backoffice-format.ts';
import { TableBox, TD, TH } from './backoffice-shell.tsx';
import type { PlayerFile } from './players.ts';

const NUM = cx(TD, 'text-end tabular-nums whitespace-nowrap');
const WHEN = cx(TD, 'whitespace-nowrap tabular-nums');

/** One titled table, or a line saying there is nothing yet. */
function Listing({
  title,
  empty,
  columns,
  rows,
  minWidth,
}: {
  title: string;
  empty: string;
  columns: { label: string; end?: boolean }[];
  rows: { key: string; cells: ReactNode[] }[];
  minWidth: string;
}) {
  return (
    <div className="mt-6">
      <h2 className="mb-2 text-lg font-semibold">{title}</h2>
      {rows.length === 0 ? (
        <p className="text-sm text-muted">{empty}</p>
      ) : (
        <TableBox label={title}>
          <table className={cx('w-full border-collapse', minWidth)}>
            <thead className="border-b border-border">
              <tr>
                {columns.map((column) => (
                  <th key={column.label} className={cx(TH, column.end && 'text-end')}>
                    {column.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.key} className="border-b border-border last:border-0">
                  {row.cells}
                </tr>
              ))}
            </tbody>
          </table>
        </TableBox>
      )}
    </div>
  );
}

export function PlayerActivity({ file, locale }: { file: PlayerFile; locale: Locale }) {
  const { t } = useTranslation('backoffice');
  const money = (value: { amount: string; currency: string } | null) =>
    value ? formatStaffMoney(value, locale) : '—';
  const when = (value: string | null) => (value ? formatStaffDateTime(value, locale) : '—');
  const limits = file.limits?.limits ?? [];

  return (
    <>
      <Listing
        title={t('activity.limits')}
        empty={t('activity.noLimits')}
        minWidth="min-w-[36rem]"
        columns={[
          { label: t('activity.limit') },
          { label: t('activity.amount'), end: true },
          { label: t('activity.used'), end: true },
          { label: t('activity.left'), end: true },
          { label: t('activity.pending') },
        ]}
        rows={limits.map((limit) => ({
          key: `${limit.kind}-${limit.period}`,
          cells: [
            <td key="what" className={TD}>
              {t(`activity.limitKinds.${limit.kind}`)} · {t(`activity.periods.${limit.period}`)}
            </td>,
            <td key="amount" className={NUM}>
              {money(limit.limit_amount)}
            </td>,
            <td key="used" className={NUM}>
              {money(limit.used_amount)}
            </td>,
            <td key="left" className={NUM}>
              {money(limit.left_amount)}
            </td>,
            <td key="pending" className={TD}>
              {limit.pending_removal
                ? t('activity.pendingRemoval', { at: when(limit.pending_effective_at) })
                : limit.pending_limit_amount
                  ? t('activity.pendingRaise', {
                      amount: money(limit.pending_limit_amount),
                      at: when(limit.pending_effective_at),
                    })
                  : '—'}
            </td>,
          ],
        }))}
      />
      <Listing
        title={t('activity.bonuses', { total: file.bonuses.total })}
        empty={t('activity.noBonuses')}
        minWidth="min-w-[40rem]"
        columns={[
          { label: t('activity.bonus') },
          { label: t('activity.status') },
          { label: t('activity.amount'), end: true },
          { label: t('activity.wagering'), end: true },
          { label: t('activity.created') },
        ]}
        rows={file.bonuses.items.map((bonus) => ({
          key: String(bonus.id),
          cells: [
            <td key="name" className={TD}>
              {bonus.name}
            </td>,
            <td key="status" className={TD}>
              {t(`activity.bonusStatus.${bonus.status}`, { defaultValue: bonus.status })}
            </td>,
            <td key="amount" className={NUM}>
              {money(bonus.amount)}
            </td>,
            <td key="wagering" className={NUM}>
              {bonus.wagering.multiplier > 0
                ? `${money(bonus.wagering.progress)} / ${money(bonus.wagering.required)}`
                : '—'}
            </td>,
            <td key="created" className={WHEN}>
              {when(bonus.created_at)}
            </td>,
          ],
        }))}
      />
      <Listing
        title={t('activity.bets', { total: file.bets.total })}
        empty={t('activity.noBets')}
        minWidth="min-w-[44rem]"
        columns={[
          { label: t('activity.bet') },
          { label: t('activity.placed') },
          { label: t('activity.stake'), end: true },
          { label: t('activity.odds'), end: true },
          { label: t('activity.status') },
          { label: t('activity.payout'), end: true },
        ]}
        rows={file.bets.items.map((bet) => ({
          key: bet.id,
          cells: [
            <td key="what" className={TD}>
              <span className="tabular-nums">#{bet.id}</span>{' '}
              {bet.legs.map((leg) => `${leg.event_name}: ${leg.outcome_name}`).join(' · ')}
            </td>,
            <td key="placed" className={WHEN}>
              {when(bet.placed_at)}
            </td>,
            <td key="stake" className={NUM}>
              {money(bet.stake)}
            </td>,
            <td key="odds" className={NUM}>
              {bet.odds ?? '—'}
            </td>,
            <td key="status" className={TD}>
              {t(`activity.betStatus.${bet.status}`, { defaultValue: bet.status })}
            </td>,
            <td key="payout" className={NUM}>
              {money(bet.payout)}
            </td>,
          ],
        }))}
      />
      <Listing
        title={t('activity.rounds', { total: file.rounds.total })}
        empty={t('activity.noRounds')}
        minWidth="min-w-[40rem]"
        columns={[
          { label: t('activity.game') },
          { label: t('activity.started') },
          { label: t('activity.stake'), end: true },
          { label: t('activity.win'), end: true },
          { label: t('activity.status') },
        ]}
        rows={file.rounds.items.map((round) => ({
          key: `${round.game.sysname}-${round.id}`,
          cells: [
            <td key="game" className={TD}>
              {round.game.name}
              {round.mode === 'demo' ? ` (${t('activity.demo')})` : ''}
            </td>,
            <td key="started" className={WHEN}>
              {when(round.created_at)}
            </td>,
            <td key="bet" className={NUM}>
              {money(round.bet)}
            </td>,
            <td key="win" className={NUM}>
              {money(round.win)}
            </td>,
            <td key="status" className={TD}>
              {t(`activity.roundStatus.${round.status}`, { defaultValue: round.status })}
            </td>,
          ],
        }))}
      />
      <Listing
        title={t('activity.sessions')}
        empty={t('activity.noSessions')}
        minWidth="min-w-[40rem]"
        columns={[
          { label: t('activity.signedIn') },
          { label: t('activity.lastSeen') },
          { label: t('activity.ip') },
          { label: t('activity.device') },
        ]}
        rows={file.sessions.map((session, index) => ({
          key: `${session.created_at}-${index}`,
          cells: [
            <td key="created" className={WHEN}>
              {when(session.created_at)}
            </td>,
            <td key="seen" className={WHEN}>
              {when(session.last_seen_at)}
            </td>,
            <td key="ip" className={cx(TD, 'tabular-nums')}>
              {session.ip ?? '—'}
            </td>,
            <td key="device" className={cx(TD, 'max-w-[24rem] truncate')} title={session.user_agent ?? ''}>
              {session.user_agent ?? '—'}
            </td>,
          ],
        }))}
      />
    </>
  );
}
