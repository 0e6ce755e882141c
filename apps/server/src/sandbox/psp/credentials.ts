/**
 * The merchant credentials of the sandbox provider, shared by both sides the way a real provider's
 * dashboard hands them to a merchant: the provider checks its API key and signs webhooks with the
 * secret; the cashier imports this function to configure its side identically. Explicit settings
 * win; otherwise stable values are derived from APP_SECRET so that every node (and every restart)
 * agrees without setup.
 */
import { createHmac } from 'node:crypto';
import { appSecret, type Config } from '../../config.ts';

export interface SandboxPspCredentials {
  apiKey: string;
  webhookSecret: string;
  /** Where the platform calls the provider's API (no trailing slash). */
  baseUrl: string;
}

function derive(config: Config, purpose: string): string {
  // A distinct label per purpose: knowing the API key tells nothing about the webhook secret.
  return createHmac('sha256', appSecret(config))
    .update(`croupier-sandbox-psp:${purpose}`)
    .digest('base64url');
}

function withoutTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

export function sandboxPspCredentials(config: Config): SandboxPspCredentials {
  const origin = withoutTrailingSlash(config.PUBLIC_URL ?? `http://127.0.0.1:${config.PORT}`);
  return {
    apiKey: config.PSP_API_KEY ?? `sk_sandbox_${derive(config, 'api-key')}`,
    webhookSecret: config.PSP_WEBHOOK_SECRET ?? `whsec_${derive(config, 'webhook-secret')}`,
    baseUrl: withoutTrailingSlash(config.PSP_BASE_URL ?? `${origin}/sandbox/psp`),
  };
}
