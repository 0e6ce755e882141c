/**
 * One player's KYC review (staff with `kyc.review`): where it stands, the provider's result (answer,
 * rejection labels, the moderator's comment) and the images the player submitted — each shown on
 * request, every read written to the audit log — and a manual decision (verify, ask to retry,
 * reject) with a required reason, on the status the reviewer saw (`expected`: a review that moved
 * meanwhile is refused as stale).
 */
import type { Locale } from '@croupier/contract/locales';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import { BackofficeApiError, type BackofficeUser } from '../features/backoffice/backoffice-api.ts';
import { errorText } from '../features/backoffice/backoffice-errors.ts';
import { formatStaffDateTime } from '../features/backoffice/backoffice-format.ts';
import { loadOrSignIn, requireStaff } from '../features/backoffice/backoffice-loaders.ts';
import { backofficeHref } from '../features/backoffice/backoffice-paths.ts';
import { can } from '../features/backoffice/backoffice-permissions.ts';
import { staffRequest } from '../features/backoffice/backoffice-session.ts';
import { ErrorNote, PageHeading } from '../features/backoffice/backoffice-shell.tsx';
import {
  imageSource,
  KYC_DECISIONS,
  KYC_REASON_MAX,
  KYC_REASON_MIN,
  type KycDecision,
  type KycDocument,
  type KycImage,
  type KycReview,
} from '../features/backoffice/kyc.ts';
import { useTranslation } from '../i18n/use-translation.tsx';
import { usePageLocale } from '../lib/use-root-data.ts';
import { Button } from '../ui/button.tsx';
import { cx } from '../ui/class-names.ts';
import { useCurrentDialog, useDialogs } from '../ui/dialogs.tsx';
import { useToasts } from '../ui/toasts.tsx';
import type { Route } from './+types/backoffice-kyc-review';

export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  const user: BackofficeUser = await requireStaff(request, 'kyc.review');
  const id = /^[1-9][0-9]{0,17}$/.test(params.playerId) ? params.playerId : null;
  if (!id)
    return {
      id: params.playerId,
      review: null,
      canSeePlayers: false,
      error: new BackofficeApiError(404, 'not_found'),
    };
  const loaded = await loadOrSignIn(request, () =>
    staffRequest<{ data: KycReview }>(`/nfx/operator/kyc/reviews/${id}`, { signal: request.signal }),
  );
  return {
    id,
    review: loaded.ok ? loaded.value.data : null,
    canSeePlayers: can(user, 'players.read'),
    error: loaded.ok ? null : loaded.error,
  };
}

const CARD = 'rounded-xl border border-border bg-surface p-4';

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={CARD} aria-label={title}>
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
          <dd className="min-w-0 break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export default function BackofficeKycReview({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('backoffice');
  const locale = usePageLocale();
  const dialogs = useDialogs();
  const revalidator = useRevalidator();
  const { review } = loaderData;

  function decide(current: KycReview, decision: KycDecision) {
    dialogs.open({
      type: 'confirm',
      size: 'sm',
      title: t(`kyc.decision.${decision}Title`, { id: current.player_id }),
      content: <DecisionForm review={current} decision={decision} onDone={() => revalidator.revalidate()} />,
    });
  }

  return (
    <div>
      <p className="mb-2 text-sm">
        <Link className="text-accent underline" to={backofficeHref(locale, '/backoffice/kyc')}>
          {t('kyc.back')}
        </Link>
      </p>
      <PageHeading title={t('kyc.reviewTitle', { id: loaderData.id })} />
      {loaderData.error && <ErrorNote text={errorText(t, loaderData.error)} />}
      {review && (
        <div className="grid gap-4 laptop:grid-cols-2">
          <Card title={t('kyc.summary')}>
            <Facts
              rows={[
                [
                  t('kyc.player'),
                  loaderData.canSeePlayers ? (
                    <Link
                      key="player"
                      className="text-accent underline"
                      to={backofficeHref(locale, `/backoffice/players/${review.player_id}`)}
                    >
                      {review.player_id}
                    </Link>
                  ) : (
                    review.player_id
                  ),
                ],
                [
                  t('kyc.statusColumn'),
                  <strong key="s">
                    {t(`kyc.status.${review.status}`, { defaultValue: review.status })}
                  </strong>,
                ],
                [
                  t('kyc.applicant'),
                  <span key="a" className="font-mono text-xs break-all">
                    {review.applicant_id}
                  </span>,
                ],
                [
                  t('kyc.lastEvent'),
                  review.last_event_at ? formatStaffDateTime(review.last_event_at, locale) : '—',
                ],
                [t('kyc.updated'), formatStaffDateTime(review.updated_at, locale)],
              ]}
            />
            <div className="mt-4 flex flex-wrap gap-2">
              {KYC_DECISIONS.filter((decision) => decision !== review.status).map((decision) => (
                <Button
                  key={decision}
                  size="sm"
                  variant={
                    decision === 'rejected' ? 'danger' : decision === 'verified' ? 'primary' : 'secondary'
                  }
                  onClick={() => decide(review, decision)}
                >
                  {t(`kyc.decision.${decision}`)}
                </Button>
              ))}
            </div>
          </Card>
          <Card title={t('kyc.providerResult')}>
            {review.provider ? (
              <Facts
                rows={[
                  [t('kyc.reviewStatus'), review.provider.review_status ?? '—'],
                  [
                    t('kyc.answer'),
                    review.provider.review_answer ? (
                      <span
                        key="answer"
                        className={cx(
                          'font-semibold',
                          review.provider.review_answer === 'GREEN' ? 'text-success' : 'text-danger',
                        )}
                      >
                        {t(`kyc.answers.${review.provider.review_answer}`, {
                          defaultValue: review.provider.review_answer,
                        })}
                      </span>
                    ) : (
                      '—'
                    ),
                  ],
                  [t('kyc.rejectType'), review.provider.reject_type ?? '—'],
                  [t('kyc.rejectLabels'), review.provider.reject_labels.join(', ') || '—'],
                  [t('kyc.comment'), review.provider.moderation_comment ?? '—'],
                ]}
              />
            ) : (
              <p className="text-sm text-muted">
                {t(`errors.${review.provider_error ?? 'kyc_unavailable'}`, {
                  defaultValue: t('errors.kyc_unavailable'),
                })}
              </p>
            )}
          </Card>
          <div className="laptop:col-span-2">
            <Card title={t('kyc.documents')}>
              <p className="mb-3 text-sm text-muted">{t('kyc.documentsAudited')}</p>
              {review.documents.length === 0 ? (
                <p className="text-sm text-muted">{t('kyc.noDocuments')}</p>
              ) : (
                <ul className="grid gap-4 tablet:grid-cols-2">
                  {review.documents.map((document) => (
                    <li key={document.id}>
                      <DocumentView playerId={review.player_id} document={document} locale={locale} />
                    </li>
                  ))}
                </ul>
              )}
            </Card>
          </div>
        </div>
      )}
    </div>
  );
}

