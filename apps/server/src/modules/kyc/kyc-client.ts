/**
 * The platform's client of the identity-verification provider (Sumsub-shaped, ADR 026): every request
 * signed (X-App-Token, X-App-Access-Ts, X-App-Access-Sig over ts + method + path + body), a 10 s
 * timeout, and any failure (network, 5xx, unexpected answer) a typed KycProviderError.
 */
import { signKycRequest } from '../../lib/kyc-signature.ts';
import type { KycCredentials } from '../../provider-credentials.ts';

const TIMEOUT_MS = 10_000;

export class KycProviderError extends Error {
  readonly status: number | null;
  constructor(message: string, status: number | null) {
    super(message);
    this.name = 'KycProviderError';
    this.status = status;
  }
}

export interface ProviderApplicant {
  id: string;
  externalUserId: string;
}

/** The provider's review of an applicant, as the back office shows it. */
export interface ProviderReview {
  /** Where the applicant's images live (`/resources/inspections/{id}/resources/{imageId}`). */
  inspectionId: string | null;
  reviewStatus: string | null;
  reviewAnswer: string | null;
  reviewRejectType: string | null;
  rejectLabels: string[];
  moderationComment: string | null;
}

/** An image the applicant submitted (its bytes are read one at a time). */
export interface ProviderDocument {
  id: string;
  type: string;
  fileName: string;
  mimeType: string;
  size: number;
}

const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif']);
const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

const text = (value: unknown, max = 200): string | null =>
  typeof value === 'string' ? value.slice(0, max) : null;

function isApplicant(value: unknown): value is ProviderApplicant {
  const v = value as Partial<ProviderApplicant> | null;
  return (
    typeof v?.id === 'string' && /^[A-Za-z0-9]{1,64}$/.test(v.id) && typeof v.externalUserId === 'string'
  );
}

