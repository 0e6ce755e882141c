/**
 * Banners (ADR 052): every banner of the site — scheduled, live and finished — by position, and an
 * editor for one, both languages at once, with a live preview drawn by the component players see
 * (`BannerSlide`, the home hero's slide). Saves carry the version read (someone else's save
 * meanwhile is `stale_version`, nothing written); a delete asks first. Refusals are told in words:
 * the reason and the fields it concerns.
 */

import { type ChangeEvent, type FormEvent, useId, useState } from 'react';
import { useRevalidator } from 'react-router';
import { BackofficeApiError } from '../features/backoffice/backoffice-api.ts';
import { errorText } from '../features/backoffice/backoffice-errors.ts';
import { formatStaffDateTime } from '../features/backoffice/backoffice-format.ts';
import { loadOrSignIn, requireStaff } from '../features/backoffice/backoffice-loaders.ts';
import { staffRequest } from '../features/backoffice/backoffice-session.ts';
import { ErrorNote, PageHeading, TableBox, TD, TH } from '../features/backoffice/backoffice-shell.tsx';
import {
  BANNER_LOCALES,
  BANNER_POSITIONS,
  type BannerDraft,
  type BannerLocale,
  bannerBody,
  blankDraft,
  draftOf,
  type StaffBanner,
} from '../features/backoffice/banners.ts';
import { BannerSlide, bannerHref } from '../features/home/banner-slide.tsx';
import type { TFunction } from '../i18n/translator.ts';
import { useTranslation } from '../i18n/use-translation.tsx';
import { usePageLocale } from '../lib/use-root-data.ts';
import { Button } from '../ui/button.tsx';
import { cx } from '../ui/class-names.ts';
import { useDialogs } from '../ui/dialogs.tsx';
import { useToasts } from '../ui/toasts.tsx';
import type { Route } from './+types/backoffice-banners';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requireStaff(request, 'content.edit');
  const loaded = await loadOrSignIn(request, () =>
    staffRequest<{ data: { items: StaffBanner[] } }>('/nfx/operator/banners', { signal: request.signal }),
  );
  return { items: loaded.ok ? loaded.value.data.items : [], error: loaded.ok ? null : loaded.error };
}

const INPUT = 'min-h-11 w-full rounded-lg border border-border bg-background px-3 text-base text-text';
const STATE_TONE: Record<StaffBanner['state'], string> = {
  live: 'bg-success/15 text-success',
  scheduled: 'bg-accent/15 text-text',
  finished: 'bg-raised text-muted',
};

