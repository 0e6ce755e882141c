/**
 * Jackpots (marketing, `promotions.edit`; ADR 049): every jackpot with its pool, a form to create
 * one (its first seed is funded from its reserve) or edit one — its name, whether it runs and its
 * games. The contribution, reserve share, seed and ceiling are shown but locked once a jackpot
 * exists: the open cycle's drop point was committed with them (the server refuses a change with
 * `jackpot_rules_locked`). The player's jackpot card previews the form.
 */
import type { Locale } from '@croupier/contract/locales';
import { type FormEvent, useState } from 'react';
import { errorText } from '../features/backoffice/backoffice-errors.ts';
import { formatStaffMoney, inLocale } from '../features/backoffice/backoffice-format.ts';
import { loadOrSignIn, requireStaff } from '../features/backoffice/backoffice-loaders.ts';
import { staffRequest } from '../features/backoffice/backoffice-session.ts';
import { ErrorNote, PageHeading, TableBox, TD, TH } from '../features/backoffice/backoffice-shell.tsx';
import {
  emptyJackpotForm,
  type JackpotForm,
  jackpotBody,
  jackpotForm,
  jackpotPreview,
  jackpotProblems,
  type StaffJackpot,
} from '../features/backoffice/marketing.ts';
import { Field, Preview, useDeskSave } from '../features/backoffice/marketing-fields.tsx';
import { JackpotCard } from '../features/jackpots/jackpot-card.tsx';
import { useTranslation } from '../i18n/use-translation.tsx';
import { usePageLocale } from '../lib/use-root-data.ts';
import { Button } from '../ui/button.tsx';
import { cx } from '../ui/class-names.ts';
import type { Route } from './+types/backoffice-jackpots';

const PATH = '/nfx/operator/jackpots';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requireStaff(request, 'promotions.edit');
  const list = await loadOrSignIn(request, () =>
    staffRequest<{ data: { items: StaffJackpot[] } }>(PATH, { signal: request.signal }),
  );
  return { items: list.ok ? list.value.data.items : [], error: list.ok ? null : list.error };
}

type Editing = { kind: 'new' } | { kind: 'edit'; id: number } | null;

