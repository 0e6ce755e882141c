/**
 * Identity verification (KYC, ADR 026): the player's applicant at a Sumsub-shaped provider, access
 * tokens for its verification page, and the provider's signed webhooks that move the review along
 * (pending → verified, retry or rejected). The provider is reached over HTTP only: the sandbox one
 * (SANDBOX) or a real one (KYC_*).
 */
import { createHash } from 'node:crypto';
import { type Locale, localizePath } from '@croupier/contract/locales';
import type { VerificationStatus } from '@croupier/contract/sumsub/common';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { verifyPayloadDigest } from '../../lib/kyc-signature.ts';
import { type KycCredentials, kycCredentials } from '../../provider-credentials.ts';
import { createKycRepository, type KycApplicantRecord, type Tx } from './kyc.repository.ts';
import type { KycStatus } from './kyc.tables.ts';
import {
  createKycClient,
  KycProviderError,
  type ProviderDocument,
  type ProviderReview,
} from './kyc-client.ts';

const WEBHOOK_TYPES = new Set([
  'applicantPending',
  'applicantReviewed',
  'applicantCreated',
  'applicantOnHold',
]);
const APPLICANT_ID = /^[A-Za-z0-9]{1,64}$/;

/** The credentials to use: all of KYC_* (a real provider), or the sandbox's with SANDBOX; else none. */
export function configuredKycCredentials(config: Deps['config']): KycCredentials | null {
  const given = [config.KYC_BASE_URL, config.KYC_APP_TOKEN, config.KYC_SECRET_KEY, config.KYC_WEBHOOK_SECRET];
  const count = given.filter(Boolean).length;
  if (count === 0) return config.SANDBOX ? kycCredentials(config) : null;
  return count === given.length ? kycCredentials(config) : null;
}

export function externalUserIdOf(playerId: bigint): string {
  return `croupier-player-${playerId}`;
}

function statusOf(row: KycApplicantRecord | undefined): VerificationStatus {
  if (!row || row.status === 'init') return 'not_started';
  return row.status;
}

/** "2026-11-25 21:25:10.123" (the provider's createdAtMs, UTC) or ISO; null when unreadable. */
export function parseEventTime(value: unknown): Date | null {
  if (typeof value !== 'string' || value.length > 40) return null;
  const iso = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,3})?$/.test(value)
    ? `${value.replace(' ', 'T')}Z`
    : value;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The status a review event leads to from the current one; null: no change. */
export function nextStatus(
  current: KycStatus,
  type: string,
  reviewAnswer: unknown,
  rejectType: unknown,
): KycStatus | null {
  if (type === 'applicantPending') {
    // Documents under review again (a first submission or a new try); a final answer stays.
    return current === 'init' || current === 'retry' ? 'pending' : null;
  }
  if (type === 'applicantReviewed') {
    if (reviewAnswer === 'GREEN') return 'verified';
    if (reviewAnswer === 'RED') return rejectType === 'RETRY' ? 'retry' : 'rejected';
  }
  return null;
}

export interface WebhookAnswer {
  status: number;
  body: { ok: boolean; result?: string; error?: string };
}

/** The notice a review's end posts to the player (ADR 029); null: the review did not end. */
export function reviewNotice(status: KycStatus): 'kyc_verified' | 'kyc_retry' | 'kyc_rejected' | null {
  if (status === 'verified') return 'kyc_verified';
  if (status === 'retry') return 'kyc_retry';
  if (status === 'rejected') return 'kyc_rejected';
  return null;
}

export interface KycCollaborators {
  /** Posts a notice to the player's notifications menu in the review's transaction (support). */
  postNotice?: (
    tx: Tx,
    playerId: bigint,
    kind: 'kyc_verified' | 'kyc_retry' | 'kyc_rejected',
  ) => Promise<void>;
}