export default function BackofficeBanners({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('backoffice');
  const locale = usePageLocale();
  const [editing, setEditing] = useState<StaffBanner | 'new' | null>(null);
  const { items } = loaderData;

  return (
    <div>
      <PageHeading title={t('banners.title')}>
        <Button size="sm" iconStart="plus" onClick={() => setEditing('new')}>
          {t('banners.new')}
        </Button>
      </PageHeading>
      {loaderData.error && <ErrorNote text={errorText(t, loaderData.error)} />}
      {!loaderData.error && items.length === 0 ? (
        <p className="rounded-xl border border-border bg-surface px-4 py-8 text-center text-muted">
          {t('banners.empty')}
        </p>
      ) : (
        <TableBox label={t('banners.title')}>
          <table className="w-full min-w-[44rem] border-collapse">
            <thead className="border-b border-border">
              <tr>
                <th className={TH}>{t('banners.fields.position')}</th>
                <th className={TH}>{t('banners.fields.key')}</th>
                <th className={TH}>{t('banners.fields.title')}</th>
                <th className={TH}>{t('banners.state')}</th>
                <th className={TH}>{t('banners.fields.priority')}</th>
                <th className={TH}>{t('banners.schedule')}</th>
                <th className={TH}>
                  <span className="sr-only">{t('banners.edit')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item.id} className="border-b border-border last:border-0">
                  <td className={TD}>{t(`banners.positions.${item.position}`)}</td>
                  <td className={cx(TD, 'font-mono')}>{item.key}</td>
                  <td className={cx(TD, 'max-w-72 break-words')}>{item.texts[locale]?.title}</td>
                  <td className={TD}>
                    <span
                      className={cx('rounded-full px-2 py-0.5 text-xs font-semibold', STATE_TONE[item.state])}
                    >
                      {t(`banners.states.${item.state}`)}
                    </span>
                  </td>
                  <td className={cx(TD, 'tabular-nums')}>{item.priority}</td>
                  <td className={cx(TD, 'whitespace-nowrap tabular-nums text-muted')}>
                    {item.starts_at ? formatStaffDateTime(item.starts_at, locale) : t('banners.always')}
                    {' → '}
                    {item.finished_at ? formatStaffDateTime(item.finished_at, locale) : t('banners.noEnd')}
                  </td>
                  <td className={TD}>
                    <Button
                      size="sm"
                      variant="secondary"
                      onClick={() => setEditing(item)}
                      aria-label={t('banners.editBanner', { key: item.key })}
                    >
                      {t('banners.edit')}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableBox>
      )}
      {editing !== null && (
        <BannerEditor
          key={editing === 'new' ? 'new' : `${editing.id}-${editing.version}`}
          banner={editing === 'new' ? null : editing}
          onDone={(next) => setEditing(next)}
        />
      )}
    </div>
  );
}

/** `texts.fr.title` → "Title (French)"; `link` → "Link". */
function fieldLabel(t: TFunction, path: string): string {
  const parts = path.split('.');
  if (parts[0] === 'texts' && parts[1] && parts.length >= 2) {
    const language = t(`banners.locales.${parts[1]}`, { defaultValue: parts[1] });
    return parts[2]
      ? `${t(`banners.fields.${parts[2]}`, { defaultValue: parts[2] })} (${language})`
      : language;
  }
  return t(`banners.fields.${parts[0]}`, { defaultValue: parts[0] ?? path });
}

function BannerEditor({
  banner,
  onDone,
}: {
  banner: StaffBanner | null;
  onDone: (next: StaffBanner | null) => void;
}) {
  const { t } = useTranslation('backoffice');
  const locale = usePageLocale();
  const revalidator = useRevalidator();
  const dialogs = useDialogs();
  const toasts = useToasts();
  const [draft, setDraft] = useState<BannerDraft>(() => (banner ? draftOf(banner) : blankDraft()));
  const [previewLocale, setPreviewLocale] = useState<BannerLocale>(locale);
  const [pending, setPending] = useState<'save' | 'delete' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const headingId = useId();

  function failure(caught: unknown): string {
    const text = errorText(t, caught);
    const fields = caught instanceof BackofficeApiError && caught.fields ? Object.entries(caught.fields) : [];
    if (fields.length === 0) return text;
    const named = fields.map(
      ([path, problem]) =>
        `${fieldLabel(t, path)}: ${t(`banners.problems.${problem}`, { defaultValue: t('banners.problems.invalid') })}`,
    );
    return `${text} ${named.join('; ')}`;
  }

  const set =
    (field: keyof Omit<BannerDraft, 'texts'>) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
      setDraft((current) => ({ ...current, [field]: event.target.value }));
  const setText =
    (language: BannerLocale, field: keyof BannerDraft['texts']['en']) =>
    (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      setDraft((current) => ({
        ...current,
        texts: { ...current.texts, [language]: { ...current.texts[language], [field]: event.target.value } },
      }));

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setPending('save');
    try {
      const body = bannerBody(draft);
      const answer = banner
        ? await staffRequest<{ data: StaffBanner }>(`/nfx/operator/banners/${banner.id}`, {
            method: 'PUT',
            body: { ...body, version: banner.version },
          })
        : await staffRequest<{ data: StaffBanner }>('/nfx/operator/banners', { method: 'POST', body });
      toasts.show({ kind: 'success', title: t('banners.saved') });
      setPending(null);
      await revalidator.revalidate();
      onDone(answer.data);
    } catch (caught) {
      setError(failure(caught));
      setPending(null);
    }
  }

  async function remove() {
    if (!banner) return;
    const confirmed = await dialogs.confirm({
      title: t('banners.deleteTitle', { key: banner.key }),
      text: t('banners.deleteText'),
      confirmText: t('banners.delete'),
      tone: 'danger',
    });
    if (!confirmed) return;
    setError(null);
    setPending('delete');
    try {
      await staffRequest(`/nfx/operator/banners/${banner.id}`, {
        method: 'DELETE',
        query: { version: banner.version },
      });
      toasts.show({ kind: 'success', title: t('banners.deleted') });
      setPending(null);
      await revalidator.revalidate();
      onDone(null);
    } catch (caught) {
      setError(failure(caught));
      setPending(null);
    }
  }

  const shown = draft.texts[previewLocale];
  return (
    <section aria-labelledby={headingId} className="mt-8 grid gap-6 laptop:grid-cols-2">
      <form onSubmit={save} className="flex flex-col gap-4" aria-labelledby={headingId}>
        <h2 id={headingId} className="text-lg font-bold">
          {banner ? t('banners.editTitle', { key: banner.key }) : t('banners.newTitle')}
        </h2>
        <div className="grid gap-4 tablet:grid-cols-2">
          <Field label={t('banners.fields.key')}>
            {(id) => (
              <input
                id={id}
                name="key"
                value={draft.key}
                onChange={set('key')}
                required
                pattern="[a-z0-9\-]{2,64}"
                maxLength={64}
                className={cx(INPUT, 'font-mono')}
              />
            )}
          </Field>
          <Field label={t('banners.fields.position')}>
            {(id) => (
              <select
                id={id}
                name="position"
                value={draft.position}
                onChange={set('position')}
                className={INPUT}
              >
                {BANNER_POSITIONS.map((position) => (
                  <option key={position} value={position}>
                    {t(`banners.positions.${position}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label={t('banners.fields.priority')} hint={t('banners.priorityHint')}>
            {(id) => (
              <input
                id={id}
                name="priority"
                type="number"
                step={1}
                value={draft.priority}
                onChange={set('priority')}
                required
                className={INPUT}
              />
            )}
          </Field>
          <Field label={t('banners.fields.link')} hint={t('banners.urlHint')}>
            {(id) => (
              <input id={id} name="link" value={draft.link} onChange={set('link')} className={INPUT} />
            )}
          </Field>
          <Field label={t('banners.fields.starts_at')} hint={t('banners.startsHint')}>
            {(id) => (
              <input
                id={id}
                name="starts_at"
                type="datetime-local"
                value={draft.starts_at}
                onChange={set('starts_at')}
                className={INPUT}
              />
            )}
          </Field>
          <Field label={t('banners.fields.finished_at')} hint={t('banners.finishedHint')}>
            {(id) => (
              <input
                id={id}
                name="finished_at"
                type="datetime-local"
                value={draft.finished_at}
                onChange={set('finished_at')}
                className={INPUT}
              />
            )}
          </Field>
        </div>
        {BANNER_LOCALES.map((language) => (
          <fieldset key={language} className="flex flex-col gap-3 rounded-xl border border-border p-4">
            <legend className="px-1 text-sm font-semibold">{t(`banners.locales.${language}`)}</legend>
            <Field label={t('banners.fields.title')}>
              {(id) => (
                <input
                  id={id}
                  name={`texts.${language}.title`}
                  value={draft.texts[language].title}
                  onChange={setText(language, 'title')}
                  onFocus={() => setPreviewLocale(language)}
                  required
                  maxLength={120}
                  className={INPUT}
                />
              )}
            </Field>
            <Field label={t('banners.fields.text')}>
              {(id) => (
                <textarea
                  id={id}
                  name={`texts.${language}.text`}
                  value={draft.texts[language].text}
                  onChange={setText(language, 'text')}
                  onFocus={() => setPreviewLocale(language)}
                  rows={3}
                  maxLength={500}
                  className="w-full rounded-lg border border-border bg-background px-3 py-2 text-base text-text"
                />
              )}
            </Field>
            <Field label={t('banners.fields.image')} hint={t('banners.urlHint')}>
              {(id) => (
                <input
                  id={id}
                  name={`texts.${language}.image`}
                  value={draft.texts[language].image}
                  onChange={setText(language, 'image')}
                  onFocus={() => setPreviewLocale(language)}
                  required
                  className={INPUT}
                />
              )}
            </Field>
            <Field label={t('banners.fields.image_mobile')}>
              {(id) => (
                <input
                  id={id}
                  name={`texts.${language}.image_mobile`}
                  value={draft.texts[language].image_mobile}
                  onChange={setText(language, 'image_mobile')}
                  onFocus={() => setPreviewLocale(language)}
                  className={INPUT}
                />
              )}
            </Field>
            <Field label={t('banners.fields.button_text')}>
              {(id) => (
                <input
                  id={id}
                  name={`texts.${language}.button_text`}
                  value={draft.texts[language].button_text}
                  onChange={setText(language, 'button_text')}
                  onFocus={() => setPreviewLocale(language)}
                  maxLength={40}
                  className={INPUT}
                />
              )}
            </Field>
          </fieldset>
        ))}
        <p className="text-sm text-muted">{t('banners.plainNote')}</p>
        {error && <ErrorNote text={error} />}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" size="sm" loading={pending === 'save'} disabled={pending !== null}>
            {t('banners.save')}
          </Button>
          <Button
            type="button"
            size="sm"
            variant="secondary"
            disabled={pending !== null}
            onClick={() => onDone(null)}
          >
            {t('banners.close')}
          </Button>
          {banner && (
            <Button
              type="button"
              size="sm"
              variant="danger"
              loading={pending === 'delete'}
              disabled={pending !== null}
              onClick={() => void remove()}
            >
              {t('banners.delete')}
            </Button>
          )}
        </div>
      </form>
      <section aria-label={t('banners.preview')} className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="text-sm font-semibold tracking-wide text-muted uppercase">{t('banners.preview')}</h2>
          {BANNER_LOCALES.map((language) => (
            <Button
              key={language}
              type="button"
              size="sm"
              variant={language === previewLocale ? 'primary' : 'secondary'}
              aria-pressed={language === previewLocale}
              onClick={() => setPreviewLocale(language)}
            >
              {t(`banners.locales.${language}`)}
            </Button>
          ))}
        </div>
        {/* The player's slide, as the home hero draws it. */}
        <div className="relative overflow-hidden rounded-3xl border border-border bg-surface shadow-card">
          <div className="relative flex flex-col tablet:min-h-[340px]">
            <BannerSlide
              description={{
                title: shown.title,
                text: shown.text,
                image: shown.image,
                image_mobile: shown.image_mobile || null,
                button_text: shown.button_text || null,
              }}
              href={bannerHref(draft.link.trim() || null, previewLocale)}
              eager
            />
          </div>
        </div>
      </section>
    </section>
  );
}

function Field({
  label,
  hint,
  children,
}: {
  label: string;
  hint?: string;
  children: (id: string) => React.ReactNode;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5 text-sm font-medium">
      <label htmlFor={id}>{label}</label>
      {children(id)}
      {hint && <span className="text-xs font-normal text-muted">{hint}</span>}
    </div>
  );
}
