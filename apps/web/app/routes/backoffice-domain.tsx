/**
 * One domain's editor (`/backoffice/domains/:host`, `new` for a new host; ADR 053): canonical origin,
 * sitemap URL, robots rules (a user agent, then Allow and Disallow patterns one a line) with the
 * robots.txt they make shown as it is typed — formatted by the contract's function, the one the
 * server serves the file with — and the SEO document per language as JSON, checked by the server
 * against its schema. Saved after a confirmation at the version read (someone else's save meanwhile
 * is refused: `stale_version`); a host other than `*` can be deleted after a confirmation.
 */
import { type FormEvent, useId, useMemo, useState } from 'react';
import { Link, useNavigate, useRevalidator } from 'react-router';
import { BackofficeApiError } from '../features/backoffice/backoffice-api.ts';
import { errorText } from '../features/backoffice/backoffice-errors.ts';
import { loadOrSignIn, requireStaff } from '../features/backoffice/backoffice-loaders.ts';
import { backofficeHref } from '../features/backoffice/backoffice-paths.ts';
import { staffRequest } from '../features/backoffice/backoffice-session.ts';
import { ErrorNote, PageHeading } from '../features/backoffice/backoffice-shell.tsx';
import {
  DOMAIN_LOCALES,
  type DomainDraft,
  domainBody,
  draftOf,
  FALLBACK_HOST,
  type GroupDraft,
  hostSegment,
  NEW_DOMAIN,
  robotsPreview,
  SeoJsonError,
  type StaffDomain,
  topField,
} from '../features/backoffice/domains.ts';
import { useTranslation } from '../i18n/use-translation.tsx';
import { usePageLocale } from '../lib/use-root-data.ts';
import { Button } from '../ui/button.tsx';
import { useDialogs } from '../ui/dialogs.tsx';
import { useToasts } from '../ui/toasts.tsx';
import type { Route } from './+types/backoffice-domain';

export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  await requireStaff(request, 'content.edit');
  if (params.host === 'new') return { domain: NEW_DOMAIN, isNew: true, error: null };
  const loaded = await loadOrSignIn(request, () =>
    staffRequest<{ data: StaffDomain }>(`/nfx/operator/domains/${hostSegment(params.host)}`, {
      signal: request.signal,
    }),
  );
  return {
    domain: loaded.ok ? loaded.value.data : null,
    isNew: false,
    error: loaded.ok ? null : loaded.error,
  };
}

const INPUT = 'min-h-11 w-full rounded-lg border border-border bg-background px-3 text-base text-text';
const AREA = 'w-full rounded-lg border border-border bg-background px-3 py-2 font-mono text-sm text-text';