export function createKycService(
  deps: Pick<Deps, 'db' | 'config' | 'log' | 'now'>,
  collaborators: KycCollaborators = {},
) {
  const repository = createKycRepository(deps.db);
  const credentials = configuredKycCredentials(deps.config);
  const client = credentials ? createKycClient(credentials, deps.now) : null;

  function requireClient() {
    if (!client) {
      throw new AppError('ApplicationUnavailableException', { code: 'kyc_provider_not_configured' });
    }
    return client;
  }

  function providerFailed(error: unknown): never {
    if (error instanceof KycProviderError) {
      deps.log.warn({ err: error, status: error.status }, 'KYC provider call failed');
      // The provider is down or refused: a 503 the page turns into "try again", never a 500.
      throw new AppError('ApplicationUnavailableException', {
        code: 'kyc_provider_unavailable',
        cause: error,
      });
    }
    throw error;
  }

  async function ensureApplicant(playerId: bigint): Promise<KycApplicantRecord> {
    const existing = await repository.byPlayer(playerId);
    if (existing) return existing;
    const provider = requireClient();
    try {
      const applicant = await provider.createApplicant(externalUserIdOf(playerId));
      return await repository.saveApplicant(playerId, applicant.id, deps.now());
    } catch (error) {
      return providerFailed(error);
    }
  }

  return {
    configured: client !== null,

    async getStatus(playerId: bigint): Promise<{ status: VerificationStatus }> {
      return { status: statusOf(await repository.byPlayer(playerId)) };
    },

    /** For account info (composed in services.ts): under review, and verified. */
    async verificationOf(playerId: bigint) {
      const [row, kycBlock] = await Promise.all([
        repository.byPlayer(playerId),
        repository.hasBlock(playerId),
      ]);
      const status = statusOf(row);
      return { onVerification: status === 'pending', verified: status === 'verified', kycBlock };
    },

    /**
     * The per-player KYC block (`is_kyc_block_enabled`, ADR 029): while on, the cashier's KYC gates
     * apply to the player whatever the deposit threshold and the global withdrawal switch.
     */
    async setKycBlock(playerId: bigint, enabled: boolean): Promise<void> {
      if (!(await repository.setBlock(playerId, enabled, deps.now()))) {
        throw new AppError('InvalidParameterException', { fields: { id: 'not_found' } });
      }
    },

    async isVerified(playerId: bigint): Promise<boolean> {
      return (await repository.byPlayer(playerId))?.status === 'verified';
    },

    /** `sumsub.createApplicant`: idempotent; the applicant is the player's own (external user id). */
    async createApplicant(playerId: bigint): Promise<{ status: VerificationStatus }> {
      return { status: statusOf(await ensureApplicant(playerId)) };
    },

    /**
     * `sumsub.getAccessToken`: a token for the provider's page, for a new submission (not started or
     * retry) or to see the review; after a final decline there is nothing to open.
     */
    async getAccessToken(playerId: bigint, locale: Locale, externalActionId?: string) {
      const row = await ensureApplicant(playerId);
      if (row.status === 'rejected') {
        throw new AppError('AccessDeniedException', { code: 'verification_rejected' });
      }
      const provider = requireClient();
      try {
        const token = await provider.accessToken(externalUserIdOf(playerId), externalActionId);
        const origin = (deps.config.PUBLIC_URL ?? `http://127.0.0.1:${deps.config.PORT}`).replace(/\/+$/, '');
        // The provider links back once documents are sent: `sent=1` lets the page show the review
        // as running before the provider's pending webhook lands (it writes nothing).
        const back = `${origin}${localizePath('/profile/verification', locale)}?sent=1`;
        return { token, url: provider.pageUrl(token, locale, back), status: statusOf(row) };
      } catch (error) {
        return providerFailed(error);
      }
    },

    /** `account.setUserOnVerification`: the player sent their documents; a final answer stays. */
    async setUserOnVerification(playerId: bigint): Promise<{ status: VerificationStatus }> {
      const row = await repository.byPlayer(playerId);
      if (!row) throw new AppError('InvalidRequestException', { code: 'verification_not_started' });
      await repository.setStatusFrom(playerId, ['init', 'retry'], 'pending', deps.now());
      return this.getStatus(playerId);
    },

    /**
     * `POST /webhooks/kyc`: the digest checked over the raw bytes (constant time) before anything
     * is read; then applied once (a replay finds its digest and changes nothing), in event order.
     */
    /**
     * One review for the back office (ADR 050): the platform's status, the provider's result and the
     * images the player submitted (metadata; each image is read on its own, `documentImage`). A
     * provider that cannot be reached leaves `provider: null` and says why in `provider_error`.
     */
    async reviewDetail(playerId: bigint) {
      const row = await repository.byPlayer(playerId);
      if (!row) throw new AppError('MethodNotFoundException', { code: 'not_found', message: 'not_found' });
      let provider: ProviderReview | null = null;
      let documents: ProviderDocument[] = [];
      let providerError: string | null = client ? null : 'kyc_provider_not_configured';
      if (client) {
        try {
          [provider, documents] = await Promise.all([
            client.review(row.applicantId),
            client.documents(row.applicantId),
          ]);
        } catch (error) {
          if (!(error instanceof KycProviderError)) throw error;
          deps.log.warn({ err: error, status: error.status }, 'KYC provider call failed');
          providerError = 'kyc_provider_unavailable';
        }
      }
      return {
        player_id: Number(row.playerId),
        applicant_id: row.applicantId,
        status: statusOf(row),
        last_event_at: row.lastEventAt?.toISOString() ?? null,
        updated_at: row.updatedAt.toISOString(),
        provider: provider && {
          review_status: provider.reviewStatus,
          review_answer: provider.reviewAnswer,
          reject_type: provider.reviewRejectType,
          reject_labels: provider.rejectLabels,
          moderation_comment: provider.moderationComment,
        },
        documents: documents.map((document) => ({
          id: document.id,
          type: document.type,
          file_name: document.fileName,
          mime_type: document.mimeType,
          size: document.size,
        })),
        provider_error: providerError,
      };
    },

    /** One of the player's submitted images (only theirs: it must be among the applicant's documents). */
    async documentImage(playerId: bigint, imageId: string): Promise<{ mimeType: string; content: Buffer }> {
      const notFound = () =>
        new AppError('MethodNotFoundException', { code: 'not_found', message: 'not_found' });
      const row = await repository.byPlayer(playerId);
      if (!row) throw notFound();
      const provider = requireClient();
      try {
        const [review, documents] = await Promise.all([
          provider.review(row.applicantId),
          provider.documents(row.applicantId),
        ]);
        if (!documents.some((document) => document.id === imageId)) throw notFound();
        return await provider.documentImage(review.inspectionId ?? row.applicantId, imageId);
      } catch (error) {
        if (error instanceof KycProviderError && error.status === 404) throw notFound();
        return providerFailed(error);
      }
    },

    /** The back office's review queue (issue #18): applicants waiting or stuck, longest first. */
    async reviewQueue(filter: { statuses: KycStatus[]; offset: number; count: number }) {
      const rows = await repository.listByStatus(filter.statuses, filter);
      return rows.map((row) => ({
        player_id: Number(row.playerId),
        applicant_id: row.applicantId,
        status: statusOf(row),
        last_event_at: row.lastEventAt?.toISOString() ?? null,
        updated_at: row.updatedAt.toISOString(),
      }));
    },

    /**
     * A reviewer's manual decision on an applicant whose review is `expected` (what the reviewer
     * saw): verified, retry or rejected, posting the player the same notice a provider review would.
     * Refused, typed, for a player without an applicant or a status that moved meanwhile.
     */
    async overrideReview(
      playerId: bigint,
      expected: VerificationStatus,
      status: 'verified' | 'retry' | 'rejected',
    ): Promise<{ before: VerificationStatus; after: VerificationStatus }> {
      const row = await repository.byPlayer(playerId);
      if (!row) throw new AppError('MethodNotFoundException', { code: 'not_found', message: 'not_found' });
      const current = statusOf(row);
      const decided =
        current === expected &&
        (await repository.decide({
          playerId,
          expected: row.status,
          status,
          now: deps.now(),
          applied: async (tx, id, next) => {
            const kind = reviewNotice(next);
            if (kind && collaborators.postNotice) await collaborators.postNotice(tx, id, kind);
          },
        }));
      if (!decided) {
        throw new AppError('InvalidParameterException', { code: 'stale_version', message: 'stale_version' });
      }
      return { before: current, after: status };
    },

    async receiveWebhook(
      raw: Buffer,
      digest: string | undefined,
      algorithm: string | undefined,
    ): Promise<WebhookAnswer> {
      if (!credentials || !verifyPayloadDigest(credentials.webhookSecret, raw, digest, algorithm)) {
        return { status: 401, body: { ok: false, error: 'invalid_digest' } };
      }
      let event: Record<string, unknown>;
      try {
        const parsed: unknown = JSON.parse(raw.toString('utf8'));
        if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
          throw new Error('not an object');
        event = parsed as Record<string, unknown>;
      } catch {
        return { status: 400, body: { ok: false, error: 'invalid_body' } };
      }
      const { type, applicantId } = event;
      const eventAt = parseEventTime(event.createdAtMs ?? event.createdAt);
      if (
        typeof type !== 'string' ||
        typeof applicantId !== 'string' ||
        !APPLICANT_ID.test(applicantId) ||
        !eventAt
      ) {
        return { status: 400, body: { ok: false, error: 'invalid_body' } };
      }
      if (!WEBHOOK_TYPES.has(type)) return { status: 200, body: { ok: true, result: 'ignored' } };
      const review = (event.reviewResult ?? {}) as { reviewAnswer?: unknown; reviewRejectType?: unknown };
      const result = await repository.applyWebhook({
        digest: createHash('sha256').update(raw).digest('hex'),
        applicantId,
        type,
        eventAt,
        now: deps.now(),
        decide: (current) => nextStatus(current.status, type, review.reviewAnswer, review.reviewRejectType),
        applied: async (tx, playerId, status) => {
          const kind = reviewNotice(status);
          if (kind && collaborators.postNotice) await collaborators.postNotice(tx, playerId, kind);
        },
      });
      return { status: 200, body: { ok: true, result } };
    },
  };
}

export type KycService = ReturnType<typeof createKycService>;
