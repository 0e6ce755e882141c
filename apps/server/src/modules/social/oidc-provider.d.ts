/**
 * The slice of `oidc-provider` (a dev dependency, shipped without types; @types/oidc-provider is not
 * installed) that the in-test OpenID Connect provider uses.
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface OidcAccount {
    accountId: string;
    claims(use: string, scope: string): Promise<Record<string, unknown>> | Record<string, unknown>;
  }

  export interface OidcClientMetadata {
    client_id: string;
    client_secret?: string;
    redirect_uris: string[];
    grant_types?: string[];
    response_types?: string[];
    token_endpoint_auth_method?: string;
  }

  export interface OidcConfiguration {
    clients?: OidcClientMetadata[];
    findAccount?: (ctx: unknown, id: string) => Promise<OidcAccount | undefined> | OidcAccount | undefined;
    jwks?: { keys: Record<string, unknown>[] };
    cookies?: { keys?: string[] };
    claims?: Record<string, string[] | null>;
    conformIdTokenClaims?: boolean;
    features?: Record<string, { enabled: boolean } & Record<string, unknown>>;
    pkce?: { required?: (ctx: unknown, client: unknown) => boolean };
    ttl?: Record<string, number>;
    renderError?: (ctx: unknown, out: Record<string, unknown>, error: Error) => Promise<void> | void;
  }

  export class Provider {
    constructor(issuer: string, configuration?: OidcConfiguration);
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }

  export default Provider;
}
