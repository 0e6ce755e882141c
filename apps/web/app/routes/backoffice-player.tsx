/**
 * One player's file (every view is written to the audit log): account and contacts, ledger
 * balances, verification and exclusion, recent deposits and withdrawals, limits, the latest bonuses,
 * sports bets and game rounds, live sessions, notes; and the actions the staff member's permissions
 * allow — a note, ban or unban with a reason, ending every session, forcing a password reset with a
 * reason, a balance adjustment (signed decimal amount in the player's currency, a reason, one idempotency key
 * per form so a retry posts once), each after a confirmation.
 */
import type { Locale } from '@croupier/contract/locales';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import type { BackofficeUser } from '../features/backoffice/backoffice-api.ts';
import { errorText } from '../features/backoffice/backoffice-errors.ts';
import { formatStaffDateTime, formatStaffMoney } from '../features/backoffice/backoffice-format.ts';
import { loadOrSignIn, requireStaff } from '../features/backoffice/backoffice-loaders.ts';
import { backofficeHref } from '../features/backoffice/backoffice-paths.ts';
import { can } from '../features/backoffice/backoffice-permissions.ts';
import { staffRequest } from '../features/backoffice/backoffice-session.ts';
import { ErrorNote, PageHeading, TableBox, TD, TH } from '../features/backoffice/backoffice-shell.tsx';
import { PlayerActivity } from '../features/backoffice/player-activity.tsx';
import { PlayerStatus } from '../features/backoffice/player-status.tsx';
import {
  ADJUSTMENT_AMOUNT_PATTERN,
  NOTE_MAX,
  newIdempotencyKey,
  type PlayerFile,
  REASON_MAX,
  REASON_MIN,
} from '../features/backoffice/players.ts';
import { useTranslation } from '../i18n/use-translation.tsx';
import { usePageLocale } from '../lib/use-root-data.ts';
import { Button } from '../ui/button.tsx';
import { cx } from '../ui/class-names.ts';
import { useDialogs } from '../ui/dialogs.tsx';
import { useToasts } from '../ui/toasts.tsx';
import type { Route } from './+types/backoffice-player';

export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  const user = await requireStaff(request, 'players.read');
  const id = /^[1-9][0-9]{0,17}$/.test(params.id) ? params.id : '0';
  const file = await loadOrSignIn(request, () =>
    staffRequest<{ data: PlayerFile }>(`/nfx/operator/players/${id}`, { signal: request.signal }),
  );
  return { user, id, file: file.ok ? file.value.data : null, error: file.ok ? null : file.error };
}

const CARD = 'rounded-xl border border-border bg-surface p-4';
const INPUT = 'min-h-11 w-full rounded-lg border border-border bg-background px-3 text-base text-text';

