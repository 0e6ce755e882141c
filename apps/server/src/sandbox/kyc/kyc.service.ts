/**
 * KYC Sandbox: an identity-verification provider shaped like Sumsub that runs in this process but
 * behaves like a third party (ADR 026). The platform calls its signed API (applicants, SDK access
 * tokens); players upload a document and a selfie on its hosted page; a review follows each
 * submission (its outcome chosen by the document's file name, README) and every status change is a
 * webhook signed with a payload digest, retried with back-off until the platform answers 2xx.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Deps } from '../../deps.ts';
import { type BackgroundLoop, createBackgroundLoop } from '../../lib/background-loop.ts';
import {
  DIGEST_ALG,
  DIGEST_ALG_HEADER,
  DIGEST_HEADER,
  hexSignatureMatches,
  KYC_TIMESTAMP_TOLERANCE_SECONDS,
  payloadDigest,
  signKycRequest,
} from '../../lib/kyc-signature.ts';
import { ROW_ID } from '../../lib/row-id.ts';
import { kycCredentials } from '../../provider-credentials.ts';
import { checkUpload, plannedOutcome } from './image-check.ts';
import { type ApplicantRecord, canSubmit, createKycRepository, type NewDocument } from './kyc.repository.ts';

/** How long after a submission the review completes. */
export const REVIEW_DELAY_MS = 3_000;
const DEFAULT_TOKEN_TTL_SECONDS = 600;
const MAX_TOKEN_TTL_SECONDS = 3_600;
const WEBHOOK_TIMEOUT_MS = 10_000;
const WEBHOOK_BASE_RETRY_MS = 1_000;
const WEBHOOK_MAX_RETRY_MS = 3_600_000;
export const WEBHOOK_RETRY_WINDOW_MS = 3 * 24 * 3_600_000;
const WEBHOOK_LEASE_MS = 60_000;
const BATCH = 20;
const DEFAULT_POLL_MS = 1_000;
const EXTERNAL_ID = /^[A-Za-z0-9._:@-]{1,100}$/;

export function kycWebhookRetryDelayMs(attempts: number): number {
  return Math.min(WEBHOOK_MAX_RETRY_MS, WEBHOOK_BASE_RETRY_MS * 2 ** Math.min(32, Math.max(0, attempts - 1)));
}

/** The provider's error answer: `{ description, code, errorCode }` with the HTTP status as `code`. */
export class KycSandboxError extends Error {
  readonly statusCode: number;
  readonly description: string;
  constructor(statusCode: number, description: string) {
    super(description);
    this.name = 'KycSandboxError';
    this.statusCode = statusCode;
    this.description = description;
  }
  toBody() {
    return {
      description: this.description,
      code: this.statusCode,
      correlationId: randomBytes(12).toString('hex'),
    };
  }
}

export interface SignedRequest {
  appToken: string | undefined;
  timestamp: string | undefined;
  signature: string | undefined;
  method: string;
  /** Path and query exactly as requested (the signature covers them). */
  url: string;
  rawBody: Buffer;
}

export type SubmitProblem = 'missing' | 'too_large' | 'not_image' | 'expired' | 'closed';

