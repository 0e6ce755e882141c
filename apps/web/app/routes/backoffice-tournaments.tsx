/**
 * Tournaments (marketing, `promotions.edit`; ADR 049): every tournament with its state, a form to
 * create one or edit one that has not started (the server locks the rules from the start, and the
 * entry, buy-in and currency once players joined), the player's card as a preview of the form, and
 * cancelling with a reason (buy-ins go back to the players). Each edit carries the version read, so
 * an edit made meanwhile by someone else is refused instead of overwritten.
 */
import type { Locale } from '@croupier/contract/locales';
import { type FormEvent, useState } from 'react';
import { errorText } from '../features/backoffice/backoffice-errors.ts';
import { formatStaffDateTime, formatStaffMoney, inLocale } from '../features/backoffice/backoffice-format.ts';
import { loadOrSignIn, requireStaff } from '../features/backoffice/backoffice-loaders.ts';
import { staffRequest } from '../features/backoffice/backoffice-session.ts';
import { ErrorNote, PageHeading, TableBox, TD, TH } from '../features/backoffice/backoffice-shell.tsx';
import {
  emptyTournamentForm,
  nextFormId,
  type PrizeForm,
  type PrizeKind,
  type StaffTournament,
  type TournamentForm,
  tournamentBody,
  tournamentForm,
  tournamentPreview,
  tournamentProblems,
} from '../features/backoffice/marketing.ts';
import {
  Choice,
  Field,
  INPUT,
  Preview,
  ProblemText,
  useDeskSave,
} from '../features/backoffice/marketing-fields.tsx';
import { TournamentCard } from '../features/tournaments/tournament-card.tsx';
import { useTranslation } from '../i18n/use-translation.tsx';
import { usePageLocale } from '../lib/use-root-data.ts';
import { Button } from '../ui/button.tsx';
import { cx } from '../ui/class-names.ts';
import { useDialogs } from '../ui/dialogs.tsx';
import type { Route } from './+types/backoffice-tournaments';

const PATH = '/nfx/operator/tournaments';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requireStaff(request, 'promotions.edit');
  const list = await loadOrSignIn(request, () =>
    staffRequest<{ data: { items: StaffTournament[] } }>(PATH, { signal: request.signal }),
  );
  return { items: list.ok ? list.value.data.items : [], error: list.ok ? null : list.error };
}

type Editing = { kind: 'new' } | { kind: 'edit'; id: number } | null;

