/**
 * One content entry's editor (`/backoffice/content/:collection/:id`, `new` for a new one): its
 * fields, saved at the version read (someone else's save meanwhile is refused: `stale_version`);
 * a content config section is one JSON document, checked by the server against its schema;
 * a page's body previewed as the site would show it — the server's sanitiser applied
 * (`POST /nfx/content-manager/pages/preview`) — and sanitised again when saved; deleting after a
 * confirmation.
 */
import { type FormEvent, useId, useRef, useState } from 'react';
import { Link, useNavigate, useRevalidator } from 'react-router';
import { BackofficeApiError } from '../features/backoffice/backoffice-api.ts';
import { errorText } from '../features/backoffice/backoffice-errors.ts';
import { loadOrSignIn, requireStaff } from '../features/backoffice/backoffice-loaders.ts';
import { backofficeHref } from '../features/backoffice/backoffice-paths.ts';
import { staffRequest } from '../features/backoffice/backoffice-session.ts';
import { ErrorNote, PageHeading } from '../features/backoffice/backoffice-shell.tsx';
import {
  blankEntry,
  CONFIG_SECTION_PATTERN,
  type ConfigEntry,
  type ContentCollectionSpec,
  type ContentEntry,
  type ContentField,
  ContentFormError,
  collectionSpec,
  fieldText,
  formPayload,
  parseContentLocale,
} from '../features/backoffice/content.ts';
import { useTranslation } from '../i18n/use-translation.tsx';
import { usePageLocale } from '../lib/use-root-data.ts';
import { Button } from '../ui/button.tsx';
import { useDialogs } from '../ui/dialogs.tsx';
import { useToasts } from '../ui/toasts.tsx';
import type { Route } from './+types/backoffice-content-entry';

export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  await requireStaff(request, 'content.edit');
  const spec = collectionSpec(params.collection);
  const url = new URL(request.url);
  const isNew = params.id === 'new';
  const id = /^[1-9][0-9]{0,17}$/.test(params.id) ? params.id : null;
  if (!spec || (!spec.config && !isNew && !id)) {
    return {
      collection: params.collection,
      id: null,
      entry: null,
      error: new BackofficeApiError(404, 'not_found'),
    };
  }
  if (spec.config) {
    const section = CONFIG_SECTION_PATTERN.test(params.id) ? params.id : null;
    const locale = parseContentLocale(url.searchParams.get('locale')) ?? 'en';
    if (!section) {
      return { collection: spec.key, id: null, entry: null, error: new BackofficeApiError(404, 'not_found') };
    }
    const loaded = await loadOrSignIn(request, () =>
      staffRequest<{ data: ConfigEntry }>(`/nfx/content-manager/config/${locale}/${section}`, {
        signal: request.signal,
      }),
    );
    return {
      collection: spec.key,
      id: section,
      entry: loaded.ok ? (loaded.value.data as unknown as Record<string, unknown>) : null,
      error: loaded.ok ? null : loaded.error,
    };
  }
  if (isNew) {
    const locale = parseContentLocale(url.searchParams.get('locale'));
    return { collection: spec.key, id: null, entry: blankEntry(spec, locale), error: null };
  }
  const loaded = await loadOrSignIn(request, () =>
    staffRequest<{ data: ContentEntry }>(`/nfx/content-manager/${spec.key}/${id}`, {
      signal: request.signal,
    }),
  );
  return {
    collection: spec.key,
    id,
    entry: loaded.ok ? (loaded.value.data as Record<string, unknown>) : null,
    error: loaded.ok ? null : loaded.error,
  };
}

const INPUT = 'min-h-11 w-full rounded-lg border border-border bg-background px-3 text-base text-text';
const AREA = 'w-full rounded-lg border border-border bg-background px-3 py-2 font-mono text-sm text-text';

