/**
 * Social login (spec §7): a player signs in or signs up through the configured OpenID Connect
 * provider in a popup. This service runs the flow (oidc-flow.ts), finds or creates the player through
 * the accounts service and starts a fresh session; the HTTP edge is social.routes.ts.
 */
import { createHash } from 'node:crypto';
import type { Locale } from '@croupier/contract/locales';
import type { Deps } from '../../deps.ts';
import type { SessionService } from '../auth/session.service.ts';
import { createOidcFlow } from './oidc-flow.ts';
import { DEFAULT_REDIRECT_URL, sameOriginPath } from './redirect-url.ts';

/** The slice of the accounts service social login needs. */
export interface SocialAccounts {
  findOrCreateSocialPlayer(input: {
    provider: string;
    subject: string;
    email: string | null;
    emailVerified: boolean;
    locale: Locale;
  }): Promise<{ playerId: bigint; isNew: boolean }>;
  /** UserBannedException / UserDeletedException unless the player may sign in. */
  ensureActive(playerId: bigint): Promise<void>;
}

export type TypeAuth = 'login' | 'register';

/** The accounts module keeps at most this many characters of a provider name. */
const MAX_PROVIDER_CHARS = 64;

/**
 * The provider name an identity is filed under: the issuer (a subject is unique only per issuer,
 * OIDC Core §2), so pointing OIDC_ISSUER at another provider can never hand its users our existing
 * players. Readable (`accounts.google.com`) and, when too long, shortened with a digest so two
 * issuers never share a name.
 */
export function providerKey(issuer: string): string {
  const readable = issuer.replace(/^https?:\/\//i, '').replace(/\/+$/, '');
  if (readable.length > 0 && readable.length <= MAX_PROVIDER_CHARS) return readable;
  const digest = createHash('sha256').update(issuer).digest('base64url').slice(0, 22);
  return `${readable.slice(0, MAX_PROVIDER_CHARS - digest.length - 1)}#${digest}`;
}

/** Cookie purpose of the popup flow; back-office SSO seals under its own. */
const POPUP_PURPOSE = 'oauth-popup';

export class SocialRequestError extends Error {
  readonly code: 'invalid_redirect_url' | 'invalid_request';
  constructor(code: 'invalid_redirect_url' | 'invalid_request') {
    super(code);
    this.name = 'SocialRequestError';
    this.code = code;
  }
}

export function parseTypeAuth(value: unknown): TypeAuth | null {
  if (value === undefined || value === '') return 'login';
  return value === 'login' || value === 'register' ? value : null;
}

export function createSocialService(
  deps: Deps,
  collaborators: { sessions: Pick<SessionService, 'rotate' | 'ttlSeconds'>; accounts: SocialAccounts },
) {
  const oidc = createOidcFlow(deps);

  return {
    /** The OpenID Connect flow, shared with back-office single sign-on. */
    oidc,

    /**
     * `/oauth/init`: validates the popup's parameters and starts the flow. The return path must be
     * a same-origin path; anything else is refused before the player is sent anywhere.
     */
    async begin(input: {
      service: unknown;
      redirectUrl: unknown;
      typeAuth: unknown;
      callbackUri: string;
    }): Promise<{ authorizationUrl: string; sealed: string }> {
      oidc.assertService(input.service);
      const redirectUrl =
        input.redirectUrl === undefined || input.redirectUrl === ''
          ? DEFAULT_REDIRECT_URL
          : sameOriginPath(input.redirectUrl);
      if (redirectUrl === null) throw new SocialRequestError('invalid_redirect_url');
      const typeAuth = parseTypeAuth(input.typeAuth);
      if (typeAuth === null) throw new SocialRequestError('invalid_request');
      return oidc.begin({
        service: input.service,
        purpose: POPUP_PURPOSE,
        redirectUri: input.callbackUri,
        extra: { redirectUrl, typeAuth },
      });
    },

    /**
     * `/oauth/callback`: finishes the flow, finds or creates the player by (issuer, subject) and
     * replaces the browser's session with a new one (rotation at login, ARCHITECTURE.md §3).
     */
    async complete(input: {
      sealed: string | undefined;
      rawQuery: string;
      locale: Locale;
      currentSessionToken: string | undefined;
      ip: string | null;
      userAgent: string | null;
    }): Promise<{
      sessionToken: string;
      sessionTtlSeconds: number;
      isNew: boolean;
      redirectUrl: string;
      typeAuth: TypeAuth;
    }> {
      const { identity, extra } = await oidc.complete({
        purpose: POPUP_PURPOSE,
        sealed: input.sealed,
        rawQuery: input.rawQuery,
      });
      // Sealed by us, but checked again: a path is only ever trusted after this test.
      const redirectUrl = sameOriginPath(extra.redirectUrl) ?? DEFAULT_REDIRECT_URL;
      const typeAuth = parseTypeAuth(extra.typeAuth) ?? 'login';
      const { playerId, isNew } = await collaborators.accounts.findOrCreateSocialPlayer({
        provider: providerKey(identity.issuer),
        subject: identity.subject,
        email: identity.email,
        emailVerified: identity.emailVerified,
        locale: input.locale,
      });
      // As with a password login: a banned or deleted player gets the refusal, not a session.
      await collaborators.accounts.ensureActive(playerId);
      const sessionToken = await collaborators.sessions.rotate(input.currentSessionToken, playerId, {
        ip: input.ip,
        userAgent: input.userAgent,
      });
      return {
        sessionToken,
        sessionTtlSeconds: collaborators.sessions.ttlSeconds,
        isNew,
        redirectUrl,
        typeAuth,
      };
    },
  };
}

export type SocialService = ReturnType<typeof createSocialService>;
