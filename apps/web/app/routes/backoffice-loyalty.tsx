/**
 * Loyalty (marketing, `promotions.edit`; ADR 049): the programmes (the active one is what players
 * see) and their levels — add, remove, rename, change thresholds, perks and pictures — previewed
 * with the player's own level card. The server refuses levels under which a player would hold a
 * lower level than now (`level_demotes_players`), and an edit made meanwhile (`stale_version`).
 */
import type { Locale } from '@croupier/contract/locales';
import { type FormEvent, useState } from 'react';
import { errorText } from '../features/backoffice/backoffice-errors.ts';
import { inLocale } from '../features/backoffice/backoffice-format.ts';
import { loadOrSignIn, requireStaff } from '../features/backoffice/backoffice-loaders.ts';
import { staffRequest } from '../features/backoffice/backoffice-session.ts';
import { ErrorNote, PageHeading, TableBox, TD, TH } from '../features/backoffice/backoffice-shell.tsx';
import {
  type LevelForm,
  levelForms,
  levelPreview,
  levelProblems,
  nextFormId,
  programmeBody,
  type StaffProgramme,
} from '../features/backoffice/marketing.ts';
import { Field, INPUT, Preview, ProblemText, useDeskSave } from '../features/backoffice/marketing-fields.tsx';
import { LoyaltyLevelCard } from '../features/loyalty/loyalty-views.tsx';
import { useTranslation } from '../i18n/use-translation.tsx';
import { usePageLocale } from '../lib/use-root-data.ts';
import { Button } from '../ui/button.tsx';
import { cx } from '../ui/class-names.ts';
import type { Route } from './+types/backoffice-loyalty';

const PATH = '/nfx/operator/loyalty/programmes';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requireStaff(request, 'promotions.edit');
  const list = await loadOrSignIn(request, () =>
    staffRequest<{ data: { items: StaffProgramme[] } }>(PATH, { signal: request.signal }),
  );
  return { items: list.ok ? list.value.data.items : [], error: list.ok ? null : list.error };
}