export default function BackofficeContentEntry({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('backoffice');
  const locale = usePageLocale();
  const spec = collectionSpec(loaderData.collection);
  const listHref = (entry: Record<string, unknown> | null) => {
    const query = new URLSearchParams({ collection: spec?.key ?? 'pages' });
    if (spec?.localized && typeof entry?.locale === 'string') query.set('locale', entry.locale);
    return `${backofficeHref(locale, '/backoffice/content')}?${query}`;
  };
  return (
    <div>
      <p className="mb-2 text-sm">
        <Link className="text-accent underline" to={listHref(loaderData.entry)}>
          {t('content.back')}
        </Link>
      </p>
      {loaderData.error || !spec || !loaderData.entry ? (
        <>
          <PageHeading title={t('content.title')} />
          <ErrorNote text={errorText(t, loaderData.error)} />
        </>
      ) : (
        <EntryForm
          // A new version read (after saving) starts the form afresh.
          key={`${loaderData.id ?? 'new'}-${String(loaderData.entry.updated_at ?? '')}`}
          spec={spec}
          id={loaderData.id}
          entry={loaderData.entry}
          listHref={listHref(loaderData.entry)}
        />
      )}
    </div>
  );
}

function EntryForm({
  spec,
  id,
  entry,
  listHref,
}: {
  spec: ContentCollectionSpec;
  id: string | null;
  entry: Record<string, unknown>;
  listHref: string;
}) {
  const { t } = useTranslation('backoffice');
  const locale = usePageLocale();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const dialogs = useDialogs();
  const toasts = useToasts();
  const form = useRef<HTMLFormElement>(null);
  const [pending, setPending] = useState<'save' | 'preview' | 'delete' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const name = String(entry[spec.label] ?? '') || t(`content.collections.${spec.key}`);

  function failure(caught: unknown): string {
    if (caught instanceof ContentFormError)
      return t('content.invalidField', { field: t(`content.fields.${caught.field}`) });
    const text = errorText(t, caught);
    const fields = caught instanceof BackofficeApiError && caught.fields ? Object.keys(caught.fields) : [];
    // A config document's problems are named by their path in it (`document.defaultTitle`).
    const named = spec.config
      ? fields
      : fields
          .map((field) => t(`content.fields.${field.split('.')[0]}`, { defaultValue: '' }))
          .filter((label) => label !== '');
    return named.length > 0 ? `${text} (${named.join(', ')})` : text;
  }

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    let data: Record<string, unknown>;
    try {
      data = formPayload(spec, new FormData(event.currentTarget));
    } catch (caught) {
      setError(failure(caught));
      return;
    }
    setPending('save');
    try {
      const answer = spec.config
        ? await staffRequest<{ data: ContentEntry }>(
            `/nfx/content-manager/config/${String(entry.locale)}/${id}`,
            { method: 'PUT', body: { data: { document: data.document, updated_at: entry.updated_at } } },
          )
        : await staffRequest<{ data: ContentEntry }>(
            id ? `/nfx/content-manager/${spec.key}/${id}` : `/nfx/content-manager/${spec.key}`,
            {
              method: id ? 'PUT' : 'POST',
              body: { data: id ? { ...data, updated_at: entry.updated_at } : data },
            },
          );
      toasts.show({ kind: 'success', title: t('content.saved') });
      setPending(null);
      if (id) await revalidator.revalidate();
      else
        await navigate(backofficeHref(locale, `/backoffice/content/${spec.key}/${answer.data.id}`), {
          replace: true,
        });
    } catch (caught) {
      setError(failure(caught));
      setPending(null);
    }
  }

  async function showPreview() {
    const body = form.current ? new FormData(form.current).get('body_html') : null;
    setError(null);
    setPending('preview');
    try {
      const answer = await staffRequest<{ data: { body_html: string } }>(
        '/nfx/content-manager/pages/preview',
        {
          method: 'POST',
          body: { data: { body_html: typeof body === 'string' ? body : '' } },
        },
      );
      setPreview(answer.data.body_html);
    } catch (caught) {
      setError(failure(caught));
    }
    setPending(null);
  }

  async function remove() {
    if (!id) return;
    const confirmed = await dialogs.confirm({
      title: t('content.deleteTitle', { name }),
      text: t('content.deleteText'),
      confirmText: t('content.delete'),
      tone: 'danger',
    });
    if (!confirmed) return;
    setError(null);
    setPending('delete');
    try {
      await staffRequest(`/nfx/content-manager/${spec.key}/${id}`, {
        method: 'DELETE',
        query: { updated_at: String(entry.updated_at) },
      });
      toasts.show({ kind: 'success', title: t('content.deleted') });
      await navigate(listHref, { replace: true });
    } catch (caught) {
      setError(failure(caught));
      setPending(null);
    }
  }

  return (
    <>
      <PageHeading
        title={
          id
            ? t('content.editTitle', { name })
            : t('content.newTitle', { collection: t(`content.collections.${spec.key}`) })
        }
      />
      <form ref={form} onSubmit={save} className="flex max-w-4xl flex-col gap-4" aria-label={name}>
        {spec.fields.map((field) => (
          <FieldControl key={field.name} field={field} value={entry[field.name]} />
        ))}
        {spec.key === 'pages' && <p className="text-sm text-muted">{t('content.sanitiserNote')}</p>}
        {spec.config && <p className="text-sm text-muted">{t('content.configNote')}</p>}
        {error && <ErrorNote text={error} />}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" size="sm" loading={pending === 'save'} disabled={pending !== null}>
            {t('content.save')}
          </Button>
          {spec.key === 'pages' && (
            <Button
              type="button"
              size="sm"
              variant="secondary"
              loading={pending === 'preview'}
              disabled={pending !== null}
              onClick={() => void showPreview()}
            >
              {t('content.preview')}
            </Button>
          )}
          {id && !spec.config && (
            <Button
              type="button"
              size="sm"
              variant="danger"
              loading={pending === 'delete'}
              disabled={pending !== null}
              onClick={() => void remove()}
            >
              {t('content.delete')}
            </Button>
          )}
        </div>
      </form>
      {preview !== null && (
        <section aria-label={t('content.previewLabel')} className="mt-6 max-w-4xl">
          <h2 className="mb-2 text-sm font-semibold tracking-wide text-muted uppercase">
            {t('content.previewLabel')}
          </h2>
          <div
            className="rich-text rounded-xl border border-border bg-surface p-4"
            // The server's sanitiser produced it: the HTML the site would show.
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server (sanitize.ts)
            dangerouslySetInnerHTML={{ __html: preview }}
          />
        </section>
      )}
    </>
  );
}