export default function BackofficeJackpots({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('backoffice');
  const locale = usePageLocale();
  const [editing, setEditing] = useState<Editing>(null);
  const { items } = loaderData;
  const current = editing?.kind === 'edit' ? items.find((item) => item.id === editing.id) : undefined;
  return (
    <div>
      <PageHeading title={t('jackpots.title')}>
        <Button size="sm" onClick={() => setEditing({ kind: 'new' })}>
          {t('jackpots.new')}
        </Button>
      </PageHeading>
      {loaderData.error && <ErrorNote text={errorText(t, loaderData.error)} />}
      {editing && (
        <JackpotEditor
          key={editing.kind === 'edit' ? `${editing.id}:${current?.version}` : 'new'}
          current={current}
          locale={locale}
          onDone={() => setEditing(null)}
        />
      )}
      {items.length === 0 && !loaderData.error ? (
        <p className="rounded-xl border border-border bg-surface px-4 py-8 text-center text-muted">
          {t('jackpots.none')}
        </p>
      ) : (
        <TableBox label={t('jackpots.list')}>
          <table className="w-full min-w-[40rem] border-collapse">
            <thead className="border-b border-border">
              <tr>
                <th className={TH}>{t('marketing.name')}</th>
                <th className={TH}>{t('marketing.state')}</th>
                <th className={cx(TH, 'text-end')}>{t('jackpots.pool')}</th>
                <th className={cx(TH, 'text-end')}>{t('jackpots.ceiling')}</th>
                <th className={TH}>{t('jackpots.cycle')}</th>
                <th className={TH}>{t('marketing.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item.id} className="border-b border-border last:border-0">
                  <td className={cx(TD, 'break-words')}>
                    <span className="block font-medium">{inLocale(item.name, locale)}</span>
                    <span className="block text-xs text-muted">{item.key}</span>
                  </td>
                  <td className={TD}>{item.enabled ? t('jackpots.running') : t('jackpots.paused')}</td>
                  <td className={cx(TD, 'text-end whitespace-nowrap tabular-nums')}>
                    {formatStaffMoney({ amount: item.amount, currency: item.currency }, locale)}
                  </td>
                  <td className={cx(TD, 'text-end whitespace-nowrap tabular-nums')}>
                    {formatStaffMoney({ amount: item.ceiling, currency: item.currency }, locale)}
                  </td>
                  <td className={cx(TD, 'tabular-nums')}>{item.cycle}</td>
                  <td className={TD}>
                    <Button
                      size="sm"
                      variant="secondary"
                      onClick={() => setEditing({ kind: 'edit', id: item.id })}
                      aria-label={t('marketing.editNamed', { name: inLocale(item.name, locale) })}
                    >
                      {t('marketing.edit')}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableBox>
      )}
    </div>
  );
}

function JackpotEditor({
  current,
  locale,
  onDone,
}: {
  current: StaffJackpot | undefined;
  locale: Locale;
  onDone: () => void;
}) {
  const { t } = useTranslation('backoffice');
  const creating = current === undefined;
  const [form, setForm] = useState<JackpotForm>(() => (current ? jackpotForm(current) : emptyJackpotForm()));
  const [tried, setTried] = useState(false);
  const { save, pending, serverProblems, refusal } = useDeskSave();
  const problems = tried ? { ...serverProblems, ...jackpotProblems(form, creating) } : serverProblems;
  const set =
    <K extends keyof JackpotForm>(field: K) =>
    (value: JackpotForm[K]) =>
      setForm((previous) => ({ ...previous, [field]: value }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTried(true);
    if (Object.keys(jackpotProblems(form, creating)).length > 0) return;
    const done = current
      ? await save(
          'PUT',
          `${PATH}/${current.id}`,
          jackpotBody(form, { version: current.version }),
          t('marketing.saved'),
        )
      : await save(
          'POST',
          PATH,
          jackpotBody(form, { key: form.key, currency: form.currency }),
          t('marketing.created'),
        );
    if (done) onDone();
  }

  return (
    <section
      aria-label={creating ? t('jackpots.new') : t('marketing.editing')}
      className="mb-6 grid gap-4 rounded-xl border border-border bg-surface p-4 laptopLg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]"
    >
      <form onSubmit={submit} noValidate className="flex min-w-0 flex-col gap-3">
        {refusal && <ErrorNote text={refusal} />}
        <div className="grid min-w-0 gap-3 tablet:grid-cols-2">
          {creating && (
            <Field
              label={t('marketing.key')}
              name="key"
              value={form.key}
              onChange={set('key')}
              problem={problems.key}
              hint={t('marketing.keyHint')}
            />
          )}
          {creating && (
            <Field
              label={t('marketing.currency')}
              name="currency"
              value={form.currency}
              onChange={(value) => set('currency')(value.toUpperCase())}
              problem={problems.currency}
            />
          )}
          <Field
            label={t('marketing.nameEn')}
            name="nameEn"
            value={form.nameEn}
            onChange={set('nameEn')}
            problem={problems.nameEn ?? problems.name}
          />
          <Field
            label={t('marketing.nameFr')}
            name="nameFr"
            value={form.nameFr}
            onChange={set('nameFr')}
            problem={problems.nameFr ?? problems.name}
          />
        </div>
        <fieldset disabled={!creating} className="grid min-w-0 gap-3 tablet:grid-cols-2">
          {!creating && (
            <p className="rounded-lg bg-warning/15 px-3 py-2 text-sm tablet:col-span-2">
              {t('jackpots.rulesLocked')}
            </p>
          )}
          <Field
            label={t('jackpots.contributionBp')}
            name="contributionBp"
            value={form.contributionBp}
            onChange={set('contributionBp')}
            problem={problems.contributionBp ?? problems.contribution_bp}
            hint={t('jackpots.basisPointsHint')}
          />
          <Field
            label={t('jackpots.reserveBp')}
            name="reserveBp"
            value={form.reserveBp}
            onChange={set('reserveBp')}
            problem={problems.reserveBp ?? problems.reserve_bp}
            hint={t('jackpots.basisPointsHint')}
          />
          <Field
            label={t('jackpots.seed')}
            name="seed"
            value={form.seed}
            onChange={set('seed')}
            problem={problems.seed}
          />
          <Field
            label={t('jackpots.ceiling')}
            name="ceiling"
            value={form.ceiling}
            onChange={set('ceiling')}
            problem={problems.ceiling}
          />
        </fieldset>
        <Field
          label={t('marketing.games')}
          name="games"
          value={form.games}
          onChange={set('games')}
          problem={problems.games}
          hint={t('marketing.gamesHint')}
        />
        {!creating && (
          <label className="flex items-center gap-2 text-sm font-medium">
            <input
              type="checkbox"
              name="enabled"
              checked={form.enabled}
              onChange={(event) => set('enabled')(event.target.checked)}
              className="size-5"
            />
            {t('jackpots.enabled')}
          </label>
        )}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" loading={pending}>
            {creating ? t('marketing.create') : t('marketing.save')}
          </Button>
          <Button type="button" variant="secondary" onClick={onDone}>
            {t('marketing.close')}
          </Button>
        </div>
      </form>
      <Preview>
        <JackpotCard jackpot={jackpotPreview(form, locale, current)} />
      </Preview>
    </section>
  );
}