export default function BackofficeTournaments({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('backoffice');
  const locale = usePageLocale();
  const [editing, setEditing] = useState<Editing>(null);
  const { items } = loaderData;
  const current = editing?.kind === 'edit' ? items.find((item) => item.id === editing.id) : undefined;
  return (
    <div>
      <PageHeading title={t('tournaments.title')}>
        <Button size="sm" onClick={() => setEditing({ kind: 'new' })}>
          {t('tournaments.new')}
        </Button>
      </PageHeading>
      {loaderData.error && <ErrorNote text={errorText(t, loaderData.error)} />}
      {editing && (
        <TournamentEditor
          key={editing.kind === 'edit' ? `${editing.id}:${current?.version}` : 'new'}
          current={current}
          locale={locale}
          onDone={() => setEditing(null)}
        />
      )}
      {items.length === 0 && !loaderData.error ? (
        <p className="rounded-xl border border-border bg-surface px-4 py-8 text-center text-muted">
          {t('tournaments.none')}
        </p>
      ) : (
        <TableBox label={t('tournaments.list')}>
          <table className="w-full min-w-[48rem] border-collapse">
            <thead className="border-b border-border">
              <tr>
                <th className={TH}>{t('marketing.name')}</th>
                <th className={TH}>{t('marketing.state')}</th>
                <th className={TH}>{t('tournaments.startsAt')}</th>
                <th className={TH}>{t('tournaments.endsAt')}</th>
                <th className={TH}>{t('tournaments.participants')}</th>
                <th className={cx(TH, 'text-end')}>{t('tournaments.totalPrize')}</th>
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
                  <td className={TD}>{t(`tournaments.status.${item.status}`)}</td>
                  <td className={cx(TD, 'whitespace-nowrap tabular-nums')}>
                    {formatStaffDateTime(item.starts_at, locale)}
                  </td>
                  <td className={cx(TD, 'whitespace-nowrap tabular-nums')}>
                    {formatStaffDateTime(item.ends_at, locale)}
                  </td>
                  <td className={cx(TD, 'tabular-nums')}>{item.participants}</td>
                  <td className={cx(TD, 'text-end whitespace-nowrap tabular-nums')}>
                    {formatStaffMoney({ amount: item.total_prize, currency: item.currency }, locale)}
                  </td>
                  <td className={TD}>
                    <Button
                      size="sm"
                      variant="secondary"
                      onClick={() => setEditing({ kind: 'edit', id: item.id })}
                      aria-label={t(
                        item.status === 'future' ? 'marketing.editNamed' : 'marketing.openNamed',
                        {
                          name: inLocale(item.name, locale),
                        },
                      )}
                    >
                      {item.status === 'future' ? t('marketing.edit') : t('marketing.open')}
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

const SCORINGS = ['total_bet', 'total_win', 'biggest_multiplier', 'points_per_bet'] as const;
const ENTRIES = ['opt_in', 'automatic', 'buy_in'] as const;
const PRIZE_KINDS: readonly PrizeKind[] = ['cash', 'loyalty_points', 'bonus', 'free_spins'];

function TournamentEditor({
  current,
  locale,
  onDone,
}: {
  current: StaffTournament | undefined;
  locale: Locale;
  onDone: () => void;
}) {
  const { t } = useTranslation('backoffice');
  const dialogs = useDialogs();
  const creating = current === undefined;
  const [form, setForm] = useState<TournamentForm>(() =>
    current ? tournamentForm(current) : emptyTournamentForm(new Date()),
  );
  const [tried, setTried] = useState(false);
  const [reason, setReason] = useState('');
  const { save, pending, serverProblems, refusal } = useDeskSave();
  const locked = current !== undefined && current.status !== 'future';
  const closed = current !== undefined && (current.status === 'settled' || current.status === 'cancelled');
  const problems = tried ? { ...serverProblems, ...tournamentProblems(form, creating) } : serverProblems;
  const set =
    <K extends keyof TournamentForm>(field: K) =>
    (value: TournamentForm[K]) =>
      setForm((previous) => ({ ...previous, [field]: value }));
  const setPrize = (index: number, change: Partial<PrizeForm>) =>
    setForm((previous) => ({
      ...previous,
      prizes: previous.prizes.map((line, i) => (i === index ? { ...line, ...change } : line)),
    }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTried(true);
    if (Object.keys(tournamentProblems(form, creating)).length > 0) return;
    const done = current
      ? await save(
          'PUT',
          `${PATH}/${current.id}`,
          tournamentBody(form, { version: current.version }),
          t('marketing.saved'),
        )
      : await save('POST', PATH, tournamentBody(form, { key: form.key }), t('marketing.created'));
    if (done) onDone();
  }

  async function cancelTournament() {
    if (!current) return;
    const confirmed = await dialogs.confirm({
      title: t('tournaments.cancelTitle', { name: inLocale(current.name, locale) }),
      text: t('tournaments.cancelText', { count: current.participants }),
      confirmText: t('tournaments.cancelTournament'),
      cancelText: t('cancel'),
      tone: 'danger',
    });
    if (!confirmed) return;
    const body = { version: current.version, reason: reason.trim() };
    if (await save('POST', `${PATH}/${current.id}/cancel`, body, t('tournaments.cancelled'))) onDone();
  }

  const v = (field: keyof TournamentForm) => problems[field] ?? undefined;
  return (
    <section
      aria-label={creating ? t('tournaments.new') : t('marketing.editing')}
      className="mb-6 grid gap-4 rounded-xl border border-border bg-surface p-4 laptopLg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]"
    >
      <form onSubmit={submit} noValidate className="flex min-w-0 flex-col gap-3">
        {locked && <p className="rounded-lg bg-warning/15 px-3 py-2 text-sm">{t('tournaments.locked')}</p>}
        {refusal && <ErrorNote text={refusal} />}
        <fieldset disabled={locked} className="grid min-w-0 gap-3 tablet:grid-cols-2">
          {creating && (
            <Field
              label={t('marketing.key')}
              name="key"
              value={form.key}
              onChange={set('key')}
              problem={v('key')}
              hint={t('marketing.keyHint')}
              className="tablet:col-span-2"
            />
          )}
          <Field
            label={t('marketing.nameEn')}
            name="nameEn"
            value={form.nameEn}
            onChange={set('nameEn')}
            problem={v('nameEn') ?? problems.name}
          />
          <Field
            label={t('marketing.nameFr')}
            name="nameFr"
            value={form.nameFr}
            onChange={set('nameFr')}
            problem={v('nameFr') ?? problems.name}
          />
          <Field
            label={t('marketing.descriptionEn')}
            name="descriptionEn"
            value={form.descriptionEn}
            onChange={set('descriptionEn')}
          />
          <Field
            label={t('marketing.descriptionFr')}
            name="descriptionFr"
            value={form.descriptionFr}
            onChange={set('descriptionFr')}
          />
          <Field
            label={t('tournaments.startsAt')}
            name="startsAt"
            type="datetime-local"
            value={form.startsAt}
            onChange={set('startsAt')}
            problem={v('startsAt') ?? problems.starts_at ?? problems.tournament_started}
          />
          <Field
            label={t('tournaments.endsAt')}
            name="endsAt"
            type="datetime-local"
            value={form.endsAt}
            onChange={set('endsAt')}
            problem={v('endsAt') ?? problems.ends_at}
          />
          <Field
            label={t('marketing.currency')}
            name="currency"
            value={form.currency}
            onChange={(value) => set('currency')(value.toUpperCase())}
            problem={v('currency')}
          />
          <Field
            label={t('marketing.imageUrl')}
            name="imageUrl"
            value={form.imageUrl}
            onChange={set('imageUrl')}
          />
          <Choice
            label={t('tournaments.scoring')}
            name="scoring"
            value={form.scoring}
            onChange={set('scoring')}
            options={SCORINGS.map((value) => ({ value, label: t(`tournaments.scorings.${value}`) }))}
          />
          {form.scoring === 'points_per_bet' ? (
            <Field
              label={t('tournaments.pointsPerBet')}
              name="pointsPerBet"
              value={form.pointsPerBet}
              onChange={set('pointsPerBet')}
              problem={v('pointsPerBet') ?? problems.points_per_bet}
            />
          ) : (
            <Field
              label={t('tournaments.minStake')}
              name="minStake"
              value={form.minStake}
              onChange={set('minStake')}
              problem={v('minStake') ?? problems.min_stake ?? problems.minStakeMinor}
            />
          )}
          <Choice
            label={t('tournaments.entry')}
            name="entry"
            value={form.entry}
            onChange={set('entry')}
            options={ENTRIES.map((value) => ({ value, label: t(`tournaments.entries.${value}`) }))}
          />
          {form.entry === 'buy_in' && (
            <Field
              label={t('tournaments.buyIn')}
              name="buyIn"
              value={form.buyIn}
              onChange={set('buyIn')}
              problem={v('buyIn') ?? problems.buy_in ?? problems.buyInMinor}
            />
          )}
          <Field
            label={t('tournaments.maxParticipants')}
            name="maxParticipants"
            value={form.maxParticipants}
            onChange={set('maxParticipants')}
            problem={v('maxParticipants') ?? problems.max_participants}
          />
          <Field
            label={t('marketing.games')}
            name="games"
            value={form.games}
            onChange={set('games')}
            problem={v('games')}
            hint={t('marketing.gamesHint')}
            className="tablet:col-span-2"
          />
          <label className="flex items-center gap-2 text-sm font-medium tablet:col-span-2">
            <input
              type="checkbox"
              name="resetOnCashout"
              checked={form.resetOnCashout}
              onChange={(event) => set('resetOnCashout')(event.target.checked)}
              className="size-5"
            />
            {t('tournaments.resetOnCashout')}
          </label>
        </fieldset>
        <fieldset disabled={locked} className="flex min-w-0 flex-col gap-2">
          <legend className="mb-1 text-sm font-semibold">{t('tournaments.prizes')}</legend>
          <ProblemText problem={problems.prizes} />
          {form.prizes.map((line, index) => (
            <div
              key={line.id}
              className="grid grid-cols-2 items-end gap-2 tablet:grid-cols-[5rem_5rem_minmax(0,1fr)_minmax(0,1fr)_auto]"
            >
              <Field
                label={t('tournaments.from')}
                name={`prizes.${index}.from`}
                value={line.from}
                onChange={(from) => setPrize(index, { from })}
              />
              <Field
                label={t('tournaments.to')}
                name={`prizes.${index}.to`}
                value={line.to}
                onChange={(to) => setPrize(index, { to })}
              />
              <Choice
                label={t('tournaments.prizeKind')}
                name={`prizes.${index}.kind`}
                value={line.kind}
                onChange={(kind) => setPrize(index, { kind, value: '' })}
                options={PRIZE_KINDS.map((value) => ({ value, label: t(`tournaments.prizeKinds.${value}`) }))}
              />
              <Field
                label={t(`tournaments.prizeValue.${line.kind}`)}
                name={`prizes.${index}.value`}
                value={line.value}
                onChange={(value) => setPrize(index, { value })}
              />
              <Button
                type="button"
                size="sm"
                variant="secondary"
                onClick={() =>
                  setForm((previous) => ({
                    ...previous,
                    prizes: previous.prizes.filter((_l, i) => i !== index),
                  }))
                }
              >
                {t('marketing.remove')}
              </Button>
              <div className="col-span-full">
                <ProblemText problem={problems[`prizes.${index}`]} />
              </div>
            </div>
          ))}
          <div>
            <Button
              type="button"
              size="sm"
              variant="secondary"
              onClick={() =>
                setForm((previous) => {
                  const last = previous.prizes.at(-1);
                  const next = String((Number(last?.to) || 0) + 1);
                  return {
                    ...previous,
                    prizes: [
                      ...previous.prizes,
                      { id: nextFormId(), from: next, to: next, kind: 'cash', value: '' },
                    ],
                  };
                })
              }
            >
              {t('tournaments.addPrize')}
            </Button>
          </div>
        </fieldset>
        <div className="flex flex-wrap gap-2">
          {!locked && (
            <Button type="submit" loading={pending}>
              {creating ? t('marketing.create') : t('marketing.save')}
            </Button>
          )}
          <Button type="button" variant="secondary" onClick={onDone}>
            {t('marketing.close')}
          </Button>
        </div>
        {current && !closed && (
          <div className="mt-2 flex flex-col gap-2 border-t border-border pt-3">
            <label className="flex flex-col gap-1 text-sm font-medium">
              {t('tournaments.cancelReason')}
              <input
                name="cancelReason"
                value={reason}
                onChange={(event) => setReason(event.target.value)}
                maxLength={500}
                className={INPUT}
              />
            </label>
            <div>
              <Button
                type="button"
                variant="danger"
                size="sm"
                disabled={reason.trim().length < 3}
                onClick={cancelTournament}
              >
                {t('tournaments.cancelTournament')}
              </Button>
            </div>
          </div>
        )}
      </form>
      <Preview>
        <TournamentCard
          tournament={tournamentPreview(form, locale, new Date())}
          display={{ showParticipants: true, durationType: 'dates', leaderImages: [] }}
          serverNow={new Date().toISOString()}
        />
      </Preview>
    </section>
  );
}