function FieldControl({ field, value }: { field: ContentField; value: unknown }) {
  const { t } = useTranslation('backoffice');
  const label = t(`content.fields.${field.label ?? field.name}`);
  const text = fieldText(field, value);
  const controlId = useId();
  if (field.kind === 'boolean') {
    return (
      <label className="flex min-h-11 items-center gap-2 text-sm font-medium">
        <input
          type="checkbox"
          name={field.name}
          defaultChecked={value === true}
          className="size-4 accent-accent"
        />
        {label}
      </label>
    );
  }
  return (
    <div className="flex flex-col gap-1.5 text-sm font-medium">
      <label htmlFor={controlId}>{label}</label>
      {field.kind === 'select' ? (
        <select id={controlId} name={field.name} defaultValue={text} className={INPUT}>
          {(field.options ?? []).map((option) => (
            <option key={option} value={option}>
              {t(`content.options.${field.name}.${option}`, { defaultValue: option })}
            </option>
          ))}
        </select>
      ) : field.kind === 'html' || field.kind === 'code' || field.kind === 'json' ? (
        <textarea
          id={controlId}
          name={field.name}
          defaultValue={text}
          rows={field.kind === 'html' ? 16 : 8}
          maxLength={field.maxLength}
          spellCheck={field.kind === 'html'}
          className={AREA}
        />
      ) : field.kind === 'number' ? (
        <input
          id={controlId}
          type="number"
          name={field.name}
          defaultValue={text}
          step={1}
          required
          className={INPUT}
        />
      ) : (
        <input
          id={controlId}
          type="text"
          name={field.name}
          defaultValue={text}
          required
          pattern={field.pattern}
          maxLength={field.maxLength}
          className={INPUT}
        />
      )}
    </div>
  );
}
