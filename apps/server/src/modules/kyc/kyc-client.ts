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

    /** The provider's verification page for a token (the sandbox's hosted page), and the way back. */
    pageUrl(token: string, locale: string, returnUrl: string): string {
      const query = new URLSearchParams({ lang: locale === 'fr' ? 'fr' : 'en', return: returnUrl });
      return `${credentials.baseUrl}/sdk/${encodeURIComponent(token)}?${query}`;
    },
  };
}

export type KycClient = ReturnType<typeof createKycClient>;
