/**
 * The OpenID Connect Authorization Code flow with PKCE (S256), state and nonce, against the one
 * provider configured by env (OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, named OIDC_SERVICE in
 * URLs). Between the redirect out and the callback, the flow's secrets live in a sealed, short-lived
 * cookie (sealed-cookie.ts), so any node can finish a flow another node started.
 *
 * Used by the player popup (social.routes.ts) and by back-office single sign-on (backoffice module),
 * each under its own cookie purpose and redirect URI.
 */
import { timingSafeEqual } from 'node:crypto';
import * as client from 'openid-client';
import { appSecret } from '../../config.ts';
import type { Deps } from '../../deps.ts';
import { seal, unseal } from './sealed-cookie.ts';

/** How long a player may spend at the provider before the flow must start again. */
export const FLOW_TTL_SECONDS = 600;
const DISCOVERY_TIMEOUT_SECONDS = 10;
const SCOPE = 'openid email profile';
const MAX_EMAIL_CHARS = 254;
const MAX_EXTRA_CHARS = 2200;

export type OidcFlowErrorCode =
  | 'unknown_service'
  | 'not_configured'
  | 'flow_missing'
  | 'state_mismatch'
  | 'access_denied'
  | 'provider_unavailable'
  | 'provider_error';

/** A failure of the flow with a machine code; never carries provider secrets or tokens. */
export class OidcFlowError extends Error {
  readonly code: OidcFlowErrorCode;
  constructor(code: OidcFlowErrorCode, options?: { cause?: unknown }) {
    super(code, options);
    this.name = 'OidcFlowError';
    this.code = code;
  }
}

/** Who the provider says signed in: `subject` is unique only together with `issuer` (OIDC Core §2). */
export interface OidcIdentity {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
}

interface FlowSecrets {
  service: string;
  redirectUri: string;
  codeVerifier: string;
  state: string;
  nonce: string;
  extra: Record<string, string>;
}

/** Plain-http issuers are allowed only on this machine (tests, local development). */
function isLoopbackHttp(url: URL): boolean {
  return url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function readSecrets(payload: Record<string, unknown> | null): FlowSecrets | null {
  if (!payload) return null;
  const { service, redirectUri, codeVerifier, state, nonce, extra } = payload;
  if (
    typeof service !== 'string' ||
    typeof redirectUri !== 'string' ||
    typeof codeVerifier !== 'string' ||
    typeof state !== 'string' ||
    typeof nonce !== 'string' ||
    typeof extra !== 'object' ||
    extra === null ||
    Array.isArray(extra)
  ) {
    return null;
  }
  const strings: Record<string, string> = {};
  for (const [key, value] of Object.entries(extra)) {
    if (typeof value !== 'string') return null;
    strings[key] = value;
  }
  return { service, redirectUri, codeVerifier, state, nonce, extra: strings };
}

function emailOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const email = value.trim();
  return email.length > 0 && email.length <= MAX_EMAIL_CHARS && /^[^\s@]+@[^\s@]+$/.test(email)
    ? email
    : null;
}

// Some providers send `"true"` as a string; anything else counts as unverified.
function verifiedOf(value: unknown): boolean {
  return value === true || value === 'true';
}