export function createKycClient(credentials: KycCredentials, now: () => Date) {
  async function call(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
  ): Promise<{ status: number; json: unknown }> {
    const raw = body === undefined ? '' : JSON.stringify(body);
    const ts = Math.floor(now().getTime() / 1000);
    let response: Response;
    try {
      response = await fetch(`${credentials.baseUrl}${path}`, {
        method,
        headers: {
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          'x-app-token': credentials.appToken,
          'x-app-access-ts': String(ts),
          'x-app-access-sig': signKycRequest(credentials.secretKey, ts, method, path, raw),
        },
        ...(body === undefined ? {} : { body: raw }),
        redirect: 'manual',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new KycProviderError(
        `KYC provider unreachable: ${error instanceof Error ? error.message : String(error)}`,
        null,
      );
    }
    let json: unknown = null;
    try {
      json = await response.json();
    } catch {
      json = null;
    }
    return { status: response.status, json };
  }

  return {
    /** Creates the applicant; an existing one (409) is looked up by its external user id. */
    async createApplicant(externalUserId: string): Promise<ProviderApplicant> {
      const created = await call(
        'POST',
        `/resources/applicants?levelName=${encodeURIComponent(credentials.levelName)}`,
        {
          externalUserId,
        },
      );
      if (created.status === 201 || created.status === 200) {
        if (isApplicant(created.json)) return created.json;
      } else if (created.status === 409) {
        const found = await call(
          'GET',
          `/resources/applicants/-;externalUserId=${encodeURIComponent(externalUserId)}/one`,
        );
        if (found.status === 200 && isApplicant(found.json)) return found.json;
        throw new KycProviderError('KYC provider: existing applicant not found', found.status);
      }
      throw new KycProviderError('KYC provider refused to create the applicant', created.status);
    },

    async accessToken(externalUserId: string, externalActionId: string | undefined): Promise<string> {
      const answer = await call('POST', '/resources/accessTokens/sdk', {
        userId: externalUserId,
        levelName: credentials.levelName,
        ttlInSecs: 600,
        ...(externalActionId ? { externalActionId } : {}),
      });
      const token = (answer.json as { token?: unknown } | null)?.token;
      if (answer.status !== 200 || typeof token !== 'string' || token.length > 512) {
        throw new KycProviderError('KYC provider refused an access token', answer.status);
      }
      return token;
    },

    /** The applicant's review as the provider states it now. */
    async review(applicantId: string): Promise<ProviderReview> {
      const answer = await call('GET', `/resources/applicants/${encodeURIComponent(applicantId)}/one`);
      if (answer.status !== 200 || typeof answer.json !== 'object' || answer.json === null) {
        throw new KycProviderError('KYC provider: applicant not readable', answer.status);
      }
      const review = ((answer.json as { review?: unknown }).review ?? {}) as Record<string, unknown>;
      const result = (review.reviewResult ?? {}) as Record<string, unknown>;
      const inspectionId = text((answer.json as { inspectionId?: unknown }).inspectionId, 64);
      return {
        inspectionId: inspectionId && /^[A-Za-z0-9]{1,64}$/.test(inspectionId) ? inspectionId : null,
        reviewStatus: text(review.reviewStatus, 40),
        reviewAnswer: text(result.reviewAnswer, 40),
        reviewRejectType: text(result.reviewRejectType, 40),
        rejectLabels: Array.isArray(result.rejectLabels)
          ? result.rejectLabels.filter((label): label is string => typeof label === 'string').slice(0, 20)
          : [],
        moderationComment: text(result.moderationComment, 2000),
      };
    },

    /** The images the applicant submitted (metadata only). */
    async documents(applicantId: string): Promise<ProviderDocument[]> {
      const answer = await call(
        'GET',
        `/resources/applicants/${encodeURIComponent(applicantId)}/metadata/resources`,
      );
      const items = (answer.json as { items?: unknown } | null)?.items;
      if (answer.status !== 200 || !Array.isArray(items)) {
        throw new KycProviderError('KYC provider: documents not readable', answer.status);
      }
      return items.slice(0, 50).flatMap((item: Record<string, unknown>) => {
        const id = text(item.id, 40);
        if (!id || !/^[A-Za-z0-9]{1,40}$/.test(id)) return [];
        const meta = (item.fileMetadata ?? {}) as Record<string, unknown>;
        const definition = (item.idDocDef ?? {}) as Record<string, unknown>;
        return [
          {
            id,
            type: text(definition.idDocType, 40) ?? 'OTHER',
            fileName: text(meta.fileName, 200) ?? '',
            mimeType: text(meta.fileType, 60) ?? '',
            size: typeof meta.fileSize === 'number' ? meta.fileSize : 0,
          },
        ];
      });
    },

    /** One image's bytes (the inspection is the applicant's); only images are accepted. */
    async documentImage(
      inspectionId: string,
      imageId: string,
    ): Promise<{ mimeType: string; content: Buffer }> {
      const path = `/resources/inspections/${encodeURIComponent(inspectionId)}/resources/${encodeURIComponent(imageId)}`;
      const ts = Math.floor(now().getTime() / 1000);
      let response: Response;
      try {
        response = await fetch(`${credentials.baseUrl}${path}`, {
          headers: {
            'x-app-token': credentials.appToken,
            'x-app-access-ts': String(ts),
            'x-app-access-sig': signKycRequest(credentials.secretKey, ts, 'GET', path, ''),
          },
          redirect: 'manual',
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (error) {
        throw new KycProviderError(
          `KYC provider unreachable: ${error instanceof Error ? error.message : String(error)}`,
          null,
        );
      }
      const mimeType = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
      if (response.status === 404) throw new KycProviderError('KYC provider: no such image', 404);
      if (response.status !== 200 || !IMAGE_TYPES.has(mimeType)) {
        throw new KycProviderError('KYC provider: image not readable', response.status);
      }
      const content = Buffer.from(await response.arrayBuffer());
      if (content.length > MAX_IMAGE_BYTES) throw new KycProviderError('KYC provider: image too large', 200);
      return { mimeType, content };
    },

    /** The provider's verification page for a token (the sandbox's hosted page), and the way back. */
    pageUrl(token: string, locale: string, returnUrl: string): string {
      const query = new URLSearchParams({ lang: locale === 'fr' ? 'fr' : 'en', return: returnUrl });
      return `${credentials.baseUrl}/sdk/${encodeURIComponent(token)}?${query}`;
    },
  };
}

export type KycClient = ReturnType<typeof createKycClient>;