function DocumentView({
  playerId,
  document,
  locale,
}: {
  playerId: number;
  document: KycDocument;
  locale: Locale;
}) {
  const { t } = useTranslation('backoffice');
  const [source, setSource] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const label = t(`kyc.documentTypes.${document.type}`, { defaultValue: document.type });

  async function show() {
    setPending(true);
    setError(null);
    try {
      const answer = await staffRequest<{ data: KycImage }>(
        `/nfx/operator/kyc/reviews/${playerId}/documents/${encodeURIComponent(document.id)}`,
      );
      const url = imageSource(answer.data);
      if (url) setSource(url);
      else setError(t('kyc.notAnImage'));
    } catch (caught) {
      setError(errorText(t, caught));
    }
    setPending(false);
  }

  return (
    <figure className="rounded-lg border border-border p-3">
      <figcaption className="mb-2 text-sm">
        <span className="font-medium">{label}</span>{' '}
        <span className="text-muted">
          {document.file_name} · {new Intl.NumberFormat(locale).format(Math.ceil(document.size / 1024))} KB
        </span>
      </figcaption>
      {source ? (
        <img
          src={source}
          alt={t('kyc.imageAlt', { type: label, id: playerId })}
          className="max-h-96 w-auto max-w-full rounded"
        />
      ) : (
        <Button size="sm" variant="secondary" loading={pending} onClick={() => void show()}>
          {t('kyc.showDocument')}
        </Button>
      )}
      {error && <ErrorNote text={error} />}
    </figure>
  );
}

function DecisionForm({
  review,
  decision,
  onDone,
}: {
  review: KycReview;
  decision: KycDecision;
  onDone: () => Promise<void>;
}) {
  const { t } = useTranslation('backoffice');
  const dialog = useCurrentDialog();
  const toasts = useToasts();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const reason = String(new FormData(event.currentTarget).get('reason') ?? '').trim();
    if (reason.length < KYC_REASON_MIN) {
      setError(t('errors.reason_required'));
      return;
    }
    setPending(true);
    setError(null);
    try {
      await staffRequest(`/nfx/operator/kyc/reviews/${review.player_id}/decision`, {
        method: 'POST',
        body: { expected: review.status, status: decision, reason },
      });
      toasts.show({ kind: 'success', title: t(`kyc.decision.${decision}Done`, { id: review.player_id }) });
      dialog.close({ force: true });
      await onDone();
    } catch (caught) {
      setError(errorText(t, caught));
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      <p className="text-sm text-muted">{t(`kyc.decision.${decision}Text`, { id: review.player_id })}</p>
      <label className="flex flex-col gap-1.5 text-sm font-medium">
        {t('kyc.reason')}
        <textarea
          name="reason"
          required
          minLength={KYC_REASON_MIN}
          maxLength={KYC_REASON_MAX}
          rows={3}
          className="w-full rounded-lg border border-border bg-background px-3 py-2 text-base text-text"
        />
      </label>
      {error && <ErrorNote text={error} />}
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="ghost" size="sm" onClick={() => dialog.close()}>
          {t('cancel')}
        </Button>
        <Button
          type="submit"
          size="sm"
          variant={decision === 'rejected' ? 'danger' : 'primary'}
          loading={pending}
        >
          {t(`kyc.decision.${decision}Confirm`)}
        </Button>
      </div>
    </form>
  );
}