export function createOidcFlow(deps: Pick<Deps, 'config' | 'now' | 'log'>) {
  const { config } = deps;
  const secret = appSecret(config);
  const issuer = config.OIDC_ISSUER;
  const clientId = config.OIDC_CLIENT_ID;
  const clientSecret = config.OIDC_CLIENT_SECRET;
  const configured = Boolean(issuer && clientId && clientSecret);

  let discovered: Promise<client.Configuration> | undefined;

  async function discover(): Promise<client.Configuration> {
    if (!issuer || !clientId || !clientSecret) throw new OidcFlowError('not_configured');
    const server = new URL(issuer);
    const insecure = isLoopbackHttp(server);
    const execute = insecure ? [client.allowInsecureRequests] : [];
    const found = await client.discovery(server, clientId, clientSecret, undefined, {
      execute,
      timeout: DISCOVERY_TIMEOUT_SECONDS,
    });
    // client_secret_basic is the OIDC default (and what an absent list means, RFC 8414 §2).
    const metadata = found.serverMetadata();
    const methods = metadata.token_endpoint_auth_methods_supported ?? ['client_secret_basic'];
    const auth = methods.includes('client_secret_basic')
      ? client.ClientSecretBasic(clientSecret)
      : client.ClientSecretPost(clientSecret);
    const configuration = new client.Configuration(metadata, clientId, clientSecret, auth);
    configuration.timeout = DISCOVERY_TIMEOUT_SECONDS;
    for (const apply of execute) apply(configuration);
    return configuration;
  }

  /** Discovery runs once per process; a failure is not cached, so the next sign-in tries again. */
  function configuration(): Promise<client.Configuration> {
    discovered ??= discover().catch((error: unknown) => {
      discovered = undefined;
      if (error instanceof OidcFlowError) throw error;
      deps.log.warn({ err: errorSummary(error) }, 'OpenID Connect discovery failed');
      throw new OidcFlowError('provider_unavailable', { cause: error });
    });
    return discovered;
  }

  /** Throws unless `service` names the configured provider. */
  function assertService(service: unknown): void {
    if (service !== config.OIDC_SERVICE) throw new OidcFlowError('unknown_service');
    if (!configured) throw new OidcFlowError('not_configured');
  }

  return {
    /** The service name used in URLs (`/oauth/init?service=…`, `/nfx/connect/…`). */
    service: config.OIDC_SERVICE,
    configured,
    assertService,

    /**
     * Starts a flow: the provider URL to send the browser to, and the sealed cookie value holding
     * the flow's secrets plus `extra` (the caller's context, e.g. the return path).
     */
    async begin(input: {
      service: unknown;
      purpose: string;
      redirectUri: string;
      extra: Record<string, string>;
    }): Promise<{ authorizationUrl: string; sealed: string }> {
      assertService(input.service);
      if (JSON.stringify(input.extra).length > MAX_EXTRA_CHARS) throw new Error('flow context too large');
      const oidc = await configuration();
      const codeVerifier = client.randomPKCECodeVerifier();
      const secrets: FlowSecrets = {
        service: config.OIDC_SERVICE,
        redirectUri: input.redirectUri,
        codeVerifier,
        // Always both: state ties the callback to this browser, nonce ties the ID token to this flow.
        state: client.randomState(),
        nonce: client.randomNonce(),
        extra: input.extra,
      };
      const authorizationUrl = client.buildAuthorizationUrl(oidc, {
        redirect_uri: input.redirectUri,
        scope: SCOPE,
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state: secrets.state,
        nonce: secrets.nonce,
      });
      const sealed = seal(
        secret,
        input.purpose,
        { ...secrets },
        { now: deps.now(), ttlSeconds: FLOW_TTL_SECONDS },
      );
      return { authorizationUrl: authorizationUrl.href, sealed };
    },

    /**
     * Finishes a flow at the callback: checks the state against the sealed cookie before anything
     * else (a forged or replayed callback stops here, having written nothing), exchanges the code with
     * the PKCE verifier, validates the ID token (signature, issuer, audience, expiry, nonce) and reads
     * the email from it, or from the UserInfo endpoint when the token does not carry one.
     */
    async complete(input: {
      purpose: string;
      sealed: string | undefined;
      /** The callback's raw query string, without `?`. */
      rawQuery: string;
    }): Promise<{ identity: OidcIdentity; extra: Record<string, string> }> {
      const secrets = readSecrets(unseal(secret, input.purpose, input.sealed, deps.now()));
      if (!secrets) throw new OidcFlowError('flow_missing');
      assertService(secrets.service);
      const params = new URLSearchParams(input.rawQuery);
      const states = params.getAll('state');
      if (states.length !== 1 || !sameText(states[0] ?? '', secrets.state)) {
        throw new OidcFlowError('state_mismatch');
      }
      if (params.has('error')) throw new OidcFlowError('access_denied');

      const oidc = await configuration();
      const currentUrl = new URL(secrets.redirectUri);
      currentUrl.search = params.toString();
      let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
      try {
        tokens = await client.authorizationCodeGrant(oidc, currentUrl, {
          pkceCodeVerifier: secrets.codeVerifier,
          expectedState: secrets.state,
          expectedNonce: secrets.nonce,
          idTokenExpected: true,
        });
      } catch (error) {
        deps.log.warn({ err: errorSummary(error) }, 'OpenID Connect code exchange failed');
        throw new OidcFlowError('provider_error', { cause: error });
      }
      const claims = tokens.claims();
      if (!claims) throw new OidcFlowError('provider_error');

      let email = emailOf(claims.email);
      let emailVerified = email !== null && verifiedOf(claims.email_verified);
      if (email === null && oidc.serverMetadata().userinfo_endpoint) {
        try {
          const info = await client.fetchUserInfo(oidc, tokens.access_token, claims.sub);
          email = emailOf(info.email);
          emailVerified = email !== null && verifiedOf(info.email_verified);
        } catch (error) {
          // Signing in does not need the email; the player can add one when completing registration.
          deps.log.warn({ err: errorSummary(error) }, 'OpenID Connect UserInfo request failed');
        }
      }
      return {
        identity: { issuer: claims.iss, subject: claims.sub, email, emailVerified },
        extra: secrets.extra,
      };
    },
  };
}

export type OidcFlow = ReturnType<typeof createOidcFlow>;

/** What is safe to log about a provider failure: the error's name, code and message, not its cause. */
function errorSummary(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error).slice(0, 200) };
  const code = (error as Error & { code?: unknown }).code;
  return {
    name: error.name,
    code: typeof code === 'string' ? code : undefined,
    message: error.message.slice(0, 300),
  };
}
