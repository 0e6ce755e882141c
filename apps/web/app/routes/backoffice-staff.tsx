/**
 * Staff (admins): the back-office accounts and their roles. A role is changed one row at a time,
 * after a confirmation; nobody changes their own (the server refuses it too: `own_role`). An admin
 * adds a staff member with a role (`POST /nfx/users`): nobody chooses a password for them — the
 * server answers a one-time setup link (also mailed when it knows its public address) to hand
 * over. A lost authenticator: the admin turns the member's two-factor off, they enrol again.
 */
import { type FormEvent, useState } from 'react';
import { useRevalidator } from 'react-router';
import type { BackofficeUser } from '../features/backoffice/backoffice-api.ts';
import { errorText } from '../features/backoffice/backoffice-errors.ts';
import { loadOrSignIn, requireStaff } from '../features/backoffice/backoffice-loaders.ts';
import { STAFF_ROLES } from '../features/backoffice/backoffice-permissions.ts';
import { staffRequest } from '../features/backoffice/backoffice-session.ts';
import { ErrorNote, PageHeading, TableBox, TD, TH } from '../features/backoffice/backoffice-shell.tsx';
import { useTranslation } from '../i18n/use-translation.tsx';
import { Button } from '../ui/button.tsx';
import { cx } from '../ui/class-names.ts';
import { useDialogs } from '../ui/dialogs.tsx';
import { useToasts } from '../ui/toasts.tsx';
import type { Route } from './+types/backoffice-staff';

/** The server's page size ceiling (`GET /nfx/users`, limit at most 100). */
const STAFF_PAGE_SIZE = 100;
const NO_ROLE = '';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const me = await requireStaff(request, 'staff.manage');
  const page = await loadOrSignIn(request, () =>
    staffRequest<BackofficeUser[]>('/nfx/users', {
      query: { start: 0, limit: STAFF_PAGE_SIZE },
      signal: request.signal,
    }),
  );
  return { meId: me.id, users: page.ok ? page.value : [], error: page.ok ? null : page.error };
}

