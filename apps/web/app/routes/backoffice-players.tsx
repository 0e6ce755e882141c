/**
 * Players: search by id, login, email or phone (every search is written to the audit log), newest
 * first, each result opening the player's file.
 */

import { Form, Link, useLocation } from 'react-router';
import { errorText } from '../features/backoffice/backoffice-errors.ts';
import { formatStaffDateTime } from '../features/backoffice/backoffice-format.ts';
import { loadOrSignIn, requireStaff } from '../features/backoffice/backoffice-loaders.ts';
import { backofficeHref } from '../features/backoffice/backoffice-paths.ts';
import { staffRequest } from '../features/backoffice/backoffice-session.ts';
import { ErrorNote, PageHeading, Pager, TableBox, TD, TH } from '../features/backoffice/backoffice-shell.tsx';
import { PlayerStatus } from '../features/backoffice/player-status.tsx';
import { PLAYERS_PAGE_SIZE, type PlayerSummary } from '../features/backoffice/players.ts';
import { parseOffset } from '../features/backoffice/withdrawals.ts';
import { useTranslation } from '../i18n/use-translation.tsx';
import { usePageLocale } from '../lib/use-root-data.ts';
import { Button } from '../ui/button.tsx';
import { cx } from '../ui/class-names.ts';
import type { Route } from './+types/backoffice-players';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requireStaff(request, 'players.read');
  const search = new URL(request.url).searchParams;
  const q = (search.get('q') ?? '').trim().slice(0, 254);
  const offset = parseOffset(search.get('offset'));
  if (!q) return { q, offset, items: null, error: null };
  const page = await loadOrSignIn(request, () =>
    staffRequest<{ data: { items: PlayerSummary[] } }>('/nfx/operator/players', {
      query: { q, offset, count: PLAYERS_PAGE_SIZE },
      signal: request.signal,
    }),
  );
  return { q, offset, items: page.ok ? page.value.data.items : [], error: page.ok ? null : page.error };
}

export default function BackofficePlayers({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('backoffice');
  const location = useLocation();
  const locale = usePageLocale();
  const { q, offset, items } = loaderData;
  const pageHref = (next: number) => {
    const query = new URLSearchParams({ q });
    if (next > 0) query.set('offset', String(next));
    return `${location.pathname}?${query}`;
  };
  return (
    <div>
      <PageHeading title={t('players.title')} />
      <Form method="get" role="search" key={q} className="mb-4 flex flex-wrap items-end gap-2">
        <label className="flex min-w-0 flex-1 flex-col gap-1 text-sm font-medium tablet:max-w-md">
          {t('players.query')}
          <input
            name="q"
            type="search"
            defaultValue={q}
            required
            maxLength={254}
            className="min-h-11 w-full rounded-lg border border-border bg-background px-3 text-base"
          />
        </label>
        <Button type="submit" size="sm">
          {t('players.search')}
        </Button>
      </Form>
      {loaderData.error && <ErrorNote text={errorText(t, loaderData.error)} />}
      {items === null ? (
        <p className="text-sm text-muted">{t('players.hint')}</p>
      ) : items.length === 0 && !loaderData.error ? (
        <p className="rounded-xl border border-border bg-surface px-4 py-8 text-center text-muted">
          {t('players.none', { q })}
        </p>
      ) : (
        <TableBox label={t('players.results')}>
          <table className="w-full min-w-[40rem] border-collapse">
            <thead className="border-b border-border">
              <tr>
                <th className={TH}>{t('players.id')}</th>
                <th className={TH}>{t('players.login')}</th>
                <th className={TH}>{t('players.status')}</th>
                <th className={TH}>{t('players.currency')}</th>
                <th className={TH}>{t('players.country')}</th>
                <th className={TH}>{t('players.registered')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((player) => (
                <tr key={player.id} className="border-b border-border last:border-0">
                  <td className={cx(TD, 'tabular-nums')}>{player.id}</td>
                  <td className={cx(TD, 'break-all')}>
                    <Link
                      className="text-accent underline"
                      to={backofficeHref(locale, `/backoffice/players/${player.id}`)}
                    >
                      {player.login}
                    </Link>
                  </td>
                  <td className={TD}>
                    <PlayerStatus status={player.status} />
                  </td>
                  <td className={TD}>{player.currency ?? '—'}</td>
                  <td className={TD}>{player.country_code ?? '—'}</td>
                  <td className={cx(TD, 'whitespace-nowrap tabular-nums')}>
                    {formatStaffDateTime(player.created_at, locale)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableBox>
      )}
      {items && (
        <Pager
          previous={offset > 0 ? pageHref(Math.max(0, offset - PLAYERS_PAGE_SIZE)) : null}
          next={items.length === PLAYERS_PAGE_SIZE ? pageHref(offset + PLAYERS_PAGE_SIZE) : null}
        />
      )}
    </div>
  );
}