export default function BackofficeDomain({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('backoffice');
  const locale = usePageLocale();
  return (
    <div>
      <p className="mb-2 text-sm">
        <Link className="text-accent underline" to={backofficeHref(locale, '/backoffice/domains')}>
          {t('domains.back')}
        </Link>
      </p>
      {loaderData.error || !loaderData.domain ? (
        <>
          <PageHeading title={t('domains.title')} />
          <ErrorNote text={errorText(t, loaderData.error)} />
        </>
      ) : (
        <DomainForm
          // A new version read (after saving) starts the form afresh.
          key={`${loaderData.domain.host}-${loaderData.domain.version}`}
          domain={loaderData.domain}
          isNew={loaderData.isNew}
        />
      )}
    </div>
  );
}

function DomainForm({ domain, isNew }: { domain: StaffDomain; isNew: boolean }) {
  const { t } = useTranslation('backoffice');
  const locale = usePageLocale();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const dialogs = useDialogs();
  const toasts = useToasts();
  const ids = useId();
  const [draft, setDraft] = useState<DomainDraft>(() => draftOf(domain));
  const [pending, setPending] = useState<'save' | 'delete' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const preview = useMemo(() => robotsPreview(draft), [draft]);
  const hostLabel = domain.host === FALLBACK_HOST ? t('domains.fallback') : domain.host;
  const listHref = backofficeHref(locale, '/backoffice/domains');

  const set = (change: Partial<DomainDraft>) => setDraft((current) => ({ ...current, ...change }));
  const setGroup = (index: number, change: Partial<GroupDraft>) =>
    setDraft((current) => ({
      ...current,
      groups: current.groups.map((group, at) => (at === index ? { ...group, ...change } : group)),
    }));

  function failure(caught: unknown): string {
    if (caught instanceof SeoJsonError)
      return t('domains.seoJson', { language: t(`content.locales.${caught.locale}`) });
    const text = errorText(t, caught);
    const fields = caught instanceof BackofficeApiError && caught.fields ? Object.keys(caught.fields) : [];
    const named = [
      ...new Set(fields.map((field) => t(`domains.fields.${topField(field)}`, { defaultValue: field }))),
    ];
    return named.length > 0 ? `${text} (${named.join(', ')})` : text;
  }

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    let body: Record<string, unknown>;
    try {
      body = domainBody(draft, isNew ? null : domain.version);
    } catch (caught) {
      setError(failure(caught));
      return;
    }
    const confirmed = await dialogs.confirm({
      title: t('domains.saveTitle', { host: isNew ? draft.host.trim() : hostLabel }),
      text: t('domains.saveText'),
      confirmText: t('domains.save'),
    });
    if (!confirmed) return;
    setPending('save');
    try {
      const answer = await staffRequest<{ data: StaffDomain }>(
        isNew ? '/nfx/operator/domains' : `/nfx/operator/domains/${hostSegment(domain.host)}`,
        { method: isNew ? 'POST' : 'PUT', body },
      );
      toasts.show({ kind: 'success', title: t('domains.saved') });
      setPending(null);
      if (isNew)
        await navigate(backofficeHref(locale, `/backoffice/domains/${hostSegment(answer.data.host)}`), {
          replace: true,
        });
      else await revalidator.revalidate();
    } catch (caught) {
      setError(failure(caught));
      setPending(null);
    }
  }

  async function remove() {
    const confirmed = await dialogs.confirm({
      title: t('domains.deleteTitle', { host: hostLabel }),
      text: t('domains.deleteText'),
      confirmText: t('domains.delete'),
      tone: 'danger',
    });
    if (!confirmed) return;
    setError(null);
    setPending('delete');
    try {
      await staffRequest(`/nfx/operator/domains/${hostSegment(domain.host)}`, {
        method: 'DELETE',
        query: { version: domain.version },
      });
      toasts.show({ kind: 'success', title: t('domains.deleted') });
      await navigate(listHref, { replace: true });
    } catch (caught) {
      setError(failure(caught));
      setPending(null);
    }
  }

  return (
    <>
      <PageHeading title={isNew ? t('domains.newTitle') : t('domains.editTitle', { host: hostLabel })} />
      <form
        onSubmit={save}
        className="flex max-w-4xl flex-col gap-4"
        aria-label={isNew ? t('domains.newTitle') : hostLabel}
      >
        {isNew && (
          <TextField
            id={`${ids}-host`}
            label={t('domains.fields.host')}
            hint={t('domains.hostHint')}
            value={draft.host}
            onChange={(host) => set({ host })}
            required
            pattern="[a-z0-9.\-]{1,253}"
          />
        )}
        <TextField
          id={`${ids}-canonical`}
          label={t('domains.fields.canonical_url')}
          hint={t('domains.canonicalHint')}
          value={draft.canonical}
          onChange={(canonical) => set({ canonical })}
        />
        <TextField
          id={`${ids}-sitemap`}
          label={t('domains.fields.sitemap_url')}
          hint={t('domains.sitemapHint')}
          value={draft.sitemap}
          onChange={(sitemap) => set({ sitemap })}
        />
        <fieldset className="flex flex-col gap-3 rounded-xl border border-border p-4">
          <legend className="px-1 text-sm font-semibold">{t('domains.fields.robots_rules')}</legend>
          <p className="text-sm text-muted">{t('domains.rulesHint')}</p>
          {draft.groups.map((group, index) => (
            <div
              // Groups have no identity of their own; their place is their key.
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place, never reordered
              key={index}
              className="grid gap-3 rounded-lg border border-border bg-surface p-3 tablet:grid-cols-3"
            >
              <TextField
                id={`${ids}-agent-${index}`}
                label={t('domains.userAgent', { index: index + 1 })}
                value={group.userAgent}
                onChange={(userAgent) => setGroup(index, { userAgent })}
                required
              />
              <AreaField
                id={`${ids}-allow-${index}`}
                label={t('domains.allow', { index: index + 1 })}
                value={group.allow}
                onChange={(allow) => setGroup(index, { allow })}
              />
              <AreaField
                id={`${ids}-disallow-${index}`}
                label={t('domains.disallow', { index: index + 1 })}
                value={group.disallow}
                onChange={(disallow) => setGroup(index, { disallow })}
              />
              <div className="tablet:col-span-3">
                <Button
                  type="button"
                  size="sm"
                  variant="ghost"
                  onClick={() => set({ groups: draft.groups.filter((_, at) => at !== index) })}
                >
                  {t('domains.removeGroup', { index: index + 1 })}
                </Button>
              </div>
            </div>
          ))}
          <div>
            <Button
              type="button"
              size="sm"
              variant="secondary"
              iconStart="plus"
              disabled={draft.groups.length >= 100}
              onClick={() => set({ groups: [...draft.groups, { userAgent: '*', allow: '', disallow: '' }] })}
            >
              {t('domains.addGroup')}
            </Button>
          </div>
        </fieldset>
        <section aria-label={t('domains.previewLabel')}>
          <h2 className="mb-2 text-sm font-semibold tracking-wide text-muted uppercase">
            {t('domains.previewLabel')}
          </h2>
          <pre
            data-testid="robots-preview"
            className="overflow-x-auto rounded-xl border border-border bg-surface p-4 font-mono text-sm whitespace-pre"
          >
            {preview}
          </pre>
          {domain.host === FALLBACK_HOST && !draft.canonical.trim() && (
            <p className="mt-1 text-sm text-muted">{t('domains.previewOriginNote')}</p>
          )}
        </section>
        {DOMAIN_LOCALES.map((language) => (
          <AreaField
            key={language}
            id={`${ids}-seo-${language}`}
            label={t('domains.seoLabel', { language: t(`content.locales.${language}`) })}
            hint={t('domains.seoHint')}
            value={draft.seo[language]}
            rows={12}
            onChange={(text) => set({ seo: { ...draft.seo, [language]: text } })}
          />
        ))}
        {error && <ErrorNote text={error} />}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" size="sm" loading={pending === 'save'} disabled={pending !== null}>
            {t('domains.save')}
          </Button>
          {!isNew && domain.host !== FALLBACK_HOST && (
            <Button
              type="button"
              size="sm"
              variant="danger"
              loading={pending === 'delete'}
              disabled={pending !== null}
              onClick={() => void remove()}
            >
              {t('domains.delete')}
            </Button>
          )}
        </div>
      </form>
    </>
  );
}