export interface Upload {
  fileName: string;
  bytes: Buffer | undefined;
  truncated: boolean;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

function providerTime(date: Date): string {
  // "2026-11-25 21:25:10.123", the provider's style for createdAtMs.
  return date.toISOString().replace('T', ' ').replace('Z', '');
}

/** The review's result as the provider states it: the answer, and for a rejection its labels and comment. */
function reviewResultOf(applicant: ApplicantRecord) {
  if (!applicant.reviewAnswer) return null;
  return {
    reviewAnswer: applicant.reviewAnswer,
    ...(applicant.reviewRejectType
      ? {
          reviewRejectType: applicant.reviewRejectType,
          rejectLabels: [applicant.reviewRejectType === 'FINAL' ? 'FORGERY' : 'BAD_PROOF_OF_IDENTITY'],
          moderationComment:
            applicant.reviewRejectType === 'FINAL'
              ? 'The document could not be accepted.'
              : 'The document photo is unreadable; please upload it again.',
        }
      : {}),
  };
}

export function applicantView(applicant: ApplicantRecord) {
  const reviewResult = reviewResultOf(applicant);
  return {
    id: applicant.id,
    // The sandbox keeps one inspection per applicant, named like it.
    inspectionId: applicant.id,
    createdAt: providerTime(applicant.createdAt),
    externalUserId: applicant.externalUserId,
    levelName: applicant.levelName,
    review: { reviewStatus: applicant.reviewStatus, ...(reviewResult ? { reviewResult } : {}) },
  };
}

export function createSandboxKyc(deps: Pick<Deps, 'db' | 'config' | 'log' | 'now'>) {
  const repository = createKycRepository(deps.db);
  const credentials = kycCredentials(deps.config);
  let loop: BackgroundLoop | undefined;

  function webhookFor(type: 'applicantPending' | 'applicantReviewed') {
    return (applicant: ApplicantRecord) => {
      const now = deps.now();
      const body = {
        applicantId: applicant.id,
        inspectionId: applicant.id,
        correlationId: `req-${applicant.id}-${applicant.submissions}-${type}`,
        levelName: applicant.levelName,
        externalUserId: applicant.externalUserId,
        type,
        sandboxMode: true,
        reviewStatus: applicant.reviewStatus,
        createdAtMs: providerTime(now),
        ...(type === 'applicantReviewed' && applicant.reviewAnswer
          ? { reviewResult: reviewResultOf(applicant) }
          : {}),
      };
      return { url: credentials.webhookUrl, body: JSON.stringify(body) };
    };
  }

  async function ensureApplicant(externalUserId: string, levelName: string) {
    if (!EXTERNAL_ID.test(externalUserId)) throw new KycSandboxError(400, 'Invalid externalUserId');
    return repository.insertApplicant(randomBytes(12).toString('hex'), externalUserId, levelName, deps.now());
  }

  async function deliver(webhook: {
    id: bigint;
    url: string;
    body: string;
    attempts: number;
    createdAt: Date;
  }) {
    let statusCode: number | null = null;
    let failure: string | null = null;
    try {
      const response = await fetch(webhook.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'KYC-Sandbox/1.0 (+webhooks)',
          [DIGEST_HEADER]: payloadDigest(credentials.webhookSecret, webhook.body),
          [DIGEST_ALG_HEADER]: DIGEST_ALG,
        },
        body: webhook.body,
        redirect: 'manual',
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      });
      statusCode = response.status;
      await response.body?.cancel().catch(() => undefined);
      if (statusCode < 200 || statusCode >= 300) failure = `HTTP ${statusCode}`;
    } catch (error) {
      failure = error instanceof Error ? error.message : String(error);
    }
    const now = deps.now();
    if (failure === null && statusCode !== null) {
      await repository.markWebhook(webhook.id, { delivered: true, statusCode, now });
      return;
    }
    const next = new Date(now.getTime() + kycWebhookRetryDelayMs(webhook.attempts));
    const giveUp = next.getTime() - webhook.createdAt.getTime() > WEBHOOK_RETRY_WINDOW_MS;
    deps.log.warn(
      { webhookId: String(webhook.id), attempt: webhook.attempts, reason: failure, giveUp },
      'sandbox KYC webhook not delivered',
    );
    await repository.markWebhook(webhook.id, {
      delivered: false,
      statusCode,
      error: failure ?? 'no response',
      next,
      giveUp,
      now,
    });
  }

  const service = {
    credentials,
    publicUrl: deps.config.PUBLIC_URL,

    /** Checks the app token and the request signature (constant time) over the raw request. */
    authenticate(request: SignedRequest): void {
      const expectedToken = Buffer.from(credentials.appToken);
      const given = Buffer.from(request.appToken ?? '');
      const tokenOk = given.length === expectedToken.length && timingSafeEqual(given, expectedToken);
      if (!tokenOk) throw new KycSandboxError(401, 'Invalid App-Token');
      const ts = request.timestamp ?? '';
      if (!/^\d{1,12}$/.test(ts)) throw new KycSandboxError(401, 'Missing or invalid X-App-Access-Ts');
      const seconds = Number.parseInt(ts, 10);
      if (Math.abs(Math.floor(deps.now().getTime() / 1000) - seconds) > KYC_TIMESTAMP_TOLERANCE_SECONDS) {
        throw new KycSandboxError(401, 'Request timestamp is too far from the server time');
      }
      const expected = signKycRequest(
        credentials.secretKey,
        seconds,
        request.method,
        request.url,
        request.rawBody,
      );
      if (!hexSignatureMatches(expected, request.signature))
        throw new KycSandboxError(401, 'Invalid signature');
    },

    /** POST /resources/applicants?levelName=… `{ externalUserId }`: 409 when the user already has one. */
    async createApplicant(levelName: string | undefined, body: unknown) {
      if (!levelName || !/^[A-Za-z0-9 _-]{1,64}$/.test(levelName)) {
        throw new KycSandboxError(400, 'levelName is required');
      }
      const externalUserId = (body as { externalUserId?: unknown } | null)?.externalUserId;
      if (typeof externalUserId !== 'string') throw new KycSandboxError(400, 'externalUserId is required');
      const { applicant, created } = await ensureApplicant(externalUserId, levelName);
      if (!created) {
        throw new KycSandboxError(
          409,
          `Applicant with external user id '${externalUserId}' already exists: ${applicant.id}`,
        );
      }
      return applicantView(applicant);
    },

    /** GET /resources/applicants/{id}/one */
    async applicantById(id: string) {
      const applicant = /^[a-f0-9]{24}$/.test(id) ? await repository.applicantById(id) : undefined;
      if (!applicant) throw new KycSandboxError(404, 'Applicant not found');
      return applicantView(applicant);
    },

    /** GET /resources/applicants/{id}/metadata/resources: the submitted images (Sumsub's shape, trimmed). */
    async documentsOf(id: string) {
      const applicant = /^[a-f0-9]{24}$/.test(id) ? await repository.applicantById(id) : undefined;
      if (!applicant) throw new KycSandboxError(404, 'Applicant not found');
      const rows = await repository.documentsOf(id);
      return {
        items: rows.map((row) => ({
          id: row.id.toString(),
          idDocDef: { idDocType: row.kind === 'IDENTITY' ? 'ID_CARD' : 'SELFIE' },
          fileMetadata: { fileName: row.fileName, fileType: row.mimeType, fileSize: row.sizeBytes },
          attemptId: `submission-${row.submission}`,
          addedDate: providerTime(row.createdAt),
        })),
      };
    },

    /** GET /resources/inspections/{inspectionId}/resources/{imageId}: an image's bytes. */
    async documentImage(inspectionId: string, imageId: string) {
      const row =
        /^[a-f0-9]{24}$/.test(inspectionId) && ROW_ID.test(imageId)
          ? await repository.document(inspectionId, BigInt(imageId))
          : undefined;
      if (!row) throw new KycSandboxError(404, 'Resource not found');
      return row;
    },

    /** GET /resources/applicants/-;externalUserId={id}/one */
    async applicantByExternalUserId(externalUserId: string) {
      const applicant = EXTERNAL_ID.test(externalUserId)
        ? await repository.applicantByExternalUserId(externalUserId)
        : undefined;
      if (!applicant) throw new KycSandboxError(404, 'Applicant not found');
      return applicantView(applicant);
    },

    /** POST /resources/accessTokens/sdk `{ userId, levelName, ttlInSecs?, externalActionId? }` */
    async createAccessToken(body: unknown) {
      const input = (body ?? {}) as Record<string, unknown>;
      const { userId, levelName, ttlInSecs, externalActionId } = input;
      if (typeof userId !== 'string') throw new KycSandboxError(400, 'userId is required');
      if (typeof levelName !== 'string' || !/^[A-Za-z0-9 _-]{1,64}$/.test(levelName)) {
        throw new KycSandboxError(400, 'levelName is required');
      }
      if (
        externalActionId !== undefined &&
        (typeof externalActionId !== 'string' || !EXTERNAL_ID.test(externalActionId))
      ) {
        throw new KycSandboxError(400, 'Invalid externalActionId');
      }
      const ttl =
        ttlInSecs === undefined
          ? DEFAULT_TOKEN_TTL_SECONDS
          : typeof ttlInSecs === 'number' &&
              Number.isInteger(ttlInSecs) &&
              ttlInSecs >= 60 &&
              ttlInSecs <= MAX_TOKEN_TTL_SECONDS
            ? ttlInSecs
            : null;
      if (ttl === null)
        throw new KycSandboxError(400, `ttlInSecs must be between 60 and ${MAX_TOKEN_TTL_SECONDS}`);
      const { applicant } = await ensureApplicant(userId, levelName);
      const token = `_act-sbx-${randomBytes(24).toString('base64url')}`;
      await repository.insertToken(
        sha256(token),
        applicant.id,
        typeof externalActionId === 'string' ? externalActionId : null,
        new Date(deps.now().getTime() + ttl * 1000),
      );
      return { token, userId };
    },

    /** The hosted page's view of a token: its applicant, or null once expired or unknown. */
    async pageApplicant(token: string): Promise<ApplicantRecord | null> {
      if (!/^_act-sbx-[A-Za-z0-9_-]{32}$/.test(token)) return null;
      return (await repository.tokenApplicant(sha256(token), deps.now())) ?? null;
    },

    /**
     * The player's submission from the hosted page: both images checked (≤ 5 MB, real image by its
     * magic bytes) before anything is written; then pending, a review due and a webhook.
     */
    async submit(
      token: string,
      uploads: { document: Upload | undefined; selfie: Upload | undefined },
    ): Promise<{ ok: true } | { ok: false; problem: SubmitProblem; field?: 'document' | 'selfie' }> {
      const applicant = await service.pageApplicant(token);
      if (!applicant) return { ok: false, problem: 'expired' };
      if (!canSubmit(applicant)) return { ok: false, problem: 'closed' };
      const documents: NewDocument[] = [];
      for (const field of ['document', 'selfie'] as const) {
        const upload = uploads[field];
        const checked = checkUpload(upload?.bytes, upload?.truncated ?? false);
        if (checked === 'missing' || checked === 'too_large' || checked === 'not_image') {
          return { ok: false, problem: checked, field };
        }
        documents.push({
          kind: field === 'document' ? 'IDENTITY' : 'SELFIE',
          fileName: (upload?.fileName ?? field).slice(0, 200),
          mimeType: checked,
          content: upload?.bytes ?? Buffer.alloc(0),
        });
      }
      const outcome = plannedOutcome(documents[0]?.fileName ?? '');
      const now = deps.now();
      const stored = await repository.submit({
        applicantId: applicant.id,
        documents,
        plannedAnswer: outcome.answer,
        plannedRejectType: outcome.rejectType,
        reviewDueAt: new Date(now.getTime() + REVIEW_DELAY_MS),
        now,
        webhook: webhookFor('applicantPending'),
      });
      return stored ? { ok: true } : { ok: false, problem: 'closed' };
    },

    /** One background pass: completes due reviews, then delivers due webhooks. */
    async deliverDue(): Promise<{ reviews: number; webhooks: number }> {
      const reviews = await repository.completeDueReviews(deps.now(), BATCH, webhookFor('applicantReviewed'));
      const now = deps.now();
      const claimed = await repository.claimDueWebhooks(
        now,
        new Date(now.getTime() + WEBHOOK_LEASE_MS),
        BATCH,
      );
      // In order of creation per applicant: a pending must not overtake the review that follows it.
      for (const webhook of claimed) await deliver(webhook);
      return { reviews, webhooks: claimed.length };
    },

    start(pollMs = DEFAULT_POLL_MS): void {
      if (loop?.started) return;
      loop = createBackgroundLoop({
        name: 'sandbox KYC background',
        pollMs,
        pass: () => service.deliverDue(),
        log: deps.log,
      });
      loop.start();
    },

    async stop(): Promise<void> {
      await loop?.stop();
    },
  };
  return service;
}

export type SandboxKyc = ReturnType<typeof createSandboxKyc>;