function Card({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  return (
    <section className={cx(CARD, className)} aria-label={title}>
      <h2 className="mb-3 text-sm font-semibold tracking-wide text-muted uppercase">{title}</h2>
      {children}
    </section>
  );
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-muted">{term}</dt>
          <dd className="break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export default function BackofficePlayer({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('backoffice');
  const locale = usePageLocale();
  const { file, user } = loaderData;
  const back = (
    <Link className="text-sm text-accent underline" to={backofficeHref(locale, '/backoffice/players')}>
      {t('player.back')}
    </Link>
  );
  if (!file) {
    return (
      <div>
        <PageHeading title={t('player.title', { id: loaderData.id })}>{back}</PageHeading>
        {loaderData.error && <ErrorNote text={errorText(t, loaderData.error)} />}
      </div>
    );
  }
  const { account } = file;
  const yes = (value: boolean | undefined) => (value ? t('yes') : t('no'));
  const name = [account.first_name, account.last_name].filter(Boolean).join(' ');
  const exclusionEnd = file.exclusion?.ends_at ?? file.exclusion?.endsAt;
  return (
    <div>
      <PageHeading title={account.login}>{back}</PageHeading>
      <p className="-mt-2 mb-4 flex flex-wrap items-center gap-2 text-sm text-muted">
        <span className="tabular-nums">#{account.id}</span>
        <PlayerStatus status={account.status} />
        {file.exclusion && (
          <span className="rounded-full bg-warning/15 px-2 py-0.5 text-xs font-medium text-warning">
            {t(`player.exclusions.${file.exclusion.kind ?? 'other'}`, { defaultValue: file.exclusion.kind })}
            {exclusionEnd ? ` · ${formatStaffDateTime(exclusionEnd, locale)}` : ''}
          </span>
        )}
      </p>
      <div className="grid gap-4 laptop:grid-cols-2 laptopLg:grid-cols-3">
        <Card title={t('player.account')}>
          <Facts
            rows={[
              [t('player.name'), name || '—'],
              [t('player.birthDate'), account.birth_date ?? '—'],
              [t('players.country'), account.country_code ?? '—'],
              [t('player.language'), account.locale],
              [t('players.registered'), formatStaffDateTime(account.created_at, locale)],
              [t('player.registrationCompleted'), yes(account.registration_completed)],
              [t('player.twoFactor'), yes(account.two_factor_enabled)],
            ]}
          />
          {account.contacts.length > 0 && (
            <ul className="mt-3 space-y-1 border-t border-border pt-3 text-sm">
              {account.contacts.map((contact) => (
                <li key={`${contact.type}:${contact.value}`} className="wrap-anywhere">
                  <span className="text-muted">
                    {t(`player.contactTypes.${contact.type}`, { defaultValue: contact.type })}:
                  </span>{' '}
                  {contact.value}{' '}
                  <span className="text-xs text-muted">
                    {contact.confirmed ? t('player.confirmed') : t('player.unconfirmed')}
                    {contact.is_login ? ` · ${t('player.loginContact')}` : ''}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card title={t('player.money')}>
          <Facts
            rows={[
              ...Object.entries(file.balances ?? {}).map(
                ([key, money]) =>
                  [
                    t(`player.balances.${key}`, { defaultValue: key }),
                    <span key={key} className="font-semibold tabular-nums">
                      {formatStaffMoney(money, locale)}
                    </span>,
                  ] as [string, ReactNode],
              ),
              [t('player.verified'), yes(file.verification?.verified)],
              [t('player.onVerification'), yes(file.verification?.onVerification)],
              [t('player.kycBlock'), yes(file.verification?.kycBlock)],
            ]}
          />
        </Card>
        <Actions file={file} user={user} locale={locale} />
      </div>
      <h2 className="mt-6 mb-2 text-lg font-semibold">
        {t('player.transactions', { total: file.transactions.total })}
      </h2>
      {file.transactions.items.length === 0 ? (
        <p className="text-sm text-muted">{t('player.noTransactions')}</p>
      ) : (
        <TableBox label={t('player.transactions', { total: file.transactions.total })}>
          <table className="w-full min-w-[36rem] border-collapse">
            <thead className="border-b border-border">
              <tr>
                <th className={TH}>{t('withdrawals.id')}</th>
                <th className={TH}>{t('player.when')}</th>
                <th className={TH}>{t('player.type')}</th>
                <th className={cx(TH, 'text-end')}>{t('withdrawals.amount')}</th>
                <th className={TH}>{t('withdrawals.method')}</th>
                <th className={TH}>{t('withdrawals.statusColumn')}</th>
              </tr>
            </thead>
            <tbody>
              {file.transactions.items.map((item) => (
                <tr key={item.id} className="border-b border-border last:border-0">
                  <td className={cx(TD, 'tabular-nums')}>{item.id}</td>
                  <td className={cx(TD, 'whitespace-nowrap tabular-nums')}>
                    {formatStaffDateTime(item.created_at, locale)}
                  </td>
                  <td className={TD}>{t(`player.types.${item.type}`, { defaultValue: item.type })}</td>
                  <td className={cx(TD, 'text-end tabular-nums')}>{formatStaffMoney(item.amount, locale)}</td>
                  <td className={TD}>{item.method}</td>
                  <td className={TD}>
                    {t(`withdrawals.status.${item.status}`, { defaultValue: item.status })}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableBox>
      )}
      <PlayerActivity file={file} locale={locale} />
      <Notes file={file} canWrite={can(user, 'players.note')} />
    </div>
  );
}

/** Posts a staff action, tells the outcome, reloads the file. */
function useStaffAction() {
  const { t } = useTranslation('backoffice');
  const toasts = useToasts();
  const revalidator = useRevalidator();
  const [pending, setPending] = useState<string | null>(null);
  async function run(name: string, path: string, body: unknown, done: string): Promise<boolean> {
    setPending(name);
    try {
      await staffRequest(path, { method: 'POST', body });
      toasts.show({ kind: 'success', title: done });
      await revalidator.revalidate();
      return true;
    } catch (caught) {
      toasts.show({ kind: 'error', title: errorText(t, caught) });
      return false;
    } finally {
      setPending(null);
    }
  }
  return { run, pending };
}

function Actions({ file, user, locale }: { file: PlayerFile; user: BackofficeUser; locale: Locale }) {
  const { t } = useTranslation('backoffice');
  const dialogs = useDialogs();
  const { run, pending } = useStaffAction();
  const [adjustmentKey, setAdjustmentKey] = useState(newIdempotencyKey);
  const { account } = file;
  const base = `/nfx/operator/players/${account.id}`;
  const canBan = can(user, 'players.ban') && (account.status === 'active' || account.status === 'banned');
  const canEnd = can(user, 'players.sessions');
  const canReset = can(user, 'players.password_reset') && account.status !== 'deleted';
  const canAdjust = can(user, 'players.adjust_balance') && account.currency !== null;
  if (!canBan && !canEnd && !canReset && !canAdjust) return null;

  async function ban(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const reason = String(new FormData(form).get('reason') ?? '').trim();
    const action = account.status === 'banned' ? 'unban' : 'ban';
    const confirmed = await dialogs.confirm({
      title: t(`player.${action}Title`, { login: account.login }),
      text: t(`player.${action}Text`),
      confirmText: t(`player.${action}`),
      cancelText: t('cancel'),
      tone: action === 'ban' ? 'danger' : 'default',
    });
    if (confirmed && (await run(action, `${base}/${action}`, { reason }, t(`player.${action}Done`))))
      form.reset();
  }

  async function endSessions() {
    const confirmed = await dialogs.confirm({
      title: t('player.endSessionsTitle'),
      text: t('player.endSessionsText', { login: account.login }),
      confirmText: t('player.endSessions'),
      cancelText: t('cancel'),
    });
    if (confirmed) await run('sessions', `${base}/end-sessions`, {}, t('player.endSessionsDone'));
  }

  async function resetPassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const reason = String(new FormData(form).get('reason') ?? '').trim();
    const confirmed = await dialogs.confirm({
      title: t('player.resetTitle', { login: account.login }),
      text: t('player.resetText'),
      confirmText: t('player.reset'),
      cancelText: t('cancel'),
      tone: 'danger',
    });
    if (confirmed && (await run('reset', `${base}/password-reset`, { reason }, t('player.resetDone'))))
      form.reset();
  }

  async function adjust(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const amount = String(data.get('amount') ?? '').trim();
    const reason = String(data.get('reason') ?? '').trim();
    const currency = account.currency ?? '';
    const shown = formatStaffMoney({ amount, currency }, locale);
    const confirmed = await dialogs.confirm({
      title: t('player.adjustTitle'),
      text: t(amount.startsWith('-') ? 'player.adjustDebitText' : 'player.adjustCreditText', {
        amount: shown,
        login: account.login,
      }),
      confirmText: t('player.adjust'),
      cancelText: t('cancel'),
      tone: amount.startsWith('-') ? 'danger' : 'default',
    });
    if (!confirmed) return;
    const body = { amount, currency, reason, idempotency_key: adjustmentKey };
    if (await run('adjust', `${base}/adjustments`, body, t('player.adjustDone', { amount: shown }))) {
      form.reset();
      // A new adjustment gets a new key; a retry of a failed one keeps its key.
      setAdjustmentKey(newIdempotencyKey());
    }
  }

  return (
    <Card title={t('player.actions')} className="laptop:col-span-2 laptopLg:col-span-1">
      <div className="flex flex-col gap-5">
        {canBan && (
          <form onSubmit={ban} className="flex flex-col gap-2">
            <label className="flex flex-col gap-1 text-sm font-medium">
              {account.status === 'banned' ? t('player.unbanReason') : t('player.banReason')}
              <input name="reason" required minLength={REASON_MIN} maxLength={REASON_MAX} className={INPUT} />
            </label>
            <Button
              type="submit"
              size="sm"
              variant={account.status === 'banned' ? 'secondary' : 'danger'}
              loading={pending === 'ban' || pending === 'unban'}
            >
              {account.status === 'banned' ? t('player.unban') : t('player.ban')}
            </Button>
          </form>
        )}
        {canEnd && (
          <Button
            type="button"
            size="sm"
            variant="secondary"
            onClick={endSessions}
            loading={pending === 'sessions'}
          >
            {t('player.endSessions')}
          </Button>
        )}
        {canReset && (
          <form onSubmit={resetPassword} className="flex flex-col gap-2 border-t border-border pt-4">
            <label className="flex flex-col gap-1 text-sm font-medium">
              {t('player.resetReason')}
              <input name="reason" required minLength={REASON_MIN} maxLength={REASON_MAX} className={INPUT} />
            </label>
            <Button type="submit" size="sm" variant="secondary" loading={pending === 'reset'}>
              {t('player.reset')}
            </Button>
          </form>
        )}
        {canAdjust && (
          <form onSubmit={adjust} className="flex flex-col gap-2 border-t border-border pt-4">
            <h3 className="text-sm font-semibold">{t('player.adjustHeading')}</h3>
            <div className="flex gap-2">
              <label className="flex min-w-0 flex-1 flex-col gap-1 text-sm font-medium">
                {t('player.amount')}
                <input
                  name="amount"
                  required
                  inputMode="decimal"
                  pattern={ADJUSTMENT_AMOUNT_PATTERN}
                  placeholder="-10.00"
                  className={cx(INPUT, 'tabular-nums')}
                />
              </label>
              <label className="flex w-24 flex-col gap-1 text-sm font-medium">
                {t('players.currency')}
                <input
                  name="currency"
                  value={account.currency ?? ''}
                  readOnly
                  className={cx(INPUT, 'bg-surface')}
                />
              </label>
            </div>
            <p className="text-xs text-muted">{t('player.amountHint')}</p>
            <label className="flex flex-col gap-1 text-sm font-medium">
              {t('player.adjustReason')}
              <input name="reason" required minLength={REASON_MIN} maxLength={REASON_MAX} className={INPUT} />
            </label>
            <Button type="submit" size="sm" loading={pending === 'adjust'}>
              {t('player.adjust')}
            </Button>
          </form>
        )}
      </div>
    </Card>
  );
}

function Notes({ file, canWrite }: { file: PlayerFile; canWrite: boolean }) {
  const { t } = useTranslation('backoffice');
  const locale = usePageLocale();
  const { run, pending } = useStaffAction();

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const body = String(new FormData(form).get('body') ?? '').trim();
    if (await run('note', `/nfx/operator/players/${file.account.id}/notes`, { body }, t('player.noteDone'))) {
      form.reset();
    }
  }

  return (
    <section aria-label={t('player.notes')} className="mt-6">
      <h2 className="mb-2 text-lg font-semibold">{t('player.notes')}</h2>
      {canWrite && (
        <form onSubmit={add} className="mb-3 flex flex-col gap-2 tablet:max-w-2xl">
          <label className="flex flex-col gap-1 text-sm font-medium">
            {t('player.newNote')}
            <textarea
              name="body"
              required
              maxLength={NOTE_MAX}
              rows={3}
              className="w-full rounded-lg border border-border bg-background px-3 py-2 text-base text-text"
            />
          </label>
          <div>
            <Button type="submit" size="sm" variant="secondary" loading={pending === 'note'}>
              {t('player.addNote')}
            </Button>
          </div>
        </form>
      )}
      {file.notes.length === 0 ? (
        <p className="text-sm text-muted">{t('player.noNotes')}</p>
      ) : (
        <ul className="space-y-2 tablet:max-w-2xl">
          {file.notes.map((note) => (
            <li key={note.id} className={cx(CARD, 'p-3')}>
              <p className="text-xs text-muted">
                {note.staff ?? '—'} · {formatStaffDateTime(note.created_at, locale)}
              </p>
              <p className="mt-1 text-sm whitespace-pre-wrap">{note.body}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