export default function BackofficeStaff({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('backoffice');
  const { users, meId } = loaderData;
  return (
    <div>
      <PageHeading title={t('staff.title')} />
      {loaderData.error && <ErrorNote text={errorText(t, loaderData.error)} />}
      <InviteForm />
      <TableBox label={t('staff.title')}>
        <table className="w-full min-w-[44rem] border-collapse">
          <thead className="border-b border-border">
            <tr>
              <th className={TH}>{t('staff.id')}</th>
              <th className={TH}>{t('staff.username')}</th>
              <th className={TH}>{t('staff.email')}</th>
              <th className={TH}>{t('staff.state')}</th>
              <th className={TH}>{t('staff.role')}</th>
            </tr>
          </thead>
          <tbody>
            {users.map((user) => (
              <tr key={user.id} className="border-b border-border last:border-0">
                <td className={cx(TD, 'tabular-nums')}>{user.id}</td>
                <td className={TD}>{user.username}</td>
                <td className={cx(TD, 'break-all')}>{user.email}</td>
                <td className={cx(TD, 'text-xs')}>
                  {user.blocked && <span className="block text-danger">{t('staff.blocked')}</span>}
                  {user.mfa && (
                    <span className="block text-muted">
                      {user.mfa.enabled
                        ? t('staff.mfaOn')
                        : user.mfa.required
                          ? t('staff.mfaDue')
                          : t('staff.mfaOff')}
                    </span>
                  )}
                  {user.mfa?.enabled && user.id !== meId && <ResetMfa user={user} />}
                </td>
                <td className={TD}>
                  {user.id === meId ? (
                    <span className="text-muted">
                      {user.role ? t(`roles.${user.role}`, { defaultValue: user.role }) : t('roles.none')} ·{' '}
                      {t('staff.you')}
                    </span>
                  ) : (
                    <RoleForm user={user} />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableBox>
    </div>
  );
}

function RoleForm({ user }: { user: BackofficeUser }) {
  const { t } = useTranslation('backoffice');
  const dialogs = useDialogs();
  const toasts = useToasts();
  const revalidator = useRevalidator();
  const [role, setRole] = useState(user.role ?? NO_ROLE);
  const [pending, setPending] = useState(false);
  // A role this screen does not offer (an older server's `editor`) stays selectable as it is.
  const roles: string[] = [...STAFF_ROLES];
  if (user.role && !roles.includes(user.role)) roles.push(user.role);
  const roleName = (value: string) =>
    value ? t(`roles.${value}`, { defaultValue: value }) : t('roles.none');

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const confirmed = await dialogs.confirm({
      title: t('staff.confirmTitle'),
      text: t('staff.confirmText', {
        name: user.username,
        from: roleName(user.role ?? NO_ROLE),
        to: roleName(role),
      }),
      confirmText: t('staff.save'),
      cancelText: t('cancel'),
    });
    if (!confirmed) return;
    setPending(true);
    try {
      await staffRequest(`/nfx/users/${user.id}/role`, { method: 'PUT', body: { role: role || null } });
      toasts.show({ kind: 'success', title: t('staff.saved', { name: user.username }) });
      await revalidator.revalidate();
    } catch (caught) {
      toasts.show({ kind: 'error', title: errorText(t, caught) });
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} className="flex flex-wrap items-center gap-2">
      <select
        aria-label={t('staff.roleOf', { name: user.username })}
        value={role}
        onChange={(event) => setRole(event.target.value)}
        className="min-h-11 rounded-lg border border-border bg-background px-3 text-sm"
      >
        <option value={NO_ROLE}>{t('roles.none')}</option>
        {roles.map((value) => (
          <option key={value} value={value}>
            {roleName(value)}
          </option>
        ))}
      </select>
      <Button
        type="submit"
        size="sm"
        variant="secondary"
        disabled={role === (user.role ?? NO_ROLE)}
        loading={pending}
      >
        {t('staff.save')}
      </Button>
    </form>
  );
}

/** Adds a staff member with a role; shows the one-time setup link to hand over. */
function InviteForm() {
  const { t } = useTranslation('backoffice');
  const toasts = useToasts();
  const revalidator = useRevalidator();
  const [pending, setPending] = useState(false);
  const [invited, setInvited] = useState<{ name: string; link: string; emailed: boolean } | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const username = String(data.get('username') ?? '').trim();
    const body = {
      email: String(data.get('email') ?? '').trim(),
      role: String(data.get('role') ?? ''),
      ...(username ? { username } : {}),
    };
    setPending(true);
    try {
      const answer = await staffRequest<{ user: BackofficeUser; setup_link: string; emailed: boolean }>(
        '/nfx/users',
        { method: 'POST', body },
      );
      setInvited({ name: answer.user.username, link: answer.setup_link, emailed: answer.emailed });
      form.reset();
      toasts.show({ kind: 'success', title: t('staff.invited', { name: answer.user.username }) });
      await revalidator.revalidate();
    } catch (caught) {
      toasts.show({ kind: 'error', title: errorText(t, caught) });
    } finally {
      setPending(false);
    }
  }

  const field = 'min-h-11 w-full rounded-lg border border-border bg-background px-3 text-base';
  return (
    <section aria-label={t('staff.invite')} className="mb-4 rounded-xl border border-border bg-surface p-4">
      <h2 className="mb-3 text-sm font-semibold tracking-wide text-muted uppercase">{t('staff.invite')}</h2>
      <form
        onSubmit={submit}
        className="grid gap-2 tablet:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto] tablet:items-end"
      >
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t('staff.email')}
          <input name="email" type="email" required maxLength={254} className={field} />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t('staff.usernameOptional')}
          <input name="username" pattern="[A-Za-z0-9._\-]{3,32}" maxLength={32} className={field} />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t('staff.role')}
          <select name="role" required defaultValue="support" className={field}>
            {STAFF_ROLES.map((value) => (
              <option key={value} value={value}>
                {t(`roles.${value}`, { defaultValue: value })}
              </option>
            ))}
          </select>
        </label>
        <Button type="submit" size="sm" loading={pending}>
          {t('staff.inviteSubmit')}
        </Button>
      </form>
      {invited && (
        <div
          className="mt-3 rounded-lg border border-accent/40 bg-accent/10 p-3 text-sm"
          data-testid="staff-setup-link"
        >
          <p>{t(invited.emailed ? 'staff.linkEmailed' : 'staff.linkToHand', { name: invited.name })}</p>
          <p className="mt-1 font-mono text-xs break-all select-all">{invited.link}</p>
        </div>
      )}
    </section>
  );
}

/** Turns a member's two-factor off (a lost phone), after a confirmation; they enrol again at sign-in. */
function ResetMfa({ user }: { user: BackofficeUser }) {
  const { t } = useTranslation('backoffice');
  const dialogs = useDialogs();
  const toasts = useToasts();
  const revalidator = useRevalidator();
  const [pending, setPending] = useState(false);

  async function reset() {
    const confirmed = await dialogs.confirm({
      title: t('staff.resetMfaTitle', { name: user.username }),
      text: t('staff.resetMfaText'),
      confirmText: t('staff.resetMfa'),
      cancelText: t('cancel'),
      tone: 'danger',
    });
    if (!confirmed) return;
    setPending(true);
    try {
      await staffRequest(`/nfx/users/${user.id}/mfa`, { method: 'DELETE' });
      toasts.show({ kind: 'success', title: t('staff.resetMfaDone', { name: user.username }) });
      await revalidator.revalidate();
    } catch (caught) {
      toasts.show({ kind: 'error', title: errorText(t, caught) });
    } finally {
      setPending(false);
    }
  }

  return (
    <Button type="button" size="sm" variant="secondary" className="mt-1" onClick={reset} loading={pending}>
      {t('staff.resetMfa')}
    </Button>
  );
}