export default function BackofficeLoyalty({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('backoffice');
  const locale = usePageLocale();
  const [editing, setEditing] = useState<number | null>(null);
  const { items } = loaderData;
  const current = items.find((item) => item.id === editing);
  return (
    <div>
      <PageHeading title={t('loyaltyDesk.title')} />
      {loaderData.error && <ErrorNote text={errorText(t, loaderData.error)} />}
      {current && (
        <LevelsEditor
          key={`${current.id}:${current.version}`}
          programme={current}
          locale={locale}
          onDone={() => setEditing(null)}
        />
      )}
      {items.length === 0 && !loaderData.error ? (
        <p className="rounded-xl border border-border bg-surface px-4 py-8 text-center text-muted">
          {t('loyaltyDesk.none')}
        </p>
      ) : (
        <TableBox label={t('loyaltyDesk.list')}>
          <table className="w-full min-w-[36rem] border-collapse">
            <thead className="border-b border-border">
              <tr>
                <th className={TH}>{t('marketing.name')}</th>
                <th className={TH}>{t('marketing.state')}</th>
                <th className={TH}>{t('loyaltyDesk.levels')}</th>
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
                  <td className={TD}>
                    {item.active
                      ? t('loyaltyDesk.active')
                      : item.enabled
                        ? t('loyaltyDesk.enabled')
                        : t('loyaltyDesk.disabled')}
                  </td>
                  <td className={cx(TD, 'break-words')}>
                    {item.levels.map((level) => inLocale(level.name, locale)).join(' · ')}
                  </td>
                  <td className={TD}>
                    <Button
                      size="sm"
                      variant="secondary"
                      onClick={() => setEditing(item.id)}
                      aria-label={t('loyaltyDesk.editLevelsNamed', {
                        name: inLocale(item.name, locale),
                      })}
                    >
                      {t('loyaltyDesk.editLevels')}
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

function LevelsEditor({
  programme,
  locale,
  onDone,
}: {
  programme: StaffProgramme;
  locale: Locale;
  onDone: () => void;
}) {
  const { t } = useTranslation('backoffice');
  const [levels, setLevels] = useState<LevelForm[]>(() => levelForms(programme.levels));
  const [tried, setTried] = useState(false);
  const { save, pending, serverProblems, refusal } = useDeskSave();
  const problems = tried ? { ...serverProblems, ...levelProblems(levels) } : serverProblems;
  const pointsAlias = inLocale(programme.points_alias, locale);
  const alias = { pointsAlias, pointsAliasOne: programme.points_alias_one[locale] || pointsAlias };
  const setLevel = (index: number, change: Partial<LevelForm>) =>
    setLevels((previous) => previous.map((level, i) => (i === index ? { ...level, ...change } : level)));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTried(true);
    if (Object.keys(levelProblems(levels)).length > 0) return;
    const body = { ...programmeBody(programme, levels), version: programme.version };
    if (await save('PUT', `${PATH}/${programme.id}`, body, t('marketing.saved'))) onDone();
  }

  return (
    <section
      aria-label={t('marketing.editing')}
      className="mb-6 rounded-xl border border-border bg-surface p-4"
    >
      <h2 className="mb-3 font-semibold">
        {t('loyaltyDesk.editingLevels', { name: inLocale(programme.name, locale) })}
      </h2>
      <form onSubmit={submit} noValidate className="flex min-w-0 flex-col gap-4">
        {refusal && <ErrorNote text={refusal} />}
        <ProblemText problem={problems.levels} />
        {levels.map((level, index) => (
          <fieldset
            key={level.id}
            className="grid min-w-0 gap-3 rounded-lg border border-border p-3 laptop:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]"
          >
            <legend className="px-1 text-sm font-semibold">
              {t('loyaltyDesk.level', { position: index + 1 })}
            </legend>
            <div className="grid min-w-0 gap-3 tablet:grid-cols-2">
              <Field
                label={t('marketing.nameEn')}
                name={`levels.${index}.nameEn`}
                value={level.nameEn}
                onChange={(nameEn) => setLevel(index, { nameEn })}
                problem={problems[`levels.${index}.name`]}
              />
              <Field
                label={t('marketing.nameFr')}
                name={`levels.${index}.nameFr`}
                value={level.nameFr}
                onChange={(nameFr) => setLevel(index, { nameFr })}
                problem={problems[`levels.${index}.name`]}
              />
              <Field
                label={t('loyaltyDesk.threshold')}
                name={`levels.${index}.threshold`}
                value={level.threshold}
                onChange={(threshold) => setLevel(index, { threshold })}
                problem={problems[`levels.${index}.threshold`]}
                disabled={index === 0}
              />
              <Field
                label={t('loyaltyDesk.image')}
                name={`levels.${index}.image`}
                value={level.image}
                onChange={(image) => setLevel(index, { image })}
              />
              <label className="flex flex-col gap-1 text-sm font-medium">
                {t('loyaltyDesk.perksEn')}
                <textarea
                  name={`levels.${index}.perksEn`}
                  rows={3}
                  value={level.perksEn}
                  onChange={(event) => setLevel(index, { perksEn: event.target.value })}
                  className={cx(INPUT, 'py-2')}
                />
              </label>
              <label className="flex flex-col gap-1 text-sm font-medium">
                {t('loyaltyDesk.perksFr')}
                <textarea
                  name={`levels.${index}.perksFr`}
                  rows={3}
                  value={level.perksFr}
                  onChange={(event) => setLevel(index, { perksFr: event.target.value })}
                  className={cx(INPUT, 'py-2')}
                />
              </label>
            </div>
            <Preview>
              <ol>
                <LoyaltyLevelCard level={levelPreview(level, index + 1, locale)} alias={alias} />
              </ol>
            </Preview>
          </fieldset>
        ))}
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            size="sm"
            variant="secondary"
            onClick={() =>
              setLevels((previous) => [
                ...previous,
                {
                  id: nextFormId(),
                  threshold: String((Number(previous.at(-1)?.threshold) || 0) + 1000),
                  nameEn: '',
                  nameFr: '',
                  perksEn: '',
                  perksFr: '',
                  image: previous.at(-1)?.image ?? '',
                },
              ])
            }
          >
            {t('loyaltyDesk.addLevel')}
          </Button>
          {levels.length > 1 && (
            <Button
              type="button"
              size="sm"
              variant="secondary"
              onClick={() => setLevels((previous) => previous.slice(0, -1))}
            >
              {t('loyaltyDesk.removeLast')}
            </Button>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" loading={pending}>
            {t('marketing.save')}
          </Button>
          <Button type="button" variant="secondary" onClick={onDone}>
            {t('marketing.close')}
          </Button>
        </div>
      </form>
    </section>
  );
}