function TextField(props: {
  id: string;
  label: string;
  hint?: string;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  pattern?: string;
}) {
  return (
    <div className="flex flex-col gap-1.5 text-sm font-medium">
      <label htmlFor={props.id}>{props.label}</label>
      <input
        id={props.id}
        type="text"
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        required={props.required}
        pattern={props.pattern}
        maxLength={2048}
        spellCheck={false}
        aria-describedby={props.hint ? `${props.id}-hint` : undefined}
        className={INPUT}
      />
      {props.hint && (
        <p id={`${props.id}-hint`} className="font-normal text-muted">
          {props.hint}
        </p>
      )}
    </div>
  );
}

function AreaField(props: {
  id: string;
  label: string;
  hint?: string;
  value: string;
  rows?: number;
  onChange: (value: string) => void;
}) {
  return (
    <div className="flex flex-col gap-1.5 text-sm font-medium">
      <label htmlFor={props.id}>{props.label}</label>
      <textarea
        id={props.id}
        value={props.value}
        rows={props.rows ?? 4}
        onChange={(event) => props.onChange(event.target.value)}
        spellCheck={false}
        aria-describedby={props.hint ? `${props.id}-hint` : undefined}
        className={AREA}
      />
      {props.hint && (
        <p id={`${props.id}-hint`} className="font-normal text-muted">
          {props.hint}
        </p>
      )}
    </div>
  );
}
